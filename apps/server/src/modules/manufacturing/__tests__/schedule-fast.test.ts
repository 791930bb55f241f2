import { describe, expect, it } from 'vitest';
import { shiftWindow, WorkCalendar, type CalendarSpec } from '../calendar/work-calendar.ts';
import { Load, scheduleBackward, scheduleForward, type Centre, type Op, type Placed } from '../schedule/scheduler.ts';

/**
 * The fast calendar (working-index.ts) and the scheduler's sorted busy intervals (busy-intervals.ts)
 * against the reference they replaced: the day-by-day calendar walk and linear scans of every busy
 * interval (the scheduler before issue 16's speed work, kept here as the model). Same answers, to the ms.
 */
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (n: number) => Math.floor(rnd() * n);

const SPECS: Record<string, CalendarSpec> = {
  'two shifts, holidays, overtime': {
    workdays: new Set([1, 2, 3, 4, 5]),
    shifts: [shiftWindow('08:00', '12:00'), shiftWindow('13:00', '17:00')],
    days: new Map([
      ['2026-12-08', { kind: 'holiday' as const }],
      ['2026-12-12', { kind: 'overtime' as const, shifts: [shiftWindow('09:00', '15:30')] }],
      ['2026-12-13', { kind: 'overtime' as const }],
    ]),
  },
  'night shift past midnight': {
    workdays: new Set([1, 2, 3, 4, 5, 6]),
    shifts: [shiftWindow('06:00', '14:00'), shiftWindow('22:00', '06:00')],
    days: new Map([['2026-12-25', { kind: 'holiday' as const }]]),
  },
  // windows that overlap: no index, the walk answers everything
  'overlapping shifts': {
    workdays: new Set([1, 2, 3, 4, 5]),
    shifts: [shiftWindow('08:00', '16:00'), shiftWindow('12:00', '20:00')],
    days: new Map(),
  },
};

describe('the working-time calendar: indexed answers equal the day-by-day walk', () => {
  for (const [name, spec] of Object.entries(SPECS)) {
    it(name, () => {
      const fast = new WorkCalendar(spec);
      const walk = new WorkCalendar(spec, false);
      const base = Date.parse('2026-11-28T00:00:00Z');
      for (let k = 0; k < 3000; k++) {
        // moments on the minute, on window edges and off the minute; spans from 0 to a few weeks, some fractional
        const t = new Date(base + pick(40 * 24 * 60) * 60_000 + (k % 7 === 0 ? pick(60_000) : 0));
        const minutes = k % 5 === 0 ? pick(20_000) : k % 5 === 1 ? pick(600) + 0.7 : pick(240);
        expect(fast.nextWorkingTime(t)).toEqual(walk.nextWorkingTime(t));
        expect(fast.addWorkingMinutes(t, minutes)).toEqual(walk.addWorkingMinutes(t, minutes));
        expect(fast.addWorkingMinutes(t, -minutes)).toEqual(walk.addWorkingMinutes(t, -minutes));
        const u = new Date(t.getTime() + pick(20 * 24 * 60) * 60_000);
        expect(fast.workingMinutesBetween(t, u)).toBe(walk.workingMinutesBetween(t, u));
      }
      // far away moments rebuild the index around them
      const far = new Date('2031-06-03T10:15:00Z');
      expect(fast.addWorkingMinutes(far, -12345)).toEqual(walk.addWorkingMinutes(far, -12345));
    });
  }
});

/** The scheduler's load before the speed work: every busy interval scanned for each candidate start. */
class ReferenceLoad {
  private slots = new Map<number, Array<Array<[number, number]>>>();
  constructor(private readonly centres: Map<number, Centre>) {}
  private of(centre: number) {
    let s = this.slots.get(centre);
    if (!s) this.slots.set(centre, (s = Array.from({ length: this.centres.get(centre)!.capacity }, () => [])));
    return s;
  }
  book(centre: number, start: number, end: number, slot?: number) {
    const slots = this.of(centre);
    const i =
      slot ??
      Math.max(
        0,
        slots.findIndex((b) => !b.some(([a, z]) => a < end && start < z)),
      );
    slots[i].push([start, end]);
    slots[i].sort((x, y) => x[0] - y[0]);
    return i;
  }
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
  calendar(centre: number) {
    return this.centres.get(centre)!.calendar;
  }
}

describe('finite-capacity scheduling: sorted busy intervals place every operation where the linear scans did', () => {
  const spec = SPECS['two shifts, holidays, overtime'];
  const centresOf = (cal: WorkCalendar) => new Map(Array.from({ length: 6 }, (_, i) => [i + 1, { capacity: 1 + (i % 3), calendar: cal }]));
  const ops: Op[] = Array.from({ length: 600 }, (_, i) => ({
    id: i + 1,
    job: `J${Math.floor(i / 4)}`,
    seq: (i % 4) + 1,
    centre: 1 + pick(6),
    minutes: i % 17 === 0 ? 0 : 15 + pick(300) + (i % 3 === 0 ? 0.5 : 0),
    ...(i % 5 === 0 && { releaseAfter: 10 }),
  }));
  // fixed work: overlapping, touching, zero-length and off-shift intervals
  const fixed = Array.from({ length: 120 }, () => {
    const start = Date.parse('2026-11-30T00:00:00Z') + pick(30 * 96) * 900_000;
    return { centre: 1 + pick(6), start, end: start + (pick(4) === 0 ? 0 : pick(16) * 900_000), slot: pick(3) === 0 ? 0 : undefined };
  });
  const run = (load: Load | ReferenceLoad, backward: boolean): Placed[] => {
    for (const f of fixed) load.book(f.centre, f.start, f.end, f.slot);
    const l = load as Load;
    return backward
      ? scheduleBackward(ops, l, (job) => new Date(Date.parse('2027-02-26T17:00:00Z') - (Number(job.slice(1)) % 9) * 86_400_000))
      : scheduleForward(ops, l, (job) => new Date(Date.parse('2026-11-30T08:00:00Z') + (Number(job.slice(1)) % 9) * 3_600_000));
  };

  for (const backward of [false, true]) {
    it(backward ? 'backward from due dates' : 'forward from release times', () => {
      const fast = run(new Load(centresOf(new WorkCalendar(spec))), backward);
      const reference = run(new ReferenceLoad(centresOf(new WorkCalendar(spec, false))), backward);
      expect(fast).toHaveLength(ops.length);
      expect(fast).toEqual(reference);
    });
  }
});
