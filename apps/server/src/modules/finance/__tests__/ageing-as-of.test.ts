import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { exported } from '../../inventory/reports/__tests__/scenario.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { finSaved } from './fin-fixtures.ts';

const dayBefore = (n: number) => new Date(Date.now() - n * 86400_000).toISOString().slice(0, 10);

// The receivable ageing as it stood on a past date (from the journal), and price masking on finance reports.
describe('ageing as of a date, and price masking', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'finasof');
  const w = await world(t.api);
  await w.material('纸巾', 'TISSUE', {}, {});
  await saved(t.api, '入库', '采购', [line('TISSUE', 50, 2, w.depotA)], { organId: w.supplier, operTime: `${dayBefore(120)} 08:00:00` });
  // a sale of 30 a hundred days ago; 20 of it received forty days ago
  const sale = await saved(t.api, '出库', '销售', [line('TISSUE', 3, 10, w.depotA)], { organId: w.customer, operTime: `${dayBefore(100)} 09:00:00` });
  await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 20 }], { organId: w.customer, accountId: w.account, billTime: `${dayBefore(40)} 10:00:00` });
  const ageing = async (asOf?: string) =>
    (await t.api.get(`/finance/ageing?type=应收${asOf ? `&asOf=${asOf}` : ''}`)).body.data as { rows: Record<string, number>[]; sums: Record<string, number> };

  it('answers the ageing as it stood on a past date', async () => {
    // today: 10 left, 100 days old
    expect((await ageing()).rows[0]).toMatchObject({ total: 10, d90: 10, d0_30: 0 });
    expect((await ageing(dayBefore(0))).rows[0]).toMatchObject({ total: 10, d90: 10 });
    // fifty days ago: the receipt had not come, the sale was 50 days old
    expect((await ageing(dayBefore(50))).rows[0]).toMatchObject({ total: 30, d31_60: 30, d90: 0, docs: 1 });
    // ninety-five days ago: 5 days old
    expect((await ageing(dayBefore(95))).sums).toMatchObject({ total: 30, d0_30: 30 });
    // before the sale: nothing owed
    expect((await ageing(dayBefore(110))).rows).toEqual([]);
    expect((await t.api.get('/finance/ageing?type=应收&asOf=2026-13-45x')).status).toBe(400);
  });

  it('masks amounts at sale prices for a role with price masking, in the reply and the export', async () => {
    const role = await roleWith(t.api, { '/report/income_statement': '3', '/financial/write_off_detail': '3' });
    expect((await t.api.put('/role/update', { id: role, priceMasking: true })).body.code).toBe(200);
    const clerk = await userWith(app, t.api, [role]);
    const year = dayBefore(100).slice(0, 4);
    const own = (await t.api.get(`/finance/incomeStatement?year=${year}`)).body.data;
    const masked = (await clerk.api.get(`/finance/incomeStatement?year=${year}`)).body.data;
    expect(own.sums.revenue).not.toBeNull();
    expect(masked.rows.every((r: Record<string, unknown>) => r.revenue === null && r.cost === null && r.profit === null)).toBe(true);
    expect(masked.sums).toMatchObject({ revenue: null, grossProfit: null });
    const wo = (await clerk.api.get('/finance/writeOffDetail?type=收款')).body.data;
    expect(wo.rows[0]).toMatchObject({ billAmount: null, invoiced: null, settled: 20 });
    const sheet = await exported(app, clerk.token, '/finance/writeOffDetail/exportExcel?type=收款');
    expect(sheet.header).not.toContain('单据金额');
    expect(sheet.header).toContain('本次核销');
  });
});
