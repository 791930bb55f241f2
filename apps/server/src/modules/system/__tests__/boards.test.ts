import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';

const daysAgo = (n: number) => {
  const d = new Date(Date.now() - n * 86400000);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

type Figure = { key: string; count: number; amount?: string | null; link: string };

/** The cross-area boards read summary rows and open items, and each figure names the list it opens. */
describe('early warning, operations and workbench boards', async () => {
  const { app } = await testApp();

  it('counts what needs attention and what was traded, from the summary rows', async () => {
    const t = await newTenant(app, 'brd');
    const w = await world(t.api);
    const m = (
      await t.api.post('/material/add', {
        name: '预警品',
        unit: '个',
        barCodes: [{ barCode: 'BW-1', commodityUnit: '个' }],
        stocks: [{ depotId: w.depotA, lowSafeStock: 10 }],
      })
    ).body;
    expect(m.code, JSON.stringify(m)).toBe(200);
    const old = `${daysAgo(40)} 09:00:00`;
    const now = `${daysAgo(0)} 09:00:00`;
    await saved(t.api, '入库', '采购', [line('BW-1', 5, 2, w.depotA)], { organId: w.supplier, operTime: old, status: '1' });
    await saved(t.api, '出库', '销售', [line('BW-1', 2, 5, w.depotA)], { organId: w.customer, operTime: old, status: '1' });
    await saved(t.api, '出库', '销售', [line('BW-1', 1, 7, w.depotA)], { organId: w.customer, operTime: now, status: '1' });
    await saved(t.api, '其它', '销售订单', [line('BW-1', 3, 5, w.depotA)], { organId: w.customer, operTime: now, deliveryDate: daysAgo(1), status: '1' });

    const warn = await t.api.get('/board/warningData');
    expect(warn.body.code, warn.text).toBe(200);
    const f = Object.fromEntries((warn.body.data.figures as Figure[]).map((x) => [x.key, x]));
    expect(f.belowSafety).toMatchObject({ count: 1, link: '/report/stock_warning' });
    expect(f.overdueReceivables!.count).toBe(1);
    expect(Number(f.overdueReceivables!.amount)).toBe(10);
    expect(f.overduePayables!.count).toBe(1);
    expect(Number(f.overduePayables!.amount)).toBe(10);
    expect(f.lateSaleOrders).toMatchObject({ count: 1, link: '/bill/sale_order' });
    expect(f.latePurchaseOrders!.count).toBe(0);

    const ops = (await t.api.get('/board/operationsData')).body.data;
    expect(ops.days).toHaveLength(30);
    expect(Number(ops.days[29].sale)).toBe(7);
    expect(Number(ops.months.saleThis)).toBeGreaterThanOrEqual(7);
    expect(ops.topCustomers[0]).toMatchObject({ organId: w.customer, name: '客户一' });
    expect(Number(ops.owed.receivable)).toBe(17);
    expect(Number(ops.owed.payable)).toBe(10);

    const wb = (await t.api.get('/board/workbenchData')).body.data;
    const saleOut = wb.global.figures.find((x: { key: string }) => x.key === 'saleOut');
    expect(saleOut).toMatchObject({ todayDocs: 1, link: '/bill/sale_out' });
    expect(Number(saleOut.todayAmount)).toBe(7);
    expect(wb.business.openSaleOrders).toBe(1);
    expect(Number(wb.depot.todayOutQty)).toBe(1);
    expect(wb.depot.belowSafety).toBe(1);

    // another company's boards are empty
    const other = await newTenant(app, 'brd');
    const o = Object.fromEntries(((await other.api.get('/board/warningData')).body.data.figures as Figure[]).map((x) => [x.key, x.count]));
    expect(Object.values(o).every((c) => c === 0)).toBe(true);
    // the demo company's boards answer
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.get('/board/workbenchData')).status).toBe(200);
  });
});
