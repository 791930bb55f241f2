import { describe, expect, it } from 'vitest';
import { newTenant, testApp, type Client } from '../../../../test-support/harness.ts';
import { detail, line, saved, world } from '../../__tests__/fixtures.ts';
import { asSheet, at, data, exported, userWithRole } from './scenario.ts';

const pick = (rows: Array<Record<string, unknown>>, keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));
const QTY = ['number', 'organName', 'materialName', 'depotName', 'orderedQty', 'fulfilledQty', 'openQty', 'allPrice', 'status', 'statusName'];

/** A document made from an order: `take` is what each of the order's lines gets (by line order). */
async function fromOrder(api: Client, type: string, subType: string, orderNumber: string, take: number[], info: object) {
  const order = await detail(api, orderNumber);
  const rows = (order.rows as Array<{ id: number; barCode: string; unitPrice: number; depotId: number }>)
    .map((l, i) => line(l.barCode, take[i], l.unitPrice, l.depotId, { linkId: l.id }))
    .filter((_, i) => take[i] > 0);
  return saved(api, type, subType, rows, { ...info, linkNumber: orderNumber });
}

describe('order tracking (订单跟踪)', async () => {
  const { app } = await testApp();
  // another company with an order of the same goods: none of it may show below
  const other = await newTenant(app, 'otko');
  const ow = await world(other.api);
  await ow.material('钢笔', 'PEN');
  await saved(other.api, '其它', '销售订单', [line('PEN', 99, 1, ow.depotA)], { organId: ow.customer, status: '1' });

  const t = await newTenant(app, 'otk');
  const w = await world(t.api);
  await w.material('钢笔', 'PEN');
  await w.material('茶杯', 'CUP');
  const customer2 = (await t.api.post('/supplier/add', { name: '客户二', type: '客户' })).body.data.id as number;
  const po = await saved(t.api, '其它', '采购订单', [line('PEN', 10, 5, w.depotA), line('CUP', 4, 2, w.depotA)], {
    organId: w.supplier,
    operTime: at(3),
    status: '1',
  });
  await fromOrder(t.api, '入库', '采购', po.number, [6, 0], { organId: w.supplier, operTime: at(2) });
  const so1 = await saved(t.api, '其它', '销售订单', [line('PEN', 5, 9, w.depotA)], { organId: w.customer, operTime: at(2), status: '1' });
  await fromOrder(t.api, '出库', '销售', so1.number, [3], { organId: w.customer, operTime: at(1) });
  const so2 = await saved(t.api, '其它', '销售订单', [line('CUP', 2, 4, w.depotB)], { organId: customer2, operTime: at(1), status: '1' });
  const so3 = await saved(t.api, '其它', '销售订单', [line('PEN', 1, 9, w.depotA)], { organId: w.customer, operTime: at(0) });
  const get = (url: string) => data(t.api, url);

  it('lists sales order lines newest first with ordered, fulfilled and open quantities and the order status', async () => {
    const r = await get('/depotHead/orderTracking');
    expect(pick(r.rows, QTY)).toEqual([
      {
        number: so3.number,
        organName: '客户一',
        materialName: '钢笔',
        depotName: '甲仓',
        orderedQty: 1,
        fulfilledQty: 0,
        openQty: 1,
        allPrice: 9,
        status: '0',
        statusName: '未审核',
      },
      {
        number: so2.number,
        organName: '客户二',
        materialName: '茶杯',
        depotName: '乙仓',
        orderedQty: 2,
        fulfilledQty: 0,
        openQty: 2,
        allPrice: 8,
        status: '1',
        statusName: '已审核',
      },
      {
        number: so1.number,
        organName: '客户一',
        materialName: '钢笔',
        depotName: '甲仓',
        orderedQty: 5,
        fulfilledQty: 3,
        openQty: 2,
        allPrice: 45,
        status: '3',
        statusName: '部分完成',
      },
    ]);
    expect(r).toMatchObject({ total: 3, sums: { orderedQty: 8, fulfilledQty: 3, openQty: 5, allPrice: 62 } });
  });

  it('switches to purchase orders; a completed line shows nothing open', async () => {
    const r = await get('/depotHead/orderTracking?type=purchase');
    expect(pick(r.rows, QTY)).toEqual([
      {
        number: po.number,
        organName: '供应商一',
        materialName: '钢笔',
        depotName: '甲仓',
        orderedQty: 10,
        fulfilledQty: 6,
        openQty: 4,
        allPrice: 50,
        status: '3',
        statusName: '部分完成',
      },
      {
        number: po.number,
        organName: '供应商一',
        materialName: '茶杯',
        depotName: '甲仓',
        orderedQty: 4,
        fulfilledQty: 0,
        openQty: 4,
        allPrice: 8,
        status: '3',
        statusName: '部分完成',
      },
    ]);
    // receiving the rest completes the order
    await fromOrder(t.api, '入库', '采购', po.number, [4, 4], { organId: w.supplier, operTime: at(0) });
    const done = await get('/depotHead/orderTracking?type=purchase');
    expect(pick(done.rows, ['fulfilledQty', 'openQty', 'status', 'statusName'])).toEqual([
      { fulfilledQty: 10, openQty: 0, status: '2', statusName: '完成' },
      { fulfilledQty: 4, openQty: 0, status: '2', statusName: '完成' },
    ]);
    expect((await get('/depotHead/orderTracking?type=purchase&openOnly=1')).total).toBe(0);
  });

  it('filters by number, partner, item, date, status and open lines', async () => {
    const numbers = async (q: string) => (await get(`/depotHead/orderTracking?${q}`)).rows.map((x: { number: string }) => x.number);
    expect(await numbers(`number=${so1.number.slice(-6)}`)).toEqual([so1.number]);
    expect(await numbers(`organId=${customer2}`)).toEqual([so2.number]);
    expect(await numbers('materialParam=PEN')).toEqual([so3.number, so1.number]);
    expect(await numbers(`beginTime=${at(1).slice(0, 10)}&endTime=${at(1).slice(0, 10)}`)).toEqual([so2.number]);
    expect(await numbers('status=3')).toEqual([so1.number]);
    expect(await numbers('openOnly=1&pageSize=1&currentPage=2')).toEqual([so2.number]);
  });

  it('exports the same lines with a totals row', async () => {
    const r = await get('/depotHead/orderTracking');
    const sheet = await exported(app, t.token, '/depotHead/orderTracking/exportExcel');
    const expected = asSheet('/depotHead/orderTracking', r.rows);
    expect(sheet.header).toEqual(expected.header);
    expect(sheet.rows.slice(0, 3)).toEqual(expected.rows);
    expect(sheet.rows[3].slice(0, 1)).toEqual(['合计']);
  });

  it('keeps to the user’s warehouses and customers, masks amounts, needs the menu, refuses bad input', async () => {
    const u = await userWithRole(app, t.api, { '/bill/order_tracking': '' }, { depotIds: [w.depotA] });
    expect((await t.api.post('/role/setDataScope', { roleId: u.roleId, customerIds: [customer2] })).body.code).toBe(200);
    expect((await data(u.api, '/depotHead/orderTracking')).total).toBe(3);
    expect((await t.api.put('/systemConfig/update', { depotFlag: true })).body.code).toBe(200);
    // 客户二's order is in 乙仓: out of the user's warehouses
    expect((await data(u.api, '/depotHead/orderTracking')).rows.map((x: { number: string }) => x.number)).toEqual([so3.number, so1.number]);
    expect((await t.api.put('/systemConfig/update', { depotFlag: false, customerFlag: true })).body.code).toBe(200);
    expect((await data(u.api, '/depotHead/orderTracking')).rows.map((x: { number: string }) => x.number)).toEqual([so2.number]);
    // purchase orders have suppliers, not customers: the customer scope does not hide them
    expect((await data(u.api, '/depotHead/orderTracking?type=purchase')).total).toBe(2);
    expect((await t.api.put('/systemConfig/update', { customerFlag: false })).body.code).toBe(200);
    expect((await t.api.put('/role/update', { id: u.roleId, priceMasking: true })).body.code).toBe(200);
    const masked = await data(u.api, '/depotHead/orderTracking');
    expect(masked.rows.every((x: { allPrice: unknown; orderedQty: number }) => x.allPrice === null && x.orderedQty > 0)).toBe(true);
    expect(masked.sums).toEqual({ orderedQty: 8, fulfilledQty: 3, openQty: 5, allPrice: null });
    expect((await u.api.get('/depotHead/orderTracking/exportExcel')).status).toBe(403);
    const none = await userWithRole(app, t.api, { '/report/material_stock': '' });
    expect((await none.api.get('/depotHead/orderTracking')).status).toBe(403);
    for (const bad of ['type=all', 'status=5', 'openOnly=2', 'organId=x', 'beginTime=2026-13-01', 'foo=1', 'number=' + 'x'.repeat(51)]) {
      const r = await t.api.get(`/depotHead/orderTracking?${bad}`);
      expect(r.status, `${bad}: ${r.text}`).toBe(400);
    }
  });
});
