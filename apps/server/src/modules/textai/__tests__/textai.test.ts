import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINE, newTenant, testApp } from '../../../test-support/harness.ts';
import { CORPUS, CORPUS_TODAY, type Expected } from './corpus.ts';
import { corpusTenant, okData } from './fixtures.ts';

let app: FastifyInstance;
let w: Awaited<ReturnType<typeof corpusTenant>>;
beforeAll(async () => {
  ({ app } = await testApp());
  w = await corpusTenant(app);
}, 120_000);
afterAll(() => {
  vi.useRealTimers();
});

const recognize = (text: string, api = w.api) => api.post('/textai/recognize', { text });

/** The draft as the corpus writes it: customer name, [material, quantity, unit] lines, delivery date. */
function asExpected(text: string, d: any): Expected {
  return {
    text,
    customer: d.customer?.name ?? null,
    lines: d.lines.map((l: any) => [l.materialName, l.qty === null ? null : String(Number(l.qty)), l.unit]),
    date: d.deliveryDate,
  };
}

describe('text recognition: the 50-message corpus', () => {
  it('recognises customers, lines and dates at or above the recorded floor', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(CORPUS_TODAY));
    const got: Expected[] = [];
    for (const e of CORPUS) got.push(asExpected(e.text, await okData(recognize(e.text))));
    vi.useRealTimers();

    let exact = 0;
    let customers = 0;
    let dates = 0;
    let expectedLines = 0;
    let foundLines = 0;
    let rightLines = 0;
    const misses: string[] = [];
    for (const [i, e] of CORPUS.entries()) {
      const g = got[i]!;
      const key = (l: unknown[]) => JSON.stringify(l);
      const want = new Set(e.lines.map(key));
      const right = g.lines.filter((l) => want.has(key(l))).length;
      expectedLines += e.lines.length;
      foundLines += g.lines.length;
      rightLines += right;
      if (g.customer === e.customer) customers++;
      if (g.date === e.date) dates++;
      const ok = g.customer === e.customer && g.date === e.date && right === e.lines.length && g.lines.length === e.lines.length;
      if (ok) exact++;
      else misses.push(`${e.text}\n   want ${JSON.stringify([e.customer, e.lines, e.date])}\n   got  ${JSON.stringify([g.customer, g.lines, g.date])}`);
    }
    const pct = (a: number, b: number) => Math.round((1000 * a) / b) / 10;
    const figures = {
      engine: ENGINE,
      messages: CORPUS.length,
      exactDrafts: pct(exact, CORPUS.length),
      customer: pct(customers, CORPUS.length),
      date: pct(dates, CORPUS.length),
      linePrecision: pct(rightLines, foundLines),
      lineRecall: pct(rightLines, expectedLines),
    };
    console.log(`text recognition accuracy ${JSON.stringify(figures)}\nmisses:\n${misses.join('\n')}`);
    expect(CORPUS).toHaveLength(50);
    // the floors (bench/RESULTS.md "Text recognition" records the measured figures)
    expect(figures.exactDrafts).toBeGreaterThanOrEqual(FLOOR.exact);
    expect(figures.customer).toBeGreaterThanOrEqual(FLOOR.field);
    expect(figures.date).toBeGreaterThanOrEqual(FLOOR.field);
    expect(figures.linePrecision).toBeGreaterThanOrEqual(FLOOR.field);
    expect(figures.lineRecall).toBeGreaterThanOrEqual(FLOOR.field);
  }, 120_000);
});

const FLOOR = { exact: 80, field: 90 };
