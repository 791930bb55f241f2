import type { WorkCalendar } from '../../manufacturing/index.ts';

export interface PlanRule {
  every: number;
  unit: 'day' | 'week';
  startDate: string;
}

const DAY_MS = 86_400_000;
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const onOrAfter = (cal: WorkCalendar, day: string) => (cal.isWorkingDay(day) ? day : cal.addWorkingDays(day, 1));

/**
 * The due dates of a plan after `after` (exclusive, none: from the start) up to `to` (inclusive), at most
 * `max`: every N working days from the first working day on or after the start ('day'), or every N weeks
 * from the start, each moved to the next working day when it falls on a rest day or holiday ('week').
 */
export function dueDates(rule: PlanRule, cal: WorkCalendar, after: string | null, to: string, max = 400): string[] {
  const out: string[] = [];
  let due = onOrAfter(cal, rule.startDate);
  for (let k = 1; due <= to && out.length < max; k++) {
    if ((!after || due > after) && out.at(-1) !== due) out.push(due);
    due = rule.unit === 'day' ? cal.addWorkingDays(due, rule.every) : onOrAfter(cal, plusDays(rule.startDate, 7 * rule.every * k));
  }
  return out;
}
