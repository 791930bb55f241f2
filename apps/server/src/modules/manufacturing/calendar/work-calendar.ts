import { BusinessError } from '../../../platform/errors.ts';
import { DAY_MS, WorkingIndex } from './working-index.ts';

/**
 * The working-time calendar engine (ARCHITECTURE §9: owned by manufacturing, used by MRP lead
 * times, scheduling, projects and maintenance). Pure and in memory once loaded (calendar-store.ts):
 * times are wall-clock times of the company, carried as Date values in UTC (no time zone shifts).
 */
export type Window = readonly [from: number, to: number]; // minutes after the day's midnight; `to` may pass 1440 (a night shift)

export interface CalendarSpec {
  /** ISO weekdays that are working days: 1 Monday … 7 Sunday. */
  workdays: ReadonlySet<number>;
  shifts: readonly Window[];
  /** Exceptions by 'YYYY-MM-DD': a holiday (no work) or an overtime day (work on `shifts`, or the calendar's shifts). */
  days: ReadonlyMap<string, { kind: 'holiday' | 'overtime'; shifts?: readonly Window[] }>;
}

const MIN_MS = 60_000;
/** How far a search for working time may go before the calendar is declared empty. */
const HORIZON_DAYS = 3660;

export const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const dayStart = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
const isoWeekday = (ms: number) => ((new Date(ms).getUTCDay() + 6) % 7) + 1;

