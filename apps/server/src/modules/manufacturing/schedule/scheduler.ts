import type { WorkCalendar } from '../calendar/work-calendar.ts';

/**
 * Finite-capacity scheduling (issue 16), pure: operations are placed one by one on their work
 * centre's calendar, in operation order within each job, never overlapping more operations on a
 * centre than its capacity (parallel slots). Forward from a release time, or backward from a due time.
 */
export interface Op {
  id: number;
  /** Operations of one job (a make order line) run in `seq` order. */
  job: string;
  seq: number;
  centre: number;
  /** Working minutes: setup plus run per unit times quantity. */
  minutes: number;
  /** Minutes after the start at which the next operation may start (the first transfer batch done); default all. */
  releaseAfter?: number;
}
export interface Centre {
  capacity: number;
  calendar: WorkCalendar;
}
export interface Placed {
  id: number;
  start: Date;
  end: Date;
  slot: number;
}
type Busy = Array<[number, number]>;

/** Busy intervals per slot of each centre; fixed work (not being rescheduled) is loaded first. */
export class Load {
  private slots = new Map<number, Busy[]>();
  constructor(private readonly centres: Map<number, Centre>) {}

  private of(centre: number): Busy[] {
    let s = this.slots.get(centre);
    if (!s) {
      s = Array.from({ length: this.centres.get(centre)?.capacity ?? 1 }, () => []);
      this.slots.set(centre, s);
    }
    return s;
  }

  /** Books an interval on the slot with room for it (fixed work loaded as it is). */
  book(centre: number, start: number, end: number, slot?: number) {
    const slots = this.of(centre);
    const i =
      slot ??
      Math.max(
        0,
        slots.findIndex((b) => !b.some(([a, z]) => a < end && start < z)),
      );
    insertSorted(slots[i], [start, end]);
    return i;
  }

  /** The earliest start ≥ `from` at which `minutes` of work fits on some slot of the centre. */
  earliest(centre: number, from: Date, minutes: number): Placed {
    const cal = this.calendar(centre);
    let best: Placed | undefined;
    this.of(centre).forEach((busy, slot) => {
      let t = cal.nextWorkingTime(from);
      for (;;) {
        const end = minutes > 0 ? cal.addWorkingMinutes(t, minutes) : t;
        const clash = busy.find(([a, z]) => a < end.getTime() && t.getTime() < z);
        if (!clash) {
          if (!best || t < best.start) best = { id: 0, start: t, end, slot };
          return;
        }
        t = cal.nextWorkingTime(new Date(clash[1]));
      }
    });
    return best!;
  }

  /** The latest end ≤ `to` at which `minutes` of work fits on some slot of the centre. */
  latest(centre: number, to: Date, minutes: number): Placed {
    const cal = this.calendar(centre);
    let best: Placed | undefined;
    this.of(centre).forEach((busy, slot) => {
      let e = minutes > 0 ? cal.addWorkingMinutes(cal.addWorkingMinutes(to, -1), 1) : to;
      for (;;) {
        const start = minutes > 0 ? cal.addWorkingMinutes(e, -minutes) : e;
        const clash = [...busy].reverse().find(([a, z]) => a < e.getTime() && start.getTime() < z);
        if (!clash) {
          if (!best || e > best.end) best = { id: 0, start, end: e, slot };
          return;
        }
        e = new Date(clash[0]);
      }
    });
    return best!;
  }

  calendar(centre: number): WorkCalendar {
    const c = this.centres.get(centre);
    if (!c) throw new Error(`unknown work centre ${centre}`);
    return c.calendar;
  }
}

function insertSorted(list: Busy, iv: [number, number]) {
  let i = list.length;
  while (i > 0 && list[i - 1][0] > iv[0]) i--;
  list.splice(i, 0, iv);
}

const byJob = (ops: Op[]) => {
  const jobs = new Map<string, Op[]>();
  for (const op of ops) jobs.set(op.job, [...(jobs.get(op.job) ?? []), op]);
  for (const list of jobs.values()) list.sort((a, b) => a.seq - b.seq);
  return jobs;
};

/** Forward: each job's first operation from `release`, each next one once its predecessor releases it. */
export function scheduleForward(ops: Op[], load: Load, release: (job: string) => Date): Placed[] {
  const out: Placed[] = [];
  for (const [job, list] of byJob(ops)) {
    let ready = release(job);
    for (const op of list) {
      const p = load.earliest(op.centre, ready, op.minutes);
      load.book(op.centre, p.start.getTime(), p.end.getTime(), p.slot);
      out.push({ ...p, id: op.id });
      const after = op.releaseAfter ?? op.minutes;
      ready = after >= op.minutes ? p.end : load.calendar(op.centre).addWorkingMinutes(p.start, after);
    }
  }
  return out;
}

/** Backward: each job's last operation ends by `due`, each earlier one ends before its successor starts. */
export function scheduleBackward(ops: Op[], load: Load, due: (job: string) => Date): Placed[] {
  const out: Placed[] = [];
  for (const [job, list] of byJob(ops)) {
    let by = due(job);
    for (const op of [...list].reverse()) {
      const p = load.latest(op.centre, by, op.minutes);
      load.book(op.centre, p.start.getTime(), p.end.getTime(), p.slot);
      out.push({ ...p, id: op.id });
      by = p.start;
    }
  }
  return out;
}
