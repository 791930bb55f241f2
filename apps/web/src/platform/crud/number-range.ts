/**
 * SPEC §4 number-range flags: a number range (号段) whose status is '1', '3' or '4' hides its deal (处理) button;
 * any other status shows it. For the screens that list number ranges (e.g. bidding's), one rule for all.
 */
const HIDES_DEAL = new Set(['1', '3', '4']);

export function showsDealButton(status: string | number | null | undefined): boolean {
  return !HIDES_DEAL.has(String(status ?? ''));
}