export function parseHHMM(s: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(s);
  if (!m) throw new Error(`bad time ${s}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** A shift from `from` to `to` ('HH:mm'); a shift ending at or before its start runs past midnight. */
export function shiftWindow(from: string, to: string): Window {
  const a = parseHHMM(from);
  let b = parseHHMM(to);
  if (b <= a) b += 1440;
  return [a, b];
}

/** Days the working index covers before and after the moment that first needs it. */
const INDEX_BEFORE_DAYS = 400;
const INDEX_AFTER_DAYS = 1500;

export class WorkCalendar {
  /** The flattened working intervals (working-index.ts); null once the windows turned out to overlap. */
  private index: WorkingIndex | undefined | null;
  /** `indexed: false` answers every question by the day-by-day walk (the reference the index is tested against). */
  constructor(
    readonly spec: CalendarSpec,
    indexed = true,
  ) {
    if (!indexed) this.index = null;
  }

  /** The index when it can answer about `ms`, (re)built around it when it is outside the range. */
  private indexFor(ms: number): WorkingIndex | undefined {
    if (this.index === null || !Number.isFinite(ms)) return undefined;
    if (this.index?.inside(ms)) return this.index;
    const day = dayStart(new Date(ms));
    const built = WorkingIndex.build(day - INDEX_BEFORE_DAYS * DAY_MS, day + INDEX_AFTER_DAYS * DAY_MS, (d) =>
      this.windows(new Date(d)).map(([a, b]) => [d + a * MIN_MS, d + b * MIN_MS]),
    );
    this.index = built ?? null;
    return built;
  }

  /** An answer of the index when it falls inside its range, else undefined (the day-by-day walk answers). */
  private fast(ms: number, answer: (ix: WorkingIndex) => number | undefined): Date | undefined {
    const ix = this.indexFor(ms);
    const r = ix && answer(ix);
    return r !== undefined && ix!.inside(r) ? new Date(r) : undefined;
  }

  /** The working windows of a day, in minutes after its midnight. */
  windows(day: Date | string): readonly Window[] {
    const ms = typeof day === 'string' ? Date.parse(`${day}T00:00:00Z`) : dayStart(day);
    const ex = this.spec.days.get(dayKey(new Date(ms)));
    if (ex?.kind === 'holiday') return [];
    if (ex?.kind === 'overtime') return ex.shifts?.length ? ex.shifts : this.spec.shifts;
    return this.spec.workdays.has(isoWeekday(ms)) ? this.spec.shifts : [];
  }

  isWorkingDay(day: Date | string): boolean {
    return this.windows(day).length > 0;
  }

  /** Absolute working intervals [from, to) in ms of the days from `startDay` on (or back), one day at a time. */
  private *intervals(fromMs: number, backwards: boolean): Generator<[number, number]> {
    // a night shift of the day before may still be running
    const first = dayStart(new Date(fromMs)) + (backwards ? DAY_MS : -DAY_MS);
    for (let i = 0; i <= HORIZON_DAYS; i++) {
      const day = first + (backwards ? -i : i) * DAY_MS;
      const list = this.windows(new Date(day)).map(([a, b]) => [day + a * MIN_MS, day + b * MIN_MS] as [number, number]);
      if (backwards) list.reverse();
      yield* list;
    }
    throw new BusinessError('工作日历在十年内没有工作时间，请检查工作日与节假日设置');
  }

  /** `t` itself when it falls in working time, else the start of the next working window. */
  nextWorkingTime(t: Date): Date {
    const ms = t.getTime();
    const quick = this.fast(ms, (ix) => ix.nextWorkingTime(ms));
    if (quick) return quick;
    for (const [a, b] of this.intervals(ms, false)) {
      if (b <= ms) continue;
      return new Date(Math.max(a, ms));
    }
    throw new Error('unreachable');
  }

  /** The moment `minutes` working minutes after `t` (before it when negative); 0 gives `t` unchanged. */
  addWorkingMinutes(t: Date, minutes: number): Date {
    if (minutes === 0) return t;
    const backwards = minutes < 0;
    let left = Math.abs(minutes) * MIN_MS;
    const ms = t.getTime();
    const quick = this.fast(ms, (ix) => (backwards ? ix.addBackward(ms, left) : ix.addForward(ms, left)));
    if (quick) return quick;
    for (const [a, b] of this.intervals(ms, backwards)) {
      const from = backwards ? Math.min(b, ms) : Math.max(a, ms);
      const room = backwards ? from - a : b - from;
      if (room <= 0) continue;
      if (left <= room) return new Date(backwards ? from - left : from + left);
      left -= room;
    }
    throw new Error('unreachable');
  }

  /** Working minutes between two moments (0 when `to` is not after `from`). */
  workingMinutesBetween(from: Date, to: Date): number {
    const ix = this.indexFor(from.getTime());
    if (ix?.inside(to.getTime())) return ix.between(from.getTime(), to.getTime()) / MIN_MS;
    let total = 0;
    const end = to.getTime();
    for (const [a, b] of this.intervals(from.getTime(), false)) {
      if (a >= end) break;
      total += Math.max(0, Math.min(b, end) - Math.max(a, from.getTime()));
    }
    return total / MIN_MS;
  }

  /** The working day `n` working days after `day` (before it when negative); n = 0 gives `day` if it works, else the previous working day. */
  addWorkingDays(day: string, n: number): string {
    let ms = Date.parse(`${day}T00:00:00Z`);
    if (n === 0) {
      for (let i = 0; i <= HORIZON_DAYS; i++, ms -= DAY_MS) if (this.isWorkingDay(new Date(ms))) return dayKey(new Date(ms));
    } else {
      const step = n > 0 ? DAY_MS : -DAY_MS;
      let left = Math.abs(n);
      for (let i = 0; i <= HORIZON_DAYS * 2; i++) {
        ms += step;
        if (this.isWorkingDay(new Date(ms)) && --left === 0) return dayKey(new Date(ms));
      }
    }
    throw new BusinessError('工作日历在十年内没有工作时间，请检查工作日与节假日设置');
  }

  /** Every working day from `from` to `to` inclusive ('YYYY-MM-DD'). */
  workingDays(from: string, to: string): string[] {
    const out: string[] = [];
    const end = Date.parse(`${to}T00:00:00Z`);
    for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= end; ms += DAY_MS) if (this.isWorkingDay(new Date(ms))) out.push(dayKey(new Date(ms)));
    return out;
  }
}

/** A company without a calendar works Monday to Friday, 08:00–12:00 and 13:00–17:00. */
export const STANDARD_CALENDAR: CalendarSpec = {
  workdays: new Set([1, 2, 3, 4, 5]),
  shifts: [shiftWindow('08:00', '12:00'), shiftWindow('13:00', '17:00')],
  days: new Map(),
};
