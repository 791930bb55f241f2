import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../../test-support/harness.ts';
import { detail, line, saved, world } from '../../__tests__/fixtures.ts';
import { at, data, userWithRole } from './scenario.ts';

// a day of this month before today (none on the 1st: then those documents are not posted)
const EARLIER = new Date().getDate() > 1 ? at(1) : undefined;

describe('warehouse and sales panels', async () => {
  const { app } = await testApp();
  // another company moving far more today: none of it may show below
  const other = await newTenant(app, 'pnlo');
  const ow = await world(other.api);
  await ow.material('钢笔', 'PEN');
  await saved(other.api, '入库', '采购', [line('PEN', 1000, 1, ow.depotA)], { organId: ow.supplier, operTime: at(0) });
  await saved(other.api, '出库', '销售', [line('PEN', 500, 3, ow.depotA)], { organId: ow.customer, operTime: at(0) });

  const t = await newTenant(app, 'pnl');
  const w = await world(t.api);
  const pen = await w.material('钢笔', 'PEN', { stocks: [{ depotId: w.depotA, lowSafeStock: 20 }] });
  const cup = await w.material('茶杯', 'CUP');
  const ink = await w.material('墨水', 'INK', { stocks: [{ depotId: w.depotA, lowSafeStock: 5 }] });
  const customer2 = (await t.api.post('/supplier/add', { name: '客户二', type: '客户' })).body.data.id as number;
  const buy = (qty: number, operTime: string) => saved(t.api, '入库', '采购', [line('PEN', qty, 5, w.depotA)], { organId: w.supplier, operTime });
  await buy(5, at(40));
  if (EARLIER) await buy(5, EARLIER);
  else await buy(5, at(40));
  await buy(10, at(0));
  await saved(t.api, '入库', '其它', [line('CUP', 3, 2, w.depotB)], { organId: w.supplier, operTime: at(0) });
  // sales: 4 PEN at 10 and 1 CUP at 6 today to 客户一, 2 PEN at 10 to 客户二 (earlier this month), 1 PEN back from 客户一 at 5
  await saved(t.api, '出库', '销售', [line('PEN', 4, 10, w.depotA), line('CUP', 1, 6, w.depotB)], { organId: w.customer, operTime: at(0) });
  await saved(t.api, '出库', '销售', [line('PEN', 2, 10, w.depotA)], { organId: customer2, operTime: EARLIER ?? at(0) });
  await saved(t.api, '入库', '销售退货', [line('PEN', 1, 5, w.depotA)], { organId: w.customer, operTime: at(0) });
  // last month's sale counts nowhere in this month's figures
  await saved(t.api, '出库', '销售', [line('PEN', 1, 10, w.depotA)], { organId: w.customer, operTime: at(40) });
  // an unposted (deleted) receipt counts nowhere either
  const gone = await saved(t.api, '入库', '其它', [line('CUP', 9, 1, w.depotB)], { operTime: at(0) });
  expect((await t.api.delete(`/depotHead/delete?id=${gone.id}`)).body.code).toBe(200);
  // open sales orders: 6 PEN to 客户一 with 2 shipped, 3 CUP to 客户二; a completed one is not open
  const so1 = await saved(t.api, '其它', '销售订单', [line('PEN', 6, 10, w.depotA)], { organId: w.customer, operTime: at(0), status: '1' });
  const so1Line = (await detail(t.api, so1.number)).rows[0].id as number;
  await saved(t.api, '出库', '销售', [line('PEN', 2, 10, w.depotA, { linkId: so1Line })], { organId: w.customer, operTime: at(0), linkNumber: so1.number });
  const so2 = await saved(t.api, '其它', '销售订单', [line('CUP', 3, 6, w.depotB)], { organId: customer2, operTime: at(0), status: '1' });
  const so3 = await saved(t.api, '其它', '销售订单', [line('CUP', 1, 6, w.depotB)], { organId: customer2, operTime: at(0), status: '1' });
  const so3Line = (await detail(t.api, so3.number)).rows[0].id as number;
  await saved(t.api, '出库', '销售', [line('CUP', 1, 6, w.depotB, { linkId: so3Line })], { organId: customer2, operTime: at(0), linkNumber: so3.number });

  it('shows stock per warehouse, items below safety stock and today’s and this month’s documents (仓库看板)', async () => {
    const p = await data(t.api, '/depot/panelData');
    // PEN in 甲仓: 20 in at 5, 4 + 2 + 1 + 2 out, 1 back at 5 → 12, value 60; CUP in 乙仓: 3 in at 2, 1 + 1 out → 1, value 2
    expect(p.depots).toEqual([
      { depotId: w.depotA, depotName: '甲仓', qty: 12, value: 60, items: 1 },
      { depotId: w.depotB, depotName: '乙仓', qty: 1, value: 2, items: 1 },
    ]);
    expect(p.totals).toEqual({ qty: 13, value: 62, items: 2 });
    expect(p.belowSafety.count).toBe(2);
    expect(p.belowSafety.rows.map((r: Record<string, unknown>) => [r.materialId, r.depotName, r.lowSafeStock, r.currentStock, r.shortfall])).toEqual([
      [pen, '甲仓', 20, 12, 8],
      [ink, '甲仓', 5, 0, 5],
    ]);
    // in today: 2 purchases (10 PEN) + 1 other (CUP) + 1 sale return; out today: 3 sales (the 4+1, the linked 2 PEN, the linked 1 CUP)
    const monthExtra = EARLIER ? 1 : 0;
    expect(p.movements).toEqual({ todayIn: 3, todayOut: 3, monthIn: 3 + monthExtra, monthOut: 3 + monthExtra });
  });

  it('shows sales of today and the month, top customers and items, and open sales orders (销售看板)', async () => {
    const p = await data(t.api, '/depotHead/salePanelData');
    // today: 46 − 5 + 20 + 6 = 67 over 3 outbound documents; the month adds 客户二's 20 (earlier this month)
    expect(p).toMatchObject({ todayAmount: EARLIER ? 67 : 87, todayCount: EARLIER ? 3 : 4, monthAmount: 87, monthCount: 4 });
    expect(p.topCustomers).toEqual([
      { organId: w.customer, organName: '客户一', amount: 61, count: 2 },
      { organId: customer2, organName: '客户二', amount: 26, count: 2 },
    ]);
    expect(p.topItems.map((r: Record<string, unknown>) => [r.materialId, r.materialName, r.qty, r.amount])).toEqual([
      [pen, '钢笔', 7, 75],
      [cup, '茶杯', 2, 12],
    ]);
    expect(p.openOrders.count).toBe(2);
    expect(p.openOrders.openQty).toBe(7);
    expect(p.openOrders.rows.map((r: Record<string, unknown>) => [r.number, r.organName, r.orderedQty, r.fulfilledQty, r.openQty, r.status])).toEqual([
      [so1.number, '客户一', 6, 2, 4, '3'],
      [so2.number, '客户二', 3, 0, 3, '1'],
    ]);
  });

  it('masks stock values, keeps to the user’s warehouses and customers, needs the menu, refuses unknown keys', async () => {
    const u = await userWithRole(app, t.api, { '/depot/panel': '', '/bill/sale_panel': '' }, { depotIds: [w.depotB] });
    expect((await t.api.post('/role/setDataScope', { roleId: u.roleId, customerIds: [customer2] })).body.code).toBe(200);
    expect((await t.api.put('/systemConfig/update', { depotFlag: true, customerFlag: true })).body.code).toBe(200);
    const d = await data(u.api, '/depot/panelData');
    expect(d.depots).toEqual([{ depotId: w.depotB, depotName: '乙仓', qty: 1, value: 2, items: 1 }]);
    expect(d.belowSafety).toEqual({ count: 0, rows: [] });
    // documents with a line in 乙仓 (and, for sales, 客户二's): the other receipt in, the linked CUP sale out
    expect(d.movements).toMatchObject({ todayIn: 1, todayOut: 1 });
    const s = await data(u.api, '/depotHead/salePanelData');
    // 客户二's documents with a line in 乙仓: the linked 1 CUP sale (6)
    expect(s).toMatchObject({ todayAmount: 6, todayCount: 1 });
    expect(s.topCustomers).toEqual([{ organId: customer2, organName: '客户二', amount: 6, count: 1 }]);
    expect(s.openOrders.rows.map((r: { number: string }) => r.number)).toEqual([so2.number]);
    expect((await t.api.put('/systemConfig/update', { depotFlag: false, customerFlag: false })).body.code).toBe(200);
    expect((await t.api.put('/role/update', { id: u.roleId, priceMasking: true })).body.code).toBe(200);
    const masked = await data(u.api, '/depot/panelData');
    expect(masked.depots.map((x: { qty: number; value: unknown }) => [x.qty, x.value])).toEqual([
      [12, null],
      [1, null],
    ]);
    expect(masked.totals).toEqual({ qty: 13, value: null, items: 2 });
    const none = await userWithRole(app, t.api, { '/report/material_stock': '' });
    expect((await none.api.get('/depot/panelData')).status).toBe(403);
    expect((await none.api.get('/depotHead/salePanelData')).status).toBe(403);
    expect((await t.api.get('/depot/panelData?x=1')).status).toBe(400);
    expect((await t.api.get('/depotHead/salePanelData?depotId=1')).status).toBe(400);
  });
});
