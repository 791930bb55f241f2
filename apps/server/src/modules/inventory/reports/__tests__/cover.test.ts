import { describe, expect, it } from 'vitest';
import { cover } from '../summary-sql.ts';

/** Every day of 2025–2026 as YYYY-MM-DD. */
const DAYS = Array.from({ length: 730 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10));

/** How many times each day is counted by the pieces (a month piece counts each of its days). */
function counted(pieces: ReturnType<typeof cover>): Map<string, number> {
  const n = new Map<string, number>();
  for (const p of pieces)
    for (const d of DAYS) {
      const key = p.src === 'day' ? d : `${d.slice(0, 8)}01`;
      if ((p.from === undefined || key >= p.from) && (p.to === undefined || key <= p.to)) n.set(d, (n.get(d) ?? 0) + p.sign);
    }
  return n;
}

describe('cover: a span of days as month rows and day rows (issue 12)', () => {
  it('counts every day of the span once and no other day, for spans cut anywhere in a month', () => {
    let seed = 7;
    const rnd = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % k);
    for (let i = 0; i < 400; i++) {
      const a = DAYS[60 + rnd(600)];
      const b = DAYS[60 + rnd(600)];
      const open = rnd(4);
      const from = open === 1 ? undefined : a < b ? a : b;
      const to = open === 2 ? undefined : a < b ? b : a;
      const pieces = cover(from, to, false);
      const n = counted(pieces);
      for (const d of DAYS) expect(n.get(d) ?? 0, `${from}..${to} ${d}`).toBe((from === undefined || d >= from) && (to === undefined || d <= to) ? 1 : 0);
      // never more day rows than half a month at either cut
      const dayRows = pieces.filter((p) => p.src === 'day').reduce((t, p) => t + DAYS.filter((d) => d >= p.from! && d <= p.to!).length, 0);
      expect(dayRows, `${from}..${to}`).toBeLessThanOrEqual(from && to && from.slice(0, 7) === to.slice(0, 7) ? 31 : 32);
    }
  });
});
