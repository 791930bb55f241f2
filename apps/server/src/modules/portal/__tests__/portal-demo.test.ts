import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { demoApi, seededRandom } from '../../../platform/demo/demo-api.ts';
import { portalDemoActivity } from '../index.ts';
import { ok, purchaseOrder } from './portal-world.ts';

/** The portal's demo story through the API: advices, then two shipping plans (one acknowledged) and reported stock. */
describe('the supplier portal demo story', async () => {
  const { app } = await testApp();
  it('leaves plans, stock and a panel for the demo supplier', async () => {
    const t = await newTenant(app, 'portaldemo');
    const depotId = (await ok<{ id: number }>(t.api.post('/depot/add', { name: '演示仓' }))).id;
    const code = `DEMO-${t.tenantId}`;
    await ok(t.api.post('/material/add', { name: '演示料', unit: '个', barCodes: [{ barCode: code, commodityUnit: '个' }] }));
    const supplierId = (await ok<{ id: number }>(t.api.post('/supplier/add', { name: `演示供应商${t.tenantId}`, type: '供应商' }))).id;
    for (const n of [8, 6, 4]) await purchaseOrder(t.api, supplierId, depotId, [[code, n, 2]]);
    await portalDemoActivity(await demoApi(app, '/api', t.loginName, t.password), seededRandom(1));
    const plans = await ok<{ rows: Array<{ status: string; lineCount: number }> }>(t.api.get('/portal/buyer/plan/list'));
    expect(plans.rows.map((p) => p.status)).toEqual(['published', 'acknowledged']);
    const stock = await ok<{ rows: Array<{ materialName: string; qty: number }> }>(t.api.get('/portal/buyer/stock/list'));
    expect(stock.rows.map((s) => s.materialName)).toEqual(['演示料']);
    const [panel] = await ok<Array<{ supplierId: number; openOrders: number }>>(t.api.get(`/portal/buyer/panel?supplierId=${supplierId}`));
    // open: the orders not completed (the first is claimed in full by the draft inbound made from its advice)
    const open = await ok<{ total: number }>(
      t.api.get(`/depotHead/list?type=${encodeURIComponent('其它')}&subType=${encodeURIComponent('采购订单')}&status=1,3&pageSize=10`),
    );
    expect(open.total).toBeGreaterThan(0);
    expect(panel!.openOrders).toBe(open.total);
  });
});
