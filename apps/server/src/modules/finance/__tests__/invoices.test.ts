import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { exported } from '../../inventory/reports/__tests__/scenario.ts';
import { FIN_REPORT_COLUMNS } from '../reports/fin-report.ts';
import { lineAmounts } from '../invoice/invoice.service.ts';
import { assertJournalInvariants, journalCounts, roleBalance } from './journal-fixtures.ts';
import { finSaved } from './fin-fixtures.ts';

type Line = { depotItemId: number; remaining: string; materialName: string; number: string };

// Receivable and payable invoices (docs/finance.md "Invoices"): partial invoicing of delivered lines,
// amounts to the cent, VAT moved from pending to output/input, never more than delivered; 核销明细.
describe('invoices over delivered sales and purchases, and the write-off detail', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'fininv');
  const other = await newTenant(app, 'fininvx');
  const w = await world(t.api);
  const ow = await world(other.api);
  await w.material('钢笔', 'PEN1', {}, {});
  await ow.material('钢笔', 'PEN1', {}, {});
  // purchase 100 at 3.33 + 13%: 333.00 + 43.29; sale 7 at 12.99 + 13%: 90.93 + 11.8209 = 102.7509
  const purchase = await saved(t.api, '入库', '采购', [line('PEN1', 100, 3.33, w.depotA, { taxRate: 13 })], { organId: w.supplier });
  const sale = await saved(t.api, '出库', '销售', [line('PEN1', 7, 12.99, w.depotA, { taxRate: 13 })], { organId: w.customer });
  await saved(other.api, '入库', '采购', [line('PEN1', 5, 2, ow.depotA)], { organId: ow.supplier });
  const foreign = await saved(other.api, '出库', '销售', [line('PEN1', 5, 8, ow.depotA)], { organId: ow.customer });
  const open = async (type: string, organId: number) => (await t.api.get(`/finInvoice/invoicable?type=${type}&organId=${organId}`)).body.data.rows as Line[];
  const issue = (body: object) => t.api.post('/finInvoice/add', { type: '应收', organId: w.customer, invoiceDate: '2026-11-22', ...body });
  let saleLine: Line;
  const invoices: string[] = [];

  it('computes each line to the cent', () => {
    const a = lineAmounts(3, '12.99', 13);
    expect([a.amount.toFixed(2), a.tax.toFixed(2), a.total.toFixed(2)]).toEqual(['38.97', '5.07', '44.04']);
    const b = lineAmounts('0.333333', '0.1', 6);
    expect([b.amount.toFixed(2), b.tax.toFixed(2), b.total.toFixed(2)]).toEqual(['0.03', '0.00', '0.03']);
  });

  it('invoices a sale in two parts, moving the tax from pending to output VAT, and refuses more than was delivered', async () => {
    [saleLine] = await open('应收', w.customer);
    expect(saleLine).toMatchObject({ number: sale.number, remaining: '7.000000', materialName: '钢笔' });
    const before = await journalCounts(db, t.tenantId);
    expect((await issue({ rows: [{ depotItemId: saleLine.depotItemId, quantity: 8 }] })).body.data.message).toBe(
      `第1行：钢笔（${sale.number}）开票数量 8 超过未开票数量 7`,
    );
    expect(await journalCounts(db, t.tenantId)).toEqual(before);

    const first = await issue({ invoiceNo: '04400001', rows: [{ depotItemId: saleLine.depotItemId, quantity: 3 }] });
    expect(first.body.code, first.text).toBe(200);
    expect(first.body.data.number).toMatch(/^XSFP\d{12}$/);
    const info = (await t.api.get(`/finInvoice/info?id=${first.body.data.id}`)).body.data;
    expect(info).toMatchObject({ amount: '38.970000', tax: '5.070000', total: '44.040000', invoiceNo: '04400001' });
    expect(info.rows[0]).toMatchObject({ billNumber: sale.number, quantity: '3.000000', unitPrice: '12.990000', taxRate: '13.000000' });
    expect((await open('应收', w.customer))[0].remaining).toBe('4.000000');
    // 4 × 12.99 = 51.96, tax 6.7548 → 6.75, total 58.71
    const second = await issue({ rows: [{ depotItemId: saleLine.depotItemId, quantity: '4' }] });
    expect(second.body.code, second.text).toBe(200);
    invoices.push(first.body.data.number, second.body.data.number);
    expect(await open('应收', w.customer)).toEqual([]);
    expect((await issue({ rows: [{ depotItemId: saleLine.depotItemId, quantity: 1 }] })).body.data.message).toBe(
      `第1行：钢笔（${sale.number}）开票数量 1 超过未开票数量 0`,
    );
    // output VAT 5.07 + 6.75; the pending keeps the rounding: 11.8209 − 11.82
    expect(await roleBalance(db, t.tenantId, 'taxOut')).toBe(-11.82);
    expect(await roleBalance(db, t.tenantId, 'taxOutPending')).toBe(-0.0009);
    const list = (await t.api.get('/finInvoice/list?type=应收')).body.data;
    expect(list.total).toBe(2);
    expect(list.sums).toEqual({ amount: 90.93, tax: 11.82, total: 102.75 });
    await assertJournalInvariants(db, t.tenantId);
  });

  it('records the supplier’s invoice: the tax moves from pending to input VAT', async () => {
    const [p] = await open('应付', w.supplier);
    expect(p.number).toBe(purchase.number);
    const r = await t.api.post('/finInvoice/add', {
      type: '应付',
      organId: w.supplier,
      invoiceDate: '2026-11-22',
      rows: [{ depotItemId: p.depotItemId, quantity: 100 }],
    });
    expect(r.body.code, r.text).toBe(200);
    expect(r.body.data.number).toMatch(/^CGFP/);
    expect(await roleBalance(db, t.tenantId, 'taxIn')).toBe(43.29);
    expect(await roleBalance(db, t.tenantId, 'taxInPending')).toBe(0);
    await assertJournalInvariants(db, t.tenantId);
  });

  it('refuses lines of another partner, another company or the wrong kind, and bad input, writing nothing', async () => {
    const before = await journalCounts(db, t.tenantId);
    const p = saleLine;
    const wrong = `第1行：不是该往来单位已出库的销售出库单据行`;
    expect((await issue({ organId: w.supplier, rows: [{ depotItemId: p.depotItemId, quantity: 1 }] })).body.data.message).toBe(wrong);
    const foreignLine = (await other.api.get(`/finInvoice/invoicable?type=应收&organId=${ow.customer}`)).body.data.rows[0] as Line;
    expect(foreignLine.number).toBe(foreign.number);
    expect((await issue({ rows: [{ depotItemId: foreignLine.depotItemId, quantity: 1 }] })).body.data.message).toBe(wrong);
    expect((await issue({ rows: [{ depotItemId: p.depotItemId, quantity: -1 }] })).status).toBe(400);
    expect((await issue({ rows: [{ depotItemId: p.depotItemId, quantity: '1.1234567' }] })).status).toBe(400);
    expect((await issue({ rows: [] })).status).toBe(400);
    expect(await journalCounts(db, t.tenantId)).toEqual(before);
  });

  it('shows in 核销明细 which receipt settled the sale, what is left and its invoices, and exports it', async () => {
    const receipt = await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 50 }], { organId: w.customer, accountId: w.account });
    const r = (await t.api.get('/finance/writeOffDetail?type=收款')).body.data;
    expect(r.total).toBe(1);
    expect(r.rows[0]).toMatchObject({
      number: receipt.number,
      sourceKind: 'account',
      sourceId: receipt.id,
      billNumber: sale.number,
      billAmount: 102.7509,
      settled: 50,
      remaining: 52.7509,
      invoiced: 102.75,
    });
    expect(r.rows[0].invoices.split(',').sort()).toEqual([...invoices].sort());
    expect(r.sums).toEqual({ settled: 50 });
    const sheet = await exported(app, t.token, '/finance/writeOffDetail/exportExcel?type=收款');
    const cols = FIN_REPORT_COLUMNS.get('/finance/writeOffDetail')!;
    expect(sheet.header).toEqual(cols.map((c) => c.header));
    expect(sheet.rows[0]).toEqual(cols.map((c) => r.rows[0][c.key]));
    expect((await t.api.get('/finance/writeOffDetail?type=付款')).body.data.total).toBe(0);
  });

  it('deletes an invoice by reversing its tax, and refuses one dated in a closed month', async () => {
    const list = (await t.api.get('/finInvoice/list?type=应收')).body.data.rows as { id: number; number: string }[];
    const del = await t.api.delete(`/finInvoice/delete?id=${list[0].id}`);
    expect(del.body.code, del.text).toBe(200);
    expect(Number((await open('应收', w.customer))[0].remaining)).toBeGreaterThan(0);
    expect((await t.api.get(`/finInvoice/info?id=${list[0].id}`)).status).toBe(404);
    await t.api.post('/accountPeriod/add', { period: '2026-10', closed: true });
    const before = await journalCounts(db, t.tenantId);
    const back = await issue({ invoiceDate: '2026-10-15', rows: [{ depotItemId: saleLine.depotItemId, quantity: 1 }] });
    expect(back.body.data.message).toBe('账期 2026-10 已结账，不能记账');
    expect(await journalCounts(db, t.tenantId)).toEqual(before);
    expect((await t.api.get('/finInvoice/list?type=应收')).body.data.total).toBe(1);
    await assertJournalInvariants(db, t.tenantId);
  });
});
