import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { future, past, today, ok, refused, supplierWithUser } from './portal-world.ts';

type Line = { itemId: number; lineNo: number };

/**
 * Issue 22 leftovers: the buyer publishes a shipping plan (no price anywhere), the supplier acknowledges it once;
 * the supplier reports its stock for us; the data panel counts open orders, late lines, on-time receipts and
 * passed inspections. Bad input (over the open quantity, past dates, other suppliers' lines) writes nothing.
 */
describe('supplier portal: shipping plans, supplier inventory, data panel', async () => {
  const { app, db } = await testApp();
  const buyer = await newTenant(app, 'plans');
  const depotId = (await ok<{ id: number }>(buyer.api.post('/depot/add', { name: '计划仓' }))).id;
  const code = `PLAN-${buyer.tenantId}`;
  await ok(buyer.api.post('/material/add', { name: '轴承', unit: '个', barCodes: [{ barCode: code, commodityUnit: '个' }] }));
  const sup = await supplierWithUser(app, buyer.api, '轴承厂');
  const other = await supplierWithUser(app, buyer.api, '别家厂');
  const order = (supplierId: number, qty: number, deliveryDate: string) =>
    ok<{ id: number; number: string }>(
      buyer.api.post('/depotHead/addDepotHeadAndDetail', {
        info: { type: '其它', subType: '采购订单', operTime: `${today()} 09:00:00`, organId: supplierId, status: '1', deliveryDate },
        rows: [{ barCode: code, operNumber: qty, unitPrice: 88.5, depotId }],
      }),
    );
  const onTime = await order(sup.supplierId, 10, future());
  const late = await order(sup.supplierId, 5, past());
  const foreign = await order(other.supplierId, 3, future());
  const lineOf = async (s: typeof sup, orderId: number) => (await ok<{ rows: Line[] }>(s.api.get(`/portal/order/list?orderId=${orderId}`))).rows[0]!.itemId;
  const onTimeItem = await lineOf(sup, onTime.id);
  const lateItem = await lineOf(sup, late.id);
  const foreignItem = await lineOf(other, foreign.id);
  const count = async (table: string) =>
    (await db.system((tx) => tx.one<{ n: number }>(`select count(*)::int n from ${table} where tenant_id = $1`, [buyer.tenantId])))!.n;

  it('refuses a plan over the open quantity, in the past or on another supplier’s line, writing nothing', async () => {
    const plan = (lines: unknown[]) => buyer.api.post('/portal/buyer/plan/add', { supplierId: sup.supplierId, lines });
    expect(await refused(plan([{ itemId: onTimeItem, planDate: future(), qty: 11 }]))).toBe('第1行：计划数量超出订单未收数量 10');
    expect(
      await refused(
        plan([
          { itemId: onTimeItem, planDate: future(), qty: 6 },
          { itemId: onTimeItem, planDate: future(), qty: 5 },
        ]),
      ),
    ).toBe('第2行：计划数量超出订单未收数量 4');
    expect(await refused(plan([{ itemId: onTimeItem, planDate: past(), qty: 1 }]))).toBe('计划发货日期不能早于今天');
    expect(await refused(plan([{ itemId: foreignItem, planDate: future(), qty: 1 }]))).toBe('第1行：订单明细不存在、不属于该供应商或订单已完成');
    expect(await refused(plan([{ itemId: onTimeItem, planDate: future(), qty: -1 }]))).toContain('计划数量必须大于0');
    expect(await count('portal_shipping_plan')).toBe(0);
  });

  it('publishes a plan the supplier sees without prices and acknowledges once', async () => {
    const open = await ok<Array<{ itemId: number; openQty: number }>>(buyer.api.get(`/portal/buyer/plan/openLines?supplierId=${sup.supplierId}`));
    expect(open.map((l) => [l.itemId, l.openQty])).toEqual([
      [lateItem, 5],
      [onTimeItem, 10],
    ]);
    expect(JSON.stringify(open)).not.toMatch(/88\.5|price/i);
    const plan = await ok<{ id: number; number: string }>(
      buyer.api.post('/portal/buyer/plan/add', {
        supplierId: sup.supplierId,
        remark: '分两批',
        lines: [
          { itemId: onTimeItem, planDate: future(), qty: 6 },
          { itemId: onTimeItem, planDate: future(), qty: 4 },
        ],
      }),
    );
    const seen = await ok<{ number: string; status: string; lines: Array<Record<string, unknown>> }>(sup.api.get(`/portal/plan/detail?id=${plan.id}`));
    expect(seen.number).toBe(plan.number);
    expect(seen.lines.map((l) => [l.materialName, l.qty, l.planDate, l.orderNumber])).toEqual([
      ['轴承', 6, future(), onTime.number],
      ['轴承', 4, future(), onTime.number],
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/88\.5|price/i);
    // the other supplier sees none of it
    expect((await ok<{ total: number }>(other.api.get('/portal/plan/list'))).total).toBe(0);
    expect((await other.api.get(`/portal/plan/detail?id=${plan.id}`)).status).toBe(404);
    await ok(sup.api.post('/portal/plan/ack', { id: plan.id, remark: '按计划发' }));
    expect(await refused(sup.api.post('/portal/plan/ack', { id: plan.id }))).toBe('发货计划已确认，不能重复确认');
    const list = await ok<{ rows: Array<{ number: string; status: string; ackRemark: string; lineCount: number }> }>(
      buyer.api.get(`/portal/buyer/plan/list?supplierId=${sup.supplierId}`),
    );
    expect(list.rows.map((r) => [r.number, r.status, r.ackRemark, r.lineCount])).toEqual([[plan.number, 'acknowledged', '按计划发', 2]]);
  });

  it('keeps the last stock report per material and shows it to the buyer', async () => {
    expect(await refused(sup.api.post('/portal/stock/report', { rows: [{ itemId: foreignItem, qty: 5 }] }))).toBe('第1行：订单明细不存在或不属于本供应商');
    expect(await refused(sup.api.post('/portal/stock/report', { rows: [{ itemId: onTimeItem, qty: -2 }] }))).toContain('库存数量不能为负数');
    expect(await count('portal_supplier_stock')).toBe(0);
    await ok(sup.api.post('/portal/stock/report', { rows: [{ itemId: onTimeItem, qty: 30 }] }));
    // the same material through another line: one row, the last report
    await ok(sup.api.post('/portal/stock/report', { rows: [{ itemId: lateItem, qty: '42.5', remark: '成品库' }] }));
    const own = await ok<{ rows: Array<{ materialName: string; qty: number; remark: string }> }>(sup.api.get('/portal/stock/list'));
    expect(own.rows.map((r) => [r.materialName, r.qty, r.remark])).toEqual([['轴承', 42.5, '成品库']]);
    const all = await ok<{ rows: Array<{ supplierName: string; qty: number }> }>(buyer.api.get('/portal/buyer/stock/list'));
    expect(all.rows.map((r) => r.qty)).toEqual([42.5]);
    expect((await ok<{ total: number }>(other.api.get('/portal/stock/list'))).total).toBe(0);
  });

  it('counts open orders, late lines, on-time receipts and the quality pass rate', async () => {
    expect(await ok(sup.api.get('/portal/panel'))).toEqual({
      openOrders: 2,
      openLines: 2,
      lateLines: 1,
      receivedLines: 0,
      onTimeRate: null,
      inspected: 0,
      passRate: null,
    });
    // receive the on-time line in full today and part of the late one
    for (const [orderId, itemId, qty] of [
      [onTime.id, onTimeItem, 10],
      [late.id, lateItem, 2],
    ] as const) {
      const advice = await ok<{ id: number }>(sup.api.post('/portal/advice/add', { orderId, shipDate: today(), lines: [{ itemId, qty }] }));
      const inbound = await ok<{ id: number }>(buyer.api.post('/portal/buyer/advice/toInbound', { id: advice.id }));
      await ok(buyer.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(inbound.id) }));
    }
    // two incoming inspections decided (one passed), one pending that does not count
    await db.system(async (tx) => {
      const material = (await tx.one<{ id: number }>('select id from material where tenant_id = $1 and name = $2', [buyer.tenantId, '轴承']))!.id;
      for (const [n, status] of [
        [1, 'pass'],
        [2, 'fail'],
        [3, 'pending'],
      ] as const)
        await tx.query(
          `insert into quality_inspection(tenant_id, number, stage, source_kind, partner_id, material_id, lot_qty, sample_size, status)
           values ($1, $2, 'incoming', 'purchaseIn', $3, $4, 5, 2, $5)`,
          [buyer.tenantId, `QCT-${buyer.tenantId}-${n}`, sup.supplierId, material, status],
        );
    });
    const expected = { openOrders: 1, openLines: 1, lateLines: 1, receivedLines: 2, onTimeRate: 50, inspected: 2, passRate: 50 };
    expect(await ok(sup.api.get('/portal/panel'))).toEqual(expected);
    const board = await ok<Array<Record<string, unknown>>>(buyer.api.get('/portal/buyer/panel'));
    expect(board.find((r) => r.supplierId === sup.supplierId)).toEqual({
      supplierId: sup.supplierId,
      supplierName: expect.stringContaining('轴承厂'),
      ...expected,
    });
    expect(board.find((r) => r.supplierId === other.supplierId)).toMatchObject({ openOrders: 1, lateLines: 0, receivedLines: 0 });
  });
});
