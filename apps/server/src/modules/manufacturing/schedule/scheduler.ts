import type { WorkCalendar } from '../calendar/work-calendar.ts';
import { BusyIntervals } from './busy-intervals.ts';

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
/** Busy intervals per slot of each centre (busy-intervals.ts); fixed work (not being rescheduled) is loaded first. */
export class Load {
  private slots = new Map<number, BusyIntervals[]>();
  constructor(private readonly centres: Map<number, Centre>) {}

  private of(centre: number): BusyIntervals[] {
    let s = this.slots.get(centre);
    if (!s) {
      s = Array.from({ length: this.centres.get(centre)?.capacity ?? 1 }, () => new BusyIntervals());
      this.slots.set(centre, s);
    }
    return s;
  }

  /** Books an interval on the slot with room for it (fixed work loaded as it is: on the first slot when none has room). */
  book(centre: number, start: number, end: number, slot?: number) {
    const slots = this.of(centre);
    const i =
      slot ??
      Math.max(
        0,
        slots.findIndex((b) => !b.clashes(start, end)),
      );
    slots[i].add(start, end);
    return i;
  }

  /**
   * The earliest start ≥ `from` at which `minutes` of work fits on some slot of the centre: on each
   * slot, from the first busy interval that can clash, past each one that does.
   */
  earliest(centre: number, from: Date, minutes: number): Placed {
    const cal = this.calendar(centre);
    const t0 = cal.nextWorkingTime(from);
    let best: Placed | undefined;
    this.of(centre).forEach((busy, slot) => {
      let t = t0;
      let i = busy.firstEndingAfter(t.getTime());
      for (;;) {
        const end = minutes > 0 ? cal.addWorkingMinutes(t, minutes) : t;
        if (i >= busy.size || busy.start(i) >= end.getTime()) {
          if (!best || t < best.start) best = { id: 0, start: t, end, slot };
          return;
        }
        if (best && t >= best.start) return;
        t = cal.nextWorkingTime(new Date(busy.end(i)));
        while (i < busy.size && busy.end(i) <= t.getTime()) i++;
      }
    });
    return best!;
  }

  /** The latest end ≤ `to` at which `minutes` of work fits on some slot of the centre (the mirror of `earliest`). */
  latest(centre: number, to: Date, minutes: number): Placed {
    const cal = this.calendar(centre);
    const e0 = minutes > 0 ? cal.addWorkingMinutes(cal.addWorkingMinutes(to, -1), 1) : to;
    let best: Placed | undefined;
    this.of(centre).forEach((busy, slot) => {
      let e = e0;
      let i = busy.lastStartingBefore(e.getTime());
      for (;;) {
        const start = minutes > 0 ? cal.addWorkingMinutes(e, -minutes) : e;
        if (i < 0 || busy.end(i) <= start.getTime()) {
          if (!best || e > best.end) best = { id: 0, start, end: e, slot };
          return;
        }
        if (best && e <= best.end) return;
        e = new Date(busy.start(i));
        while (i >= 0 && busy.start(i) >= e.getTime()) i--;
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

const byJob = (ops: Op[]) => {
  const jobs = new Map<string, Op[]>();
  for (const op of ops) {
    const list = jobs.get(op.job);
    if (list) list.push(op);
    else jobs.set(op.job, [op]);
  }
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
