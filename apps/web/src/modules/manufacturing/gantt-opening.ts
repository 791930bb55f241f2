/** Where 排产甘特图's timeline opens (pure: tested without a browser). */

const at = (wallTime: string) => new Date(wallTime.replace(' ', 'T')).getTime();

/**
 * Where the timeline opens: at now when a bar runs now, else at the first bar (Friday evening, the work starting on Monday:
 * not an empty weekend), a little before it; undefined when there is no bar.
 */
export function openingTime(bars: Array<{ start: string; end: string }>, now = Date.now()): number | undefined {
  if (!bars.length) return undefined;
  if (bars.some((b) => at(b.start) <= now && now < at(b.end))) return now;
  // a loop, not Math.min(...): the bench hands the chart 10,000 bars
  return bars.reduce((m, b) => Math.min(m, at(b.start)), Infinity);
}
/** How far before the opening time the view starts (two columns of the 4-hour scale). */
export const LEAD_PX = 80;
