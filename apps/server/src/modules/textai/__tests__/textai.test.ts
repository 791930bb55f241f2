import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINE, newTenant, testApp } from '../../../test-support/harness.ts';
import { CORPUS, CORPUS_TODAY, HELD_OUT, type Expected } from './corpus.ts';
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

/** Recognises every message of a set at the corpus's fixed day and scores the drafts against the expected ones. */
async function measure(set: Expected[]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(CORPUS_TODAY));
  const got: Expected[] = [];
  try {
    for (const e of set) got.push(asExpected(e.text, await okData(recognize(e.text))));
  } finally {
    vi.useRealTimers();
  }
  let exact = 0;
  let customers = 0;
  let dates = 0;
  let expectedLines = 0;
  let foundLines = 0;
  let rightLines = 0;
  const misses: string[] = [];
  for (const [i, e] of set.entries()) {
    const g = got[i]!;
    const key = (l: unknown[]) => JSON.stringify(l);
    const want = new Set(e.lines.map(key));
    const right = g.lines.filter((l) => want.has(key(l))).length;
    expectedLines += e.lines.length;
    foundLines += g.lines.length;
    rightLines += right;
    if (g.customer === e.customer) customers++;
    if (g.date === e.date) dates++;
    if (g.customer === e.customer && g.date === e.date && right === e.lines.length && g.lines.length === e.lines.length) exact++;
    else misses.push(`${e.text}\n   want ${JSON.stringify([e.customer, e.lines, e.date])}\n   got  ${JSON.stringify([g.customer, g.lines, g.date])}`);
  }
  const pct = (a: number, b: number) => Math.round((1000 * a) / b) / 10;
  return {
    figures: {
      engine: ENGINE,
      messages: set.length,
      exactDrafts: pct(exact, set.length),
      customer: pct(customers, set.length),
      date: pct(dates, set.length),
      linePrecision: pct(rightLines, foundLines),
      lineRecall: pct(rightLines, expectedLines),
    },
    misses,
  };
}

function assertFloor(f: Awaited<ReturnType<typeof measure>>['figures'], floor: { exact: number; field: number }) {
  expect(f.exactDrafts).toBeGreaterThanOrEqual(floor.exact);
  expect(f.customer).toBeGreaterThanOrEqual(floor.field);
  expect(f.date).toBeGreaterThanOrEqual(floor.field);
  expect(f.linePrecision).toBeGreaterThanOrEqual(floor.field);
  expect(f.lineRecall).toBeGreaterThanOrEqual(floor.field);
}

describe('text recognition: the 50-message corpus', () => {
  it('recognises customers, lines and dates at or above the recorded floor', async () => {
    expect(CORPUS).toHaveLength(50);
    const { figures, misses } = await measure(CORPUS);
    console.log(`text recognition accuracy (corpus) ${JSON.stringify(figures)}\nmisses:\n${misses.join('\n')}`);
    // the floors (bench/RESULTS.md "Text recognition" records the measured figures)
    assertFloor(figures, FLOOR);
  }, 120_000);

  it('does nearly as well on 15 messages it was never tuned on', async () => {
    expect(HELD_OUT).toHaveLength(15);
    const { figures, misses } = await measure(HELD_OUT);
    console.log(`text recognition accuracy (held out) ${JSON.stringify(figures)}\nmisses:\n${misses.join('\n')}`);
    assertFloor(figures, HELD_OUT_FLOOR);
  }, 120_000);
});

const FLOOR = { exact: 90, field: 95 };
const HELD_OUT_FLOOR = { exact: 80, field: 90 };

