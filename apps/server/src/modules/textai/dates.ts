import { addDays } from '../../platform/clock.ts';

/** A date found in a message: where it is and the day it means (YYYY-MM-DD). */
export interface DateSpan {
  start: number;
  end: number;
  day: string;
}

const ZH_WEEKDAY: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
const EN_WEEKDAY: Record<string, number> = { monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6, sunday: 7 };
const EN_MONTH = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const RELATIVE: Record<string, number> = { 今天: 0, 今日: 0, 明天: 1, 明日: 1, 后天: 2, 大后天: 3, today: 0, tomorrow: 1 };

/** ISO weekday (Monday 1 … Sunday 7) of a YYYY-MM-DD day. */
function weekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() || 7;
}

/** 下周一 / next Monday: that weekday of next week; 周一 / 星期一 / Monday alone: the next such day from today on. */
function weekdayDay(today: string, wd: number, nextWeek: boolean): string {
  const cur = weekday(today);
  if (nextWeek) return addDays(today, 7 - cur + wd);
  return addDays(today, (wd - cur + 7) % 7);
}

/** A month and day without a year: this year's, or next year's when it has passed by more than a month. */
function monthDay(today: string, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const y = Number(today.slice(0, 4));
  const pad = (n: number) => String(n).padStart(2, '0');
  const probe = (year: number) => {
    const d = new Date(Date.UTC(year, month - 1, day));
    return d.getUTCMonth() === month - 1 ? `${year}-${pad(month)}-${pad(day)}` : undefined;
  };
  const thisYear = probe(y);
  if (!thisYear) return undefined;
  return thisYear < addDays(today, -31) ? probe(y + 1) : thisYear;
}

const PATTERNS: { re: RegExp; day: (m: RegExpExecArray, today: string) => string | undefined }[] = [
  { re: /(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})[日号]?/gu, day: (m) => fullDate(+m[1]!, +m[2]!, +m[3]!) },
  { re: /(\d{1,2})月(\d{1,2})[日号]/gu, day: (m, t) => monthDay(t, +m[1]!, +m[2]!) },
  { re: /(?<![\d.])(\d{1,2})\/(\d{1,2})(?![\d/])/gu, day: (m, t) => monthDay(t, +m[1]!, +m[2]!) },
  { re: /大后天|今天|今日|明天|明日|后天/gu, day: (m, t) => addDays(t, RELATIVE[m[0]]!) },
  { re: /(下+)(?:个)?(?:周|星期|礼拜)([一二三四五六日天])/gu, day: (m, t) => addDays(weekdayDay(t, ZH_WEEKDAY[m[2]!]!, true), 7 * (m[1]!.length - 1)) },
  { re: /(?:本|这)?(?:周|星期|礼拜)([一二三四五六日天])/gu, day: (m, t) => weekdayDay(t, ZH_WEEKDAY[m[1]!]!, false) },
  { re: /\b(today|tomorrow)\b/giu, day: (m, t) => addDays(t, RELATIVE[m[1]!.toLowerCase()]!) },
  {
    re: /\b(next\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/giu,
    day: (m, t) => weekdayDay(t, EN_WEEKDAY[m[2]!.toLowerCase()]!, Boolean(m[1])),
  },
  {
    re: /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/giu,
    day: (m, t) => monthDay(t, EN_MONTH.indexOf(m[1]!.toLowerCase()) + 1, +m[2]!),
  },
];

function fullDate(y: number, m: number, d: number): string | undefined {
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return undefined;
  return t.toISOString().slice(0, 10);
}

/** Every date the text names, resolved against `today` (the server's clock), in text order, without overlaps. */
export function findDates(text: string, today: string): DateSpan[] {
  const found: DateSpan[] = [];
  for (const p of PATTERNS) {
    for (const m of text.matchAll(p.re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => f.start < end && start < f.end)) continue;
      const day = p.day(m as RegExpExecArray, today);
      if (day) found.push({ start, end, day });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
