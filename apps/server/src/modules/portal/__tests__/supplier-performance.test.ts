import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { exported } from '../../inventory/reports/__tests__/scenario.ts';
import { future, past, today, ok, refused, supplierWithUser } from './portal-world.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 864e5).toISOString().slice(0, 10);

/**
 * 供应商绩效 (issue 22): figures worked out by hand. Supplier A: order 1 (10 × 5, due 3 days ago) of which 6 arrive
 * today (late), order 2 (4 × 10, due in 20 days) all arriving today (on time), 1 of order 1 sent back (5.00); four
 * incoming inspections decided (3 passed, 1 concession) and one pending. Supplier B: one order (5 × 2, due 3 days
 * ago), nothing received. Supplier C: nothing in the period.
 *   A: on time 1/2 = 50%, pass 3/4 = 75%, fill (lines due by today: order 1) 6/10 = 60%,
 *      score (50×40 + 75×40 + 60×20) / 100 = 62 → C; ordered 90, received 6×5 + 4×10 = 70, returned 5 → 7.1%.
 *   B: only a fill rate, 0/5 = 0% → score 0, D; ordered 10.
 */
describe('supplier performance', async () => {
  const { app, db } = await testApp();
  const buyer = await newTenant(app, 'perf');
  const depotId = (await ok<{ id: number }>(buyer.api.post('/depot/add', { name: '绩效仓' }))).id;
  const code = `PERF-${buyer.tenantId}`;
  await ok(buyer.api.post('/material/add', { name: '法兰', unit: '个', barCodes: [{ barCode: code, commodityUnit: '个' }] }));
  const a = await supplierWithUser(app, buyer.api, '法兰厂');
  const b = (await ok<{ id: number }>(buyer.api.post('/supplier/add', { name: `慢供应商${buyer.tenantId}`, type: '供应商' }))).id;
  const c = (await ok<{ id: number }>(buyer.api.post('/supplier/add', { name: `闲供应商${buyer.tenantId}`, type: '供应商' }))).id;
  const order = (organId: number, qty: number, price: number, deliveryDate: string) =>
    ok<{ id: number; number: string }>(
      buyer.api.post('/depotHead/addDepotHeadAndDetail', {
        info: { type: '其它', subType: '采购订单', operTime: `${today()} 09:00:00`, organId, status: '1', deliveryDate },
        rows: [{ barCode: code, operNumber: qty, unitPrice: price, depotId }],
      }),
    );
  const late = await order(a.supplierId, 10, 5, past());
  const onTime = await order(a.supplierId, 4, 10, future());
  await order(b, 5, 2, past());
  const itemOf = async (orderId: number) => (await ok<{ rows: Array<{ itemId: number }> }>(a.api.get(`/portal/order/list?orderId=${orderId}`))).rows[0]!.itemId;
  for (const [orderId, qty] of [
    [late.id, 6],
    [onTime.id, 4],
  ] as const) {
    const itemId = await itemOf(orderId);
    const advice = await ok<{ id: number }>(a.api.post('/portal/advice/add', { orderId, shipDate: today(), lines: [{ itemId, qty }] }));
    const inbound = await ok<{ id: number }>(buyer.api.post('/portal/buyer/advice/toInbound', { id: advice.id }));
    await ok(buyer.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(inbound.id) }));
  }
  await ok(
    buyer.api.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '出库', subType: '采购退货', operTime: `${today()} 10:00:00`, organId: a.supplierId, status: '1' },
      rows: [{ barCode: code, operNumber: 1, unitPrice: 5, depotId }],
    }),
  );
  await db.system(async (tx) => {
    const material = (await tx.one<{ id: number }>('select id from material where tenant_id = $1 and name = $2', [buyer.tenantId, '法兰']))!.id;
    const statuses = ['pass', 'pass', 'pass', 'concession', 'pending'];
    for (const [n, status] of statuses.entries())
      await tx.query(
        `insert into quality_inspection(tenant_id, number, stage, source_kind, partner_id, material_id, lot_qty, sample_size, status, inspected_at)
         values ($1, $2, 'incoming', 'purchaseIn', $3, $4, 5, 2, $5, now())`,
        [buyer.tenantId, `QPF-${buyer.tenantId}-${n}`, a.supplierId, material, status],
      );
    // an inspection decided before the period does not count
    await tx.query(
      `insert into quality_inspection(tenant_id, number, stage, source_kind, partner_id, material_id, lot_qty, sample_size, status, inspected_at, created_at)
       values ($1, $2, 'incoming', 'purchaseIn', $3, $4, 5, 2, 'fail', now() - interval '90 days', now() - interval '90 days')`,
      [buyer.tenantId, `QPF-${buyer.tenantId}-old`, a.supplierId, material],
    );
  });
  const period = `beginTime=${daysAgo(30)}&endTime=${today()}`;

  it('gives each supplier its on-time, pass and fill rates, amounts and the weighted score', async () => {
    const r = await ok<{ rows: Array<Record<string, unknown>>; weights: object }>(buyer.api.get(`/portal/buyer/performance?${period}`));
    expect(r.weights).toEqual({ onTime: 40, pass: 40, fill: 20 });
    expect(r.rows.map((x) => x.supplierId)).toEqual([a.supplierId, b]);
    const [ra, rb] = r.rows;
    expect(ra).toMatchObject({
      orders: 2,
      receipts: 2,
      receivedQty: '10',
      receivedLines: 2,
      onTimeLines: 1,
      onTimeRate: 50,
      dueLines: 1,
      dueQty: '10',
      filledQty: '6',
      fillRate: 60,
      inspected: 4,
      passed: 3,
      passRate: 75,
      returnRate: 7.1,
      score: 62,
      grade: 'C',
    });
    expect([ra!.orderedAmount, ra!.receivedAmount, ra!.returnedAmount].map(Number)).toEqual([90, 70, 5]);
    expect(rb).toMatchObject({ orders: 1, receipts: 0, onTimeRate: null, passRate: null, fillRate: 0, dueQty: '5', score: 0, grade: 'D' });
    expect(Number(rb!.orderedAmount)).toBe(10);
    expect(r.rows.find((x) => x.supplierId === c)).toBeUndefined();
    // one supplier only
    const one = await ok<{ rows: Array<{ supplierId: number }> }>(buyer.api.get(`/portal/buyer/performance?${period}&supplierId=${b}`));
    expect(one.rows.map((x) => x.supplierId)).toEqual([b]);
    // a period before any of it: nothing
    const before = await ok<{ rows: unknown[] }>(buyer.api.get(`/portal/buyer/performance?beginTime=${daysAgo(200)}&endTime=${daysAgo(100)}`));
    expect(before.rows).toEqual([]);
    // another company sees none of it
    const other = await newTenant(app, 'perfx');
    expect((await ok<{ rows: unknown[] }>(other.api.get(`/portal/buyer/performance?${period}`))).rows).toEqual([]);
  });

  it('exports the same figures as a spreadsheet', async () => {
    const sheet = await exported(app, buyer.token, `/portal/buyer/performance/exportExcel?${period}`);
    expect(sheet.header.slice(0, 6)).toEqual(['供应商', '综合得分', '等级', '准时交货率%', '质检合格率%', '数量满足率%']);
    expect(sheet.rows.map((r) => r.slice(1, 6))).toEqual([
      [62, 'C', 50, 75, 60],
      [0, 'D', '', '', 0],
    ]);
  });

  it('counts a line due on the date of an accepted proposal, else on the order’s delivery date', async () => {
    // supplier D (own company): X 3 due 3 days ago, moved to 20 days ahead by an accepted proposal (not due);
    // Y 2 due in 20 days, moved to today (due); Z 4 due 3 days ago, an accepted quantity-only proposal (still due);
    // W 7 due 3 days ago, its date proposal rejected (still due); V 1 due in 20 days, no proposal (not due).
    // Nothing received: due lines 3, due quantity 2 + 4 + 7 = 13, filled 0 → fill 0%.
    const t = await newTenant(app, 'perfdue');
    const dep = (await ok<{ id: number }>(t.api.post('/depot/add', { name: '交期仓' }))).id;
    const bar = `PDUE-${t.tenantId}`;
    await ok(t.api.post('/material/add', { name: '轴承', unit: '个', barCodes: [{ barCode: bar, commodityUnit: '个' }] }));
    const d = await supplierWithUser(app, t.api, '轴承厂');
    const make = async (qty: number, deliveryDate: string) => {
      const o = await ok<{ id: number }>(
        t.api.post('/depotHead/addDepotHeadAndDetail', {
          info: { type: '其它', subType: '采购订单', operTime: `${daysAgo(5)} 09:00:00`, organId: d.supplierId, status: '1', deliveryDate },
          rows: [{ barCode: bar, operNumber: qty, unitPrice: 1, depotId: dep }],
        }),
      );
      const itemId = (await ok<{ rows: Array<{ itemId: number }> }>(d.api.get(`/portal/order/list?orderId=${o.id}`))).rows[0]!.itemId;
      return { orderId: o.id, itemId };
    };
    const propose = async (o: { orderId: number; itemId: number }, line: { qty?: number; date?: string }, accept: boolean) => {
      await ok(d.api.post('/portal/order/confirm', { orderId: o.orderId, lines: [{ itemId: o.itemId, action: 'propose', ...line }] }));
      await ok(t.api.post('/portal/buyer/decide', { itemIds: [o.itemId], accept }));
    };
    await propose(await make(3, past()), { date: future() }, true);
    await propose(await make(2, future()), { date: today() }, true);
    await propose(await make(4, past()), { qty: 3 }, true);
    await propose(await make(7, past()), { date: future() }, false);
    await make(1, future());
    const rows = (await ok<{ rows: Array<Record<string, unknown>> }>(t.api.get(`/portal/buyer/performance?beginTime=${daysAgo(30)}&endTime=${today()}`))).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ supplierId: d.supplierId, dueLines: 3, dueQty: '13', filledQty: '0', fillRate: 0 });
    // a period that ends yesterday: Y (due today) is out of it
    const yesterday = (
      await ok<{ rows: Array<Record<string, unknown>> }>(t.api.get(`/portal/buyer/performance?beginTime=${daysAgo(30)}&endTime=${daysAgo(1)}`))
    ).rows;
    expect(yesterday[0]).toMatchObject({ dueLines: 2, dueQty: '11' });
  });

  it('refuses a bad period with a clear message', async () => {
    expect(await refused(buyer.api.get(`/portal/buyer/performance?beginTime=${today()}&endTime=${daysAgo(1)}`))).toBe('开始日期不能晚于结束日期');
    expect(await refused(buyer.api.get(`/portal/buyer/performance?beginTime=${daysAgo(400)}&endTime=${today()}`))).toBe('查询区间不能超过366天');
    expect(await refused(buyer.api.get(`/portal/buyer/performance?beginTime=2026-13&endTime=${today()}`))).toContain('开始日期格式应为 YYYY-MM-DD');
    expect((await a.api.get(`/portal/buyer/performance?${period}`)).status).toBe(403);
  });
});
