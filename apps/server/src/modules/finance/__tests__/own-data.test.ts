import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { finSaved } from './fin-fixtures.ts';

// Issue 10 finding 1, finance documents: an own-data (个人数据) user sees and acts on only the receipts they made.
describe('own-data roles see and change only their own finance documents', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'finown');
  const w = await world(t.api);
  await w.material('台灯', 'LAMP1');
  await saved(t.api, '入库', '其它', [line('LAMP1', 50, 10, w.depotA)], { organId: w.supplier });
  const roleId = await roleWith(t.api, { '/financial/money_in': '1,2,7', '/bill/sale_out': '1,2,7' });
  expect((await t.api.put('/role/update', { id: roleId, type: '个人数据' })).body.code).toBe(200);
  const clerk = await userWith(app, t.api, [roleId]);
  const sale = await saved(t.api, '出库', '销售', [line('LAMP1', 4, 30, w.depotA)], { organId: w.customer });
  const others = await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 20 }], { organId: w.customer, accountId: w.account });
  const mine = await finSaved(clerk.api, '收款', [{ billId: sale.id, eachAmount: 10 }], { organId: w.customer, accountId: w.account });

  it('lists only the receipts they made', async () => {
    const list = (await clerk.api.get('/accountHead/list?type=收款&currentPage=1&pageSize=50')).body.data;
    expect(list.rows.map((r: { billNo: string }) => r.billNo)).toEqual([mine.number]);
    expect(list.total).toBe(1);
    expect((await t.api.get('/accountHead/list?type=收款&currentPage=1&pageSize=50')).body.data.total).toBe(2);
  });

  it('cannot open, audit or delete somebody else’s receipt', async () => {
    expect((await clerk.api.get(`/accountHead/getDetailByNumber?billNo=${others.number}`)).status).toBe(404);
    expect((await clerk.api.get(`/accountHead/info?id=${others.id}`)).status).toBe(404);
    expect((await clerk.api.get(`/accountItem/getDetailList?headerId=${others.id}`)).status).toBe(404);
    expect((await clerk.api.post('/accountHead/batchSetStatus', { status: '1', ids: String(others.id) })).status).toBe(404);
    expect((await clerk.api.delete(`/accountHead/delete?id=${others.id}`)).status).toBe(404);
    // still there, untouched, for the administrator
    expect((await t.api.get(`/accountHead/getDetailByNumber?billNo=${others.number}`)).body.data).toMatchObject({ billNo: others.number, status: '0' });
    expect((await clerk.api.get(`/accountHead/getDetailByNumber?billNo=${mine.number}`)).body.data.billNo).toBe(mine.number);
  });
});
