import { Decimal } from 'decimal.js';
import type { WorkCalendar } from '../calendar/work-calendar.ts';

const DAY_MS = 86_400_000;

export interface SplitInput {
  start: Date;
  end: Date;
  quantity: string;
  setupMinutes: string;
}

/** One day's share of an operation: its working time that day and the units made in it. */
export interface DayPiece {
  day: string;
  start: Date;
  end: Date;
  minutes: number;
  quantity: string;
}

/** The working minutes of [start, end) on each calendar day (wall clock), the days without any left out. */
function workingPerDay(op: SplitInput, cal: WorkCalendar): Array<Omit<DayPiece, 'quantity'>> {
  const out: Array<Omit<DayPiece, 'quantity'>> = [];
  const first = Math.floor(op.start.getTime() / DAY_MS) * DAY_MS;
  for (let d = first; d < op.end.getTime(); d += DAY_MS) {
    const from = new Date(Math.max(d, op.start.getTime()));
    const to = new Date(Math.min(d + DAY_MS, op.end.getTime()));
    const minutes = cal.workingMinutesBetween(from, to);
    if (minutes <= 0) continue;
    // the piece runs from the first working moment of the day to the end of its last working minute
    const s = cal.nextWorkingTime(from);
    out.push({ day: new Date(d).toISOString().slice(0, 10), start: s, end: cal.addWorkingMinutes(s, minutes), minutes });
  }
  return out;
}

/**
 * Splits a scheduled operation over the working days it spans (日排产): the setup comes first, then the units are
 * made at an even pace, so each day's quantity is the order quantity × that day's run minutes / all run minutes.
 * Whole units when the quantity is whole (else 6 decimals), rounded on the running total so the days add up
 * exactly; an operation without run time makes everything on its last day.
 */
export function splitByDay(op: SplitInput, cal: WorkCalendar): DayPiece[] {
  const days = workingPerDay(op, cal);
  if (!days.length) return [];
  const qty = new Decimal(op.quantity);
  const places = qty.isInteger() ? 0 : 6;
  let setup = new Decimal(op.setupMinutes);
  const run = days.map((p) => {
    const r = Decimal.max(0, new Decimal(p.minutes).minus(setup));
    setup = Decimal.max(0, setup.minus(p.minutes));
    return r;
  });
  const total = run.reduce((a, b) => a.plus(b), new Decimal(0));
  let cum = new Decimal(0);
  let made = new Decimal(0);
  return days.map((p, i) => {
    cum = cum.plus(run[i]!);
    const upTo = i === days.length - 1 ? qty : total.isZero() ? new Decimal(0) : qty.times(cum).div(total).toDecimalPlaces(places, Decimal.ROUND_FLOOR);
    const q = upTo.minus(made);
    made = upTo;
    return { ...p, quantity: q.toFixed() };
  });
}
