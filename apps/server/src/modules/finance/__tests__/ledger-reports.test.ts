import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { assertJournalInvariants } from './journal-fixtures.ts';
import { finSaved } from './fin-fixtures.ts';

describe('reports over the journal: trial balance, reconciliation, income statement, account statistics and flow', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finrep');
  const w = await world(t.api);
  await w.material('书架', 'SHELF', {}, {});
  // dated this month, so this month's account statistics see them
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const [year, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const at = { operTime: `${today} 09:00:00` };
  await saved(t.api, '入库', '采购', [line('SHELF', 10, 4, w.depotA)], { organId: w.supplier, ...at });
  const sale = await saved(t.api, '出库', '销售', [line('SHELF', 5, 10, w.depotA, { taxRate: 13 })], { organId: w.customer, ...at });
  const receipt = await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 20 }], {
    organId: w.customer,
    accountId: w.account,
    billTime: `${today} 10:00:00`,
  });
  const rent = (await t.api.post('/inOutItem/add', { name: '房租', type: '支出' })).body.data.id;
  const expense = await finSaved(t.api, '支出', [{ inOutItemId: rent, eachAmount: 8 }], { accountId: w.account, billTime: `${today} 11:00:00` });

  it('answers the income statement as computed by hand', async () => {
    const r = (await t.api.get(`/finance/incomeStatement?year=${year}`)).body.data;
    expect(r.rows).toHaveLength(12);
    // revenue 5 × 10 net of tax, cost 5 × 4 at the stock ledger's cost, rent 8
    const hand = { revenue: 50, cost: 20, grossProfit: 30, otherIncome: 0, expenses: 8, profit: 22 };
    expect(r.rows[m - 1]).toEqual({ month: m, ...hand });
    expect(r.sums).toEqual(hand);
  });

  it('balances the trial balance and reconciles the partners', async () => {
    const tb = (await t.api.get(`/finance/trialBalance?period=${month}`)).body.data;
    expect(tb.sums.debit).toBe(tb.sums.credit);
    expect(tb.sums.closing).toBe(0);
    const byCode = Object.fromEntries(tb.rows.map((r: { code: string; closing: number }) => [r.code, r.closing]));
    expect(byCode).toMatchObject({ '1122': 36.5, '1405': 20, '2202': -40, '2221.03': -6.5, '6001': -50, '6401': 20 });
    const customers = (await t.api.get(`/finance/partnerStatement?type=客户&beginMonth=${month}&endMonth=${month}`)).body.data;
    expect(customers.rows).toEqual([{ organId: w.customer, organName: '客户一', opening: 0, debit: 56.5, credit: 20, closing: 36.5 }]);
    expect(customers.sums).toEqual({ opening: 0, debit: 56.5, credit: 20, closing: 36.5 });
    expect(customers.total).toBe(1);
    const suppliers = (await t.api.get(`/finance/partnerStatement?type=供应商&beginMonth=${month}&endMonth=${month}`)).body.data;
    expect(suppliers.rows[0]).toMatchObject({ organName: '供应商一', opening: 0, closing: 40 });
    // a later month starts where this one ended
    const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
    const later = (await t.api.get(`/finance/partnerStatement?type=客户&beginMonth=${next}&endMonth=${next}`)).body.data;
    expect(later.rows[0]).toMatchObject({ opening: 36.5, debit: 0, credit: 0, closing: 36.5 });
    await assertJournalInvariants(db, t.tenantId);
  });

  it('gives the account statistics and the flow of an account with the balance after each movement', async () => {
    expect((await t.api.get('/account/getStatistics')).body.data).toEqual({ allCurrentAmount: 12, allMonthAmount: 12 });
    const flow = (await t.api.get(`/account/findAccountInOutList?accountId=${w.account}`)).body.data;
    expect(flow.total).toBe(2);
    expect(flow.sums).toEqual({ changeAmount: 12 });
    const flowRow = (d: { id: number; number: string }) => ({
      id: undefined,
      sourceKind: 'account',
      sourceId: d.id,
      number: d.number,
      operTime: today,
      reversal: false,
    });
    expect(flow.rows.map((r: object) => ({ ...r, id: undefined }))).toEqual([
      { ...flowRow(expense), type: '支出', organName: null, changeAmount: -8, balance: 12 },
      { ...flowRow(receipt), type: '收款', organName: '客户一', changeAmount: 20, balance: 20 },
    ]);
    expect((await t.api.get('/finance/trialBalance?period=2026-13')).status).toBe(400);
  });
});