describe('text recognition: the draft, its spans and saving it', () => {
  it('marks the spans it recognised, each guess with its unit choices, and the draft saves as a sales order', async () => {
    const text = '老张：可口可乐 5箱，雪碧 12瓶，明天送';
    const d = await okData(recognize(text));
    const spans = d.spans.map((s: any) => [s.kind, text.slice(s.start, s.end), s.line ?? null]);
    expect(spans).toEqual([
      ['customer', '老张', null],
      ['material', '可口可乐', 0],
      ['quantity', '5箱', 0],
      ['material', '雪碧', 1],
      ['quantity', '12瓶', 1],
      ['date', '明天', null],
    ]);
    expect(d.customer).toMatchObject({ id: w.customers.get('张三'), name: '张三' });
    const [cola, sprite] = d.lines;
    expect(cola).toMatchObject({ materialId: w.materials.get('可乐'), qty: '5', unit: '箱' });
    expect(cola.units.map((u: any) => u.unit)).toEqual(['瓶', '箱']);
    expect(Number(cola.unitPrice)).toBe(80);
    expect(sprite).toMatchObject({ materialId: w.materials.get('雪碧'), qty: '12', unit: '瓶' });
    expect(Number(sprite.unitPrice)).toBe(3.5);

    // the person corrects a guess (雪碧 → 芬达 in 箱) and saves through the sales order API
    const fanta = (await okData(recognize('芬达 1箱'))).lines[0];
    const rows = [
      { barCode: cola.barCode, operNumber: cola.qty, unitPrice: cola.unitPrice, depotId: w.depot },
      { barCode: fanta.barCode, operNumber: '2', unitPrice: fanta.unitPrice, depotId: w.depot },
    ];
    const saved = await okData(
      w.api.post('/depotHead/addDepotHeadAndDetail', {
        info: { type: '其它', subType: '销售订单', operTime: `${d.today} 09:00:00`, organId: d.customer.id, deliveryDate: d.deliveryDate },
        rows,
      }),
    );
    const list = await okData(w.api.get(`/depotHead/list?type=${encodeURIComponent('其它')}&subType=${encodeURIComponent('销售订单')}&number=${saved.number}`));
    expect(list.rows.map((r: any) => [r.number, r.organName, Number(r.totalPrice)])).toEqual([[saved.number, '张三', 5 * 80 + 2 * 80]]);
  });

  it('refuses empty and over-long text with a clear message in the envelope', async () => {
    for (const [text, message] of [
      ['', '请输入要识别的文本'],
      ['   ', '请输入要识别的文本'],
      ['可'.repeat(1001), '文本不能超过1000个字'],
    ] as const) {
      const r = await recognize(text);
      expect(r.body.code, r.text).toBe(400);
      expect(r.body.data.message).toContain(message);
    }
    const r = await w.api.post('/textai/recognize', { text: '可乐 1箱', extra: 1 });
    expect(r.body.code).toBe(400);
  });

  it('reads only the own company: another company with the same text sees none of these customers or materials', async () => {
    const other = await newTenant(app, 'txo');
    const d = await okData(recognize('张三 要 可乐 10箱 明天送到', other.api));
    expect(d.customer).toBeNull();
    expect(d.lines).toEqual([]);
    expect(d.spans.map((s: any) => s.kind)).toEqual(['date']);
    // and its aliases cannot point at this company's rows
    const r = await other.api.post('/textai/alias/add', { kind: 'material', targetId: w.materials.get('可乐'), alias: '肥宅快乐水' });
    expect(r.body.data.message).toBe('商品不存在');
  });

  it('aliases: added, used, refused twice, deleted', async () => {
    const before = await okData(recognize('肥宅快乐水 3箱'));
    expect(before.lines).toEqual([]);
    const { id } = await okData(w.api.post('/textai/alias/add', { kind: 'material', targetId: w.materials.get('可乐'), alias: '肥宅快乐水' }));
    const after = await okData(recognize('肥宅快乐水 3箱'));
    expect(after.lines.map((l: any) => [l.materialName, l.qty, l.unit])).toEqual([['可乐', '3', '箱']]);
    const dup = await w.api.post('/textai/alias/add', { kind: 'material', targetId: w.materials.get('雪碧'), alias: '肥宅快乐水' });
    expect(dup.body.data.message).toBe('该别名已存在');
    const unitWithout = await w.api.post('/textai/alias/add', { kind: 'unit', alias: '板' });
    expect(unitWithout.body.data.message).toBe('请填写别名对应的单位');
    expect((await okData(w.api.get('/textai/alias/list'))).map((a: any) => a.alias)).toContain('肥宅快乐水');
    await okData(w.api.delete(`/textai/alias/delete?id=${id}`));
    expect((await okData(recognize('肥宅快乐水 3箱'))).lines).toEqual([]);
    expect((await w.api.delete(`/textai/alias/delete?id=${id}`)).body.data.message).toBe('别名不存在');
  });
});

describe('text recognition: a company with many similar names', () => {
  it('keeps the names written whole among the candidates it compares (the best 400 of 900 sharing a character pair)', async () => {
    const { db } = await testApp();
    const t = await newTenant(app, 'txbig');
    // 900 materials named 雪碧… / …碧 first, so without the ranking the real ones (added last) fall past the limit
    await db.system((tx) =>
      tx.query(
        `insert into material(tenant_id, name, unit)
         select $1, case when g % 2 = 0 then '雪碧' || chr(19968 + g) else chr(19968 + g) || '可乐' end, '个' from generate_series(1, 900) g`,
        [t.tenantId],
      ),
    );
    await okData(t.api.post('/supplier/add', { name: '远方商店', type: '客户' }));
    for (const [i, name] of ['雪碧', '可乐'].entries())
      await okData(t.api.post('/material/add', { name, unit: '瓶', barCodes: [{ barCode: `BIG${t.tenantId}${i}`, commodityUnit: '瓶' }] }));
    const d = await okData(recognize('远方商店 雪碧 3瓶 可乐 2瓶', t.api));
    expect(d.lines.map((l: any) => [l.materialName, l.qty])).toEqual([
      ['雪碧', '3'],
      ['可乐', '2'],
    ]);
  });
});
