import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { future, past, ok, purchaseOrder, refused, supplierWithUser } from './portal-world.ts';

type Line = { itemId: number; lineNo: number; qty: number; received: number; confirmStatus: string; orderNumber: string };

/**
 * Issue 22 scenario: a confirmed order → arrival advice → draft inbound → audited inbound updates the order's
 * fulfilment exactly; over-shipment, past dates and other orders' lines are refused and write nothing.
 */
describe('supplier portal: confirmation, arrival advice, inbound', async () => {
  const { app, db } = await testApp();
  const buyer = await newTenant(app, 'portal');
  const depotId = (await ok<{ id: number }>(buyer.api.post('/depot/add', { name: '原料仓' }))).id;
  for (const [name, code] of [
    ['钢板', 'P-STEEL'],
    ['螺栓', 'P-BOLT'],
  ])
    await ok(buyer.api.post('/material/add', { name, unit: '个', barCodes: [{ barCode: `${code}-${buyer.tenantId}`, commodityUnit: '个' }] }));
  const sup = await supplierWithUser(app, buyer.api, '钢材厂');
  const order = await purchaseOrder(buyer.api, sup.supplierId, depotId, [
    [`P-STEEL-${buyer.tenantId}`, 10, 12.5],
    [`P-BOLT-${buyer.tenantId}`, 10, 0.3],
  ]);
  const lines = async () => (await ok<{ rows: Line[] }>(sup.api.get(`/portal/order/list?orderId=${order.id}`))).rows;
  const adviceCount = async () =>
    Number((await db.system((tx) => tx.one<{ n: number }>('select count(*)::int n from arrival_advice where tenant_id = $1', [buyer.tenantId])))!.n);

  it('shows the supplier its order, and lets it confirm a line and propose another date for the other', async () => {
    const [steel, bolt] = (await ok<{ lines: Line[] }>(sup.api.get(`/portal/order/detail?id=${order.id}`))).lines;
    expect([steel!.qty, bolt!.qty]).toEqual([10, 10]);
    expect(
      await refused(sup.api.post('/portal/order/confirm', { orderId: order.id, lines: [{ itemId: bolt!.itemId, action: 'propose', date: past() }] })),
    ).toBe('建议交期不能早于今天');
    await ok(
      sup.api.post('/portal/order/confirm', {
        orderId: order.id,
        lines: [
          { itemId: steel!.itemId, action: 'confirm' },
          { itemId: bolt!.itemId, action: 'propose', qty: 10, date: future(), remark: '螺栓月底到' },
        ],
      }),
    );
    const pending = await ok<Array<{ itemId: number; proposedDate: string }>>(buyer.api.get('/portal/buyer/proposals'));
    expect(pending.map((p) => [p.itemId, p.proposedDate])).toEqual([[bolt!.itemId, future()]]);
    await ok(buyer.api.post('/portal/buyer/decide', { itemIds: [bolt!.itemId], accept: true }));
    expect((await lines()).map((l) => l.confirmStatus)).toEqual(['confirmed', 'accepted']);
    await ok(sup.api.post('/portal/order/progress', { itemId: steel!.itemId, percent: 60, expectedShipDate: future(), remark: '已排产' }));
    expect(await refused(sup.api.post('/portal/order/progress', { itemId: steel!.itemId, percent: 120 }))).toContain('0到100');
  });

  it('refuses over-shipment and past dates, writing nothing', async () => {
    const [steel, bolt] = await lines();
    const advice = (qty: number, shipDate = future()) =>
      sup.api.post('/portal/advice/add', { orderId: order.id, shipDate, lines: [{ itemId: steel!.itemId, qty }] });
    expect(await refused(advice(11))).toBe('第1行：发货数量超出订单未发数量 10');
    expect(await refused(advice(3, past()))).toBe('发货日期不能早于今天');
    // two lines on the same item add up
    const split = {
      orderId: order.id,
      shipDate: future(),
      lines: [
        { itemId: bolt!.itemId, qty: 6 },
        { itemId: bolt!.itemId, qty: 5 },
      ],
    };
    expect(await refused(sup.api.post('/portal/advice/add', split))).toBe('第2行：发货数量超出订单未发数量 4');
    expect(await adviceCount()).toBe(0);
  });

  it('turns an advice into a draft inbound whose audit fulfils the order exactly', async () => {
    const [steel, bolt] = await lines();
    const first = await ok<{ id: number; number: string }>(
      sup.api.post('/portal/advice/add', {
        orderId: order.id,
        shipDate: future(),
        carrier: '顺丰',
        trackingNo: 'SF123',
        lines: [
          { itemId: steel!.itemId, qty: 6, batchNumber: 'B1', expirationDate: future() },
          { itemId: bolt!.itemId, qty: 4 },
        ],
      }),
    );
    // what is announced and not yet received counts against the order
    expect(await refused(sup.api.post('/portal/advice/add', { orderId: order.id, shipDate: future(), lines: [{ itemId: steel!.itemId, qty: 5 }] }))).toBe(
      '第1行：发货数量超出订单未发数量 4',
    );
    const inbound = await ok<{ id: number; number: string }>(buyer.api.post('/portal/buyer/advice/toInbound', { id: first.id }));
    expect(await refused(buyer.api.post('/portal/buyer/advice/toInbound', { id: first.id }))).toBe(`发货通知 ${first.number} 已处理`);
    const draft = await db.system((tx) =>
      tx.one('select status, link_number, transport_number from depot_head where tenant_id = $1 and id = $2', [buyer.tenantId, inbound.id]),
    );
    expect(draft).toEqual({ status: '0', link_number: order.number, transport_number: 'SF123' });
    await ok(buyer.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(inbound.id) }));
    expect((await lines()).map((l) => l.received)).toEqual([6, 4]);
    const head = async () =>
      (await db.system((tx) => tx.one<{ status: string }>('select status from depot_head where tenant_id = $1 and id = $2', [buyer.tenantId, order.id])))!;
    expect((await head()).status).toBe('3');
    const stock = await db.system((tx) =>
      tx.query<{ batch_number: string; qty: string }>(
        'select batch_number, qty::text from stock_balance where tenant_id = $1 and depot_id = $2 order by qty desc',
        [buyer.tenantId, depotId],
      ),
    );
    expect(stock.map((s) => [s.batch_number, Number(s.qty)])).toEqual([
      ['B1', 6],
      ['', 4],
    ]);
    // the rest: exactly what is still open, then the order is complete
    const rest = await ok<{ id: number }>(
      sup.api.post('/portal/advice/add', {
        orderId: order.id,
        shipDate: future(),
        lines: [
          { itemId: steel!.itemId, qty: 4 },
          { itemId: bolt!.itemId, qty: 6 },
        ],
      }),
    );
    const second = await ok<{ id: number }>(buyer.api.post('/portal/buyer/advice/toInbound', { id: rest.id }));
    await ok(buyer.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(second.id) }));
    expect((await lines()).map((l) => l.received)).toEqual([10, 10]);
    expect((await head()).status).toBe('2');
    expect(await refused(sup.api.post('/portal/advice/add', { orderId: order.id, shipDate: future(), lines: [{ itemId: steel!.itemId, qty: 1 }] }))).toBe(
      '订单已完成或未审核，不能操作',
    );
    const mine = await ok<{ rows: Array<{ status: string; inboundNumber: string | null }> }>(sup.api.get('/portal/advice/list'));
    expect(mine.rows.map((r) => r.status)).toEqual(['received', 'received']);
  });
});
