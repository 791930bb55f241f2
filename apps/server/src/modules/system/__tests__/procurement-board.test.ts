import { describe, expect, it } from 'vitest';
import { client, login, newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';

const daysAgo = (n: number) => {
  const d = new Date(Date.now() - n * 86400000);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

type Supplier = { organId: number; name: string; amount: string | null; onTimeRate: number | null; passRate: number | null };

/** 采购看板: purchases by month from the summary rows, open and late purchase order lines, top suppliers, requests awaiting. */
describe('procurement board', async () => {
  const { app } = await testApp();

  it('shows this month’s purchases, late order lines, the top supplier and the requests awaiting an order', async () => {
    const t = await newTenant(app, 'pbd');
    const w = await world(t.api);
    await w.material('采购品', 'PB-1');
    const now = `${daysAgo(0)} 09:00:00`;
    await saved(t.api, '入库', '采购', [line('PB-1', 4, 2.5, w.depotA)], { organId: w.supplier, operTime: now, status: '1' });
    await saved(t.api, '出库', '采购退货', [line('PB-1', 1, 2.5, w.depotA)], { organId: w.supplier, operTime: now, status: '1' });
    await saved(t.api, '其它', '采购订单', [line('PB-1', 3, 2, w.depotA), line('PB-1', 2, 2, w.depotA)], {
      organId: w.supplier,
      operTime: now,
      deliveryDate: daysAgo(2),
      status: '1',
    });
    await saved(t.api, '其它', '请购单', [line('PB-1', 6, 0, w.depotA)], { operTime: now, status: '1' });
    await saved(t.api, '其它', '请购单', [line('PB-1', 1, 0, w.depotA)], { operTime: now, status: '0' });

    const r = await t.api.get('/board/procurementData');
    expect(r.body.code, r.text).toBe(200);
    const d = r.body.data;
    expect(d.months).toHaveLength(12);
    const month = d.months[11];
    expect(month.month).toBe(daysAgo(0).slice(0, 7));
    expect(Number(month.received)).toBe(7.5);
    expect(Number(month.ordered)).toBe(10);
    expect(d).toMatchObject({ openOrders: 1, openLines: 2, lateOrders: 1, lateLines: 2, requestsAwaiting: 1, requestLinesAwaiting: 1 });
    const top = d.topSuppliers as Supplier[];
    expect(top).toHaveLength(1);
    expect(top[0]).toMatchObject({ organId: w.supplier, name: '供应商一', onTimeRate: null, passRate: null });
    expect(Number(top[0]!.amount)).toBe(7.5);
    expect(d.links).toMatchObject({ openOrders: '/bill/purchase_order', requests: '/bill/purchase_apply' });

    // another company's board is empty
    const other = (await (await newTenant(app, 'pbd')).api.get('/board/procurementData')).body.data;
    expect(other).toMatchObject({ openOrders: 0, lateLines: 0, requestsAwaiting: 0, topSuppliers: [] });
    expect(other.months.every((m: { received: string }) => Number(m.received) === 0)).toBe(true);
    // the demo company's board answers
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.get('/board/procurementData')).body.code).toBe(200);
  });

  it('answers no one without a session', async () => {
    const r = await client(app).get('/board/procurementData');
    expect(r.status).toBe(401);
    expect(r.body.data?.months).toBeUndefined();
  });
});
