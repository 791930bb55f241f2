/**
 * The areas' clock (CRM pool times, bidding result dates and deposit ages): taken here, in the server process, and
 * passed to SQL as a parameter, so a test that sets the process clock (vi.setSystemTime) moves them.
 */
export const now = (): Date => new Date();

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of a time in the server's zone, as YYYY-MM-DD. */
export const dayOf = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const today = (): string => dayOf(now());

/** A YYYY-MM-DD day plus n days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y!, m! - 1, d! + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
