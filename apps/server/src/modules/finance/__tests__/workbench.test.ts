import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { finSaved, setStatus } from './fin-fixtures.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const daysAgo = (n: number) => local(new Date(Date.now() - n * 86400_000));
const monthOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
const now = new Date();
const lastMonth15 = local(new Date(now.getFullYear(), now.getMonth() - 1, 15));
// 100 days back is always at least two calendar months back: never this month nor the last
const old = daysAgo(100);
const monthsBetween = (a: string, b: string) => (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

// Issue 14: the financial workbench (财务工作台), GET /finance/workbench.
describe('financial workbench', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'finwb');
  const w = await world(t.api);
  await w.material('台灯', 'LAMPW');
  const bench = async (api = t.api) => {
    const r = await api.get('/finance/workbench');
    expect(r.body.code, r.text).toBe(200);
    return r.body.data;
  };
  // a purchase on credit of 500 and a sale on credit of 60, a hundred days ago; a sale of 120 (cost 40) today
  await saved(t.api, '入库', '采购', [line('LAMPW', 50, 10, w.depotA)], { organId: w.supplier, operTime: `${old} 08:00:00` });
  const oldSale = await saved(t.api, '出库', '销售', [line('LAMPW', 2, 30, w.depotA)], { organId: w.customer, operTime: `${old} 09:00:00` });
  await saved(t.api, '出库', '销售', [line('LAMPW', 4, 30, w.depotA)], { organId: w.customer, operTime: `${daysAgo(0)} 08:00:00` });
  // rent of 30 paid last month
  const rent = (await t.api.post('/inOutItem/add', { name: '房租', type: '支出' })).body.data.id;
  const paidRent = await finSaved(t.api, '支出', [{ inOutItemId: rent, eachAmount: 30 }], { accountId: w.account, billTime: `${lastMonth15} 10:00:00` });
  expect((await setStatus(t.api, 'accountHead', paidRent.id, '1')).code).toBe(200);
  // a receipt of 20 for the old sale, not audited yet
  const receipt = await finSaved(t.api, '收款', [{ billId: oldSale.id, eachAmount: 20 }], {
    organId: w.customer,
    accountId: w.account,
    billTime: `${daysAgo(0)} 10:00:00`,
  });

  it('counts the to-dos and reads the key figures from the journal', async () => {
    const d = await bench();
    const count = (type: string) => d.unaudited.find((u: { type: string }) => u.type === type).count;
    expect(count('收款')).toBe(1);
    expect(count('支出')).toBe(0);
    expect(d.unaudited.find((u: { type: string }) => u.type === '收款').menu).toBe('/financial/money_in');
    // arrears: what the documents still owe (a saved receipt has posted: 60 + 120 − 20)
    expect(d.receivable).toMatchObject({ docs: 2, overdueDocs: 1 });
    expect(Number(d.receivable.amount)).toBe(160);
    expect(Number(d.receivable.overdue)).toBe(40);
    expect(d.payable.docs).toBe(1);
    expect(Number(d.payable.amount)).toBe(500);
    expect(Number(d.payable.overdue)).toBe(500);
    // this month: revenue 120, cost 4 × 10; last month: the rent
    expect(Object.fromEntries(Object.entries(d.thisMonth).map(([k, v]) => [k, Number(v)]))).toEqual({
      moneyIn: 20,
      moneyOut: 0,
      revenue: 120,
      cost: 40,
      otherIncome: 0,
      expenses: 0,
      profit: 80,
    });
    expect(Number(d.lastMonth.expenses)).toBe(30);
    expect(Number(d.lastMonth.moneyOut)).toBe(30);
    expect(Number(d.lastMonth.profit)).toBe(-30);
    expect(Number(d.cash)).toBe(-10);
    // periods: nothing closed; the first month with postings is the old documents' month
    expect(d.period).toMatchObject({ current: monthOf(now), lastClosed: null, firstOpen: old.slice(0, 7) });
    expect(d.period.toClose).toBe(monthsBetween(old.slice(0, 7), monthOf(now)));
  });

  it('follows an audit and a period close', async () => {
    expect((await setStatus(t.api, 'accountHead', receipt.id, '1')).code).toBe(200);
    const close = await t.api.post('/finance/period/close', { period: old.slice(0, 7) });
    expect(close.body.code, close.text).toBe(200);
    const d = await bench();
    expect(d.unaudited.find((u: { type: string }) => u.type === '收款').count).toBe(0);
    expect(Number(d.receivable.amount)).toBe(160);
    expect(Number(d.receivable.overdue)).toBe(40);
    expect(Number(d.thisMonth.moneyIn)).toBe(20);
    expect(Number(d.cash)).toBe(-10);
    expect(d.period).toMatchObject({ lastClosed: old.slice(0, 7), firstOpen: lastMonth15.slice(0, 7), toClose: 1 });
  });

  it('needs its menu, keeps own-data and price-masked roles to what they may see, and another company sees nothing', async () => {
    const noMenu = await userWith(app, t.api, [await roleWith(t.api, { '/financial/money_in': '1' })]);
    const refused = await noMenu.api.get('/finance/workbench');
    expect(refused.status).toBe(403);
    expect(refused.body.data.message).toBeTruthy();
    // an own-data clerk with the receipts menu and price masking: only its own documents awaiting audit, only the
    // types it may open, no sale-price figures nor payables
    const ownRole = await roleWith(t.api, { '/financial/workbench': '3', '/financial/money_in': '1' });
    expect((await t.api.put('/role/update', { id: ownRole, type: '个人数据', priceMasking: true })).body.code).toBe(200);
    const clerk = await userWith(app, t.api, [ownRole]);
    await finSaved(t.api, '收款', [{ billId: oldSale.id, eachAmount: 1 }], { organId: w.customer, accountId: w.account });
    await finSaved(clerk.api, '收款', [{ billId: oldSale.id, eachAmount: 2 }], { organId: w.customer, accountId: w.account });
    await finSaved(clerk.api, '收款', [{ billId: oldSale.id, eachAmount: 3 }], { organId: w.customer, accountId: w.account });
    const mine = await bench(clerk.api);
    expect(mine.unaudited).toEqual([{ key: 'moneyIn', type: '收款', menu: '/financial/money_in', count: 2 }]);
    expect((await bench()).unaudited.find((u: { type: string }) => u.type === '收款').count).toBe(3);
    expect(mine.thisMonth).toMatchObject({ revenue: null, cost: null, profit: null });
    expect(mine.payable).toMatchObject({ amount: null, overdue: null, docs: 1 });
    expect(Number(mine.receivable.amount)).toBe(160 - 6);
    expect((await bench()).thisMonth.revenue).not.toBeNull();
    // another company: none of this company's figures
    const other = await newTenant(app, 'finwb');
    const theirs = await bench(other.api);
    expect(theirs.unaudited.every((u: { count: number }) => u.count === 0)).toBe(true);
    expect(theirs.receivable).toEqual({ docs: 0, amount: '0', overdueDocs: 0, overdue: '0' });
    expect(Number(theirs.cash)).toBe(0);
    expect(Number(theirs.thisMonth.revenue)).toBe(0);
    expect(theirs.period.firstOpen).toBeNull();
  });
});
