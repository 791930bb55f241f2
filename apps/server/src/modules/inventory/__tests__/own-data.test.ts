import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { line, saved, world } from './fixtures.ts';
import { exported } from '../reports/__tests__/scenario.ts';

// Issue 10 finding 1: a role of type 个人数据 ("own data only") was stored but never enforced.
describe('own-data roles see and change only their own documents', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'own');
  const w = await world(t.api);
  await w.material('台灯', 'LAMP1');
  await saved(t.api, '入库', '其它', [line('LAMP1', 50, 10, w.depotA)], { organId: w.supplier });
  const roleId = await roleWith(t.api, {
    '/bill/sale_out': '1,2,7',
    '/bill/sale_order': '1,2,7',
    '/report/in_out_detail': '3',
    '/report/in_out_summary': '3',
    '/bill/order_tracking': '3',
    '/bill/sale_panel': '3',
  });
  expect((await t.api.put('/role/update', { id: roleId, type: '个人数据' })).body.code).toBe(200);
  const seller = await userWith(app, t.api, [roleId]);
  const others = await saved(t.api, '出库', '销售', [line('LAMP1', 2, 30, w.depotA)], { organId: w.customer });
  const mine = await saved(seller.api, '出库', '销售', [line('LAMP1', 1, 30, w.depotA)], { organId: w.customer });
  // a document naming the seller as salesperson (a person with the user's name) is theirs too
  const person = (await t.api.post('/person/add', { name: seller.loginName, type: '业务员' })).body.data.id as number;
  const named = await saved(t.api, '出库', '销售', [line('LAMP1', 3, 30, w.depotA)], { organId: w.customer, salesMan: String(person) });

  it('lists only the documents they made or that name them', async () => {
    const list = (await seller.api.get('/depotHead/list?type=出库&subType=销售&currentPage=1&pageSize=50')).body.data;
    expect(list.rows.map((r: { number: string }) => r.number).sort()).toEqual([mine.number, named.number].sort());
    expect(list.total).toBe(2);
    const all = (await t.api.get('/depotHead/list?type=出库&subType=销售&currentPage=1&pageSize=50')).body.data;
    expect(all.total).toBe(3);
  });

  it('cannot open, change, audit or delete somebody else’s document', async () => {
    expect((await seller.api.get(`/depotHead/getDetailByNumber?number=${others.number}`)).status).toBe(404);
    expect((await seller.api.get(`/depotItem/getDetailList?headerId=${others.id}`)).status).toBe(404);
    expect((await seller.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(others.id) })).status).toBe(404);
    expect((await seller.api.delete(`/depotHead/delete?id=${others.id}`)).status).toBe(404);
    expect((await t.api.get(`/depotHead/getDetailByNumber?number=${others.number}`)).body.data.status).toBe('0');
    expect((await seller.api.get(`/depotHead/getDetailByNumber?number=${mine.number}`)).body.data.number).toBe(mine.number);
  });

  it('sees home figures of their own documents only', async () => {
    const s = (await seller.api.get('/depotHead/getBuyAndSaleStatistics')).body.data;
    expect(s.todaySale ?? s.monthSale).toBeDefined();
    const theirs = (await t.api.get('/depotHead/getBuyAndSaleStatistics')).body.data;
    expect(s.yearSale).toBe(30 + 90);
    expect(theirs.yearSale).toBe(60 + 30 + 90);
  });

  it('sees document reports, their exports and the sales panel of their own documents only', async () => {
    const numbers = (rows: Array<{ number: string | null }>) => [...new Set(rows.map((r) => r.number))].sort();
    const detail = (await seller.api.get('/report/inOutDetail?currentPage=1&pageSize=100')).body.data;
    expect(numbers(detail.rows)).toEqual([mine.number, named.number].sort());
    const everyone = (await t.api.get('/report/inOutDetail?currentPage=1&pageSize=100')).body.data;
    expect(numbers(everyone.rows)).toContain(others.number);
    // the export runs the same query: the seller's sheet has their two documents' lines only
    const sheet = await exported(app, seller.token, '/report/inOutDetail/exportExcel');
    const numberCol = sheet.header.indexOf('单据编号');
    expect([...new Set(sheet.rows.map((r) => r[numberCol]).filter(Boolean))].sort()).toEqual([mine.number, named.number].sort());
    const summary = (await seller.api.get(`/report/inOutSummary?currentPage=1&pageSize=100&materialParam=LAMP1`)).body.data;
    expect(summary.rows[0].outQty).toBe(1 + 3);
    const all = (await t.api.get(`/report/inOutSummary?currentPage=1&pageSize=100&materialParam=LAMP1`)).body.data;
    expect(all.rows[0].outQty).toBe(2 + 1 + 3);
    const panel = (await seller.api.get('/depotHead/salePanelData')).body.data;
    expect(panel.monthCount).toBe(2);
    expect((await t.api.get('/depotHead/salePanelData')).body.data.monthCount).toBe(3);
  });

  it('tracks only their own orders', async () => {
    const theirs = await saved(t.api, '其它', '销售订单', [line('LAMP1', 4, 30, w.depotA)], { organId: w.customer, status: '1' });
    const own = await saved(seller.api, '其它', '销售订单', [line('LAMP1', 5, 30, w.depotA)], { organId: w.customer, status: '1' });
    const rows = (await seller.api.get('/depotHead/orderTracking?currentPage=1&pageSize=100')).body.data.rows as Array<{ number: string }>;
    expect(rows.map((r) => r.number)).toEqual([own.number]);
    const all = (await t.api.get('/depotHead/orderTracking?currentPage=1&pageSize=100')).body.data.rows as Array<{ number: string }>;
    expect(all.map((r) => r.number).sort()).toEqual([own.number, theirs.number].sort());
  });
});
