import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { exported } from '../../inventory/reports/__tests__/scenario.ts';
import { FIN_REPORT_COLUMNS } from '../reports/fin-report.ts';
import { assertJournalInvariants } from './journal-fixtures.ts';
import { finSaved } from './fin-fixtures.ts';

const dayBefore = (n: number) => new Date(Date.now() - n * 86400_000).toISOString().slice(0, 10);
const monthOf = (d: string) => d.slice(0, 7);

// Issue 14 §3: ageing buckets, the general ledger with its documents, income and expenses, account balances, exports.
describe('ageing, general ledger, income and expenses, account balances', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'findet');
  const w = await world(t.api);
  await w.material('茶杯', 'CUP', {}, {});
  const old = dayBefore(100);
  await saved(t.api, '入库', '采购', [line('CUP', 100, 2, w.depotA)], { organId: w.supplier, operTime: `${old} 08:00:00` });
  const sale = (days: number, qty: number) =>
    saved(t.api, '出库', '销售', [line('CUP', qty, 10, w.depotA)], { organId: w.customer, operTime: `${dayBefore(days)} 09:00:00` });
  const s100 = await sale(100, 3); // 30
  const s45 = await sale(45, 5); // 50
  const s0 = await sale(0, 2); // 20
  await finSaved(t.api, '收款', [{ billId: s45.id, eachAmount: 15 }], { organId: w.customer, accountId: w.account, billTime: `${dayBefore(0)} 10:00:00` });
  const bank2 = (await t.api.post('/account/add', { name: '工行', initialAmount: 100 })).body.data.id as number;

  it('splits what each partner still owes by the documents’ age', async () => {
    const r = (await t.api.get('/finance/ageing?type=应收')).body.data;
    // 30 (100 days), 50 − 15 (45 days), 20 (today)
    const hand = { total: 85, d0_30: 20, d31_60: 35, d61_90: 0, d90: 30 };
    expect(r.rows).toEqual([{ organId: w.customer, organName: '客户一', organType: '客户', docs: 3, ...hand }]);
    expect(r.sums).toEqual({ docs: 3, ...hand });
    expect(r.total).toBe(1);
    // past the last page: no rows, the totals still there
    const past = (await t.api.get('/finance/ageing?type=应收&currentPage=2&pageSize=10')).body.data;
    expect(past).toMatchObject({ rows: [], total: 1, sums: { docs: 3, ...hand } });
    const pay = (await t.api.get('/finance/ageing?type=应付')).body.data;
    expect(pay.rows).toEqual([
      { organId: w.supplier, organName: '供应商一', organType: '供应商', docs: 1, total: 200, d0_30: 0, d31_60: 0, d61_90: 0, d90: 200 },
    ]);
    expect((await t.api.get('/finance/ageing?type=应收&organId=999999999')).body.data.rows).toEqual([]);
    expect((await t.api.get('/finance/ageing?type=欠款')).status).toBe(400);
  });

  it('lists an account’s lines with the document behind each and the running balance from the opening', async () => {
    const chart = (await t.api.get('/finance/chart')).body.data.rows as Array<{ id: number; code: string }>;
    const receivable = chart.find((a) => a.code === '1122')!.id;
    const begin = monthOf(dayBefore(45));
    const end = monthOf(dayBefore(0));
    const r = (await t.api.get(`/finance/generalLedger?accountId=${receivable}&beginMonth=${begin}&endMonth=${end}`)).body.data;
    const opening = begin === monthOf(old) ? 0 : 30;
    expect(r.rows, JSON.stringify(r)).toBeDefined();
    expect(r.opening).toBe(opening);
    const docs = r.rows.map((x: { number: string }) => x.number);
    expect(docs).toEqual([...(opening ? [] : [s100.number]), s45.number, s0.number, expect.stringMatching(/^SK/)]);
    const last = r.rows.at(-1);
    expect(last).toMatchObject({ sourceKind: 'account', docType: '收款', debit: 0, credit: 15, balance: 85, organName: '客户一', accountCode: '1122' });
    expect(r.rows.find((x: { number: string }) => x.number === s0.number)).toMatchObject({ sourceKind: 'depot', sourceId: s0.id, docType: '销售', debit: 20 });
    expect(r.closing).toBe(85);
    expect(r.sums.debit - r.sums.credit + r.opening).toBe(85);
    // a partner's sub-ledgers: the same lines, by partner
    const byPartner = (await t.api.get(`/finance/generalLedger?organId=${w.customer}&beginMonth=${monthOf(old)}&endMonth=${end}`)).body.data;
    expect(byPartner.closing).toBe(85);
    expect((await t.api.get(`/finance/generalLedger?beginMonth=${end}&endMonth=${end}`)).body.data.message).toBe('请选择科目或往来单位');
    expect((await t.api.get(`/finance/generalLedger?accountId=${receivable}&beginMonth=${end}&endMonth=${begin}`)).body.code).toBe(begin === end ? 200 : 400);
  });

  it('gives income and expenses per account and the balance of every settlement account', async () => {
    const m = monthOf(dayBefore(0));
    const ie = (await t.api.get(`/finance/incomeExpense?beginMonth=${monthOf(old)}&endMonth=${m}`)).body.data;
    expect(ie.rows.map((x: { code: string; income: number; expense: number }) => [x.code, x.income, x.expense])).toEqual([
      ['6001', 100, 0],
      ['6401', 0, 20],
    ]);
    expect(ie.sums).toEqual({ income: 100, expense: 20 });
    const ab = (await t.api.get('/finance/accountBalances')).body.data;
    expect(ab.rows).toEqual([
      { accountId: bank2, name: '工行', serialNo: null, initialAmount: 100, monthAmount: 0, currentAmount: 100 },
      { accountId: w.account, name: '现金', serialNo: null, initialAmount: 0, monthAmount: 15, currentAmount: 15 },
    ]);
    expect(ab.sums).toEqual({ initialAmount: 100, monthAmount: 15, currentAmount: 115 });
    await assertJournalInvariants(db, t.tenantId);
  });

  it('exports what the screen shows, with the 合计 row', async () => {
    const r = (await t.api.get('/finance/ageing?type=应收')).body.data;
    const sheet = await exported(app, t.token, '/finance/ageing/exportExcel?type=应收');
    const cols = FIN_REPORT_COLUMNS.get('/finance/ageing')!;
    expect(sheet.header).toEqual(cols.map((c) => c.header));
    expect(sheet.rows[0]).toEqual(cols.map((c) => r.rows[0][c.key]));
    expect(sheet.rows[1]).toEqual(['合计', ...cols.slice(1).map((c) => r.sums[c.key])]);
    expect((await t.api.get('/finance/ageing/exportExcel?type=应付&organId=999999999')).body.data.message).toBe('导出异常请联系管理员');
  });
});
