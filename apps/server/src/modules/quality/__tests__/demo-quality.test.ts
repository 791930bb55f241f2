import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { demoApi, seededRandom } from '../../../platform/demo/demo-api.ts';
import { assertLedgerInvariants } from '../../inventory/__tests__/fixtures.ts';
import { qualityDemoActivity } from '../index.ts';

describe('quality demo story and dashboard', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'qdemo');
  for (const name of ['供应商甲', '供应商乙', '供应商丙']) await t.api.post('/supplier/add', { name, type: '供应商' });
  await t.api.post('/depot/add', { name: '原料仓' });
  const t0 = Date.now();
  await qualityDemoActivity(await demoApi(app, '/api', t.loginName, t.password), seededRandom(1));
  const seconds = (Date.now() - t0) / 1000;

  it('inspects six lots and two pressed batches: the dashboard shows pass rates by supplier, the Pareto and the waiting lot', async () => {
    const d = (await t.api.get('/quality/dashboard')).body.data;
    expect(d.byDay.reduce((s: number, r: { total: number }) => s + r.total, 0)).toBe(8);
    expect(d.byDay.reduce((s: number, r: { pending: number }) => s + r.pending, 0)).toBe(1);
    // lots 0 and 3 of 供应商甲 pass; 供应商丙 has lot 2 failed and lot 5 waiting; 供应商乙: lot 1 pass, lot 4 conceded
    const rates = Object.fromEntries(d.bySupplier.map((r: { name: string; rate: number }) => [r.name, r.rate]));
    expect(rates).toEqual({ 供应商甲: 100, 供应商乙: 50, 供应商丙: 0 });
    // scratches: one incoming lot and one pressed batch; one bore out of size
    expect(d.pareto.map((p: { name: string; count: number }) => [p.name, p.count])).toEqual([
      ['划伤', 2],
      ['尺寸超差', 1],
    ]);
    expect(d.pareto.map((p: { cumulative: number }) => Math.round(p.cumulative))).toEqual([67, 100]);
    const held = await db.system((tx) =>
      tx.one<{ n: string }>(`select sum(held_qty)::text as n from quality_inspection where tenant_id = $1 and status = 'pending'`, [t.tenantId]),
    );
    expect(Number(held!.n)).toBeGreaterThan(0);
    // the pressed housing: the failed batch of 8 scrapped, the batch of 6 passed — nothing held for a next step
    const press = await db.system((tx) =>
      tx.one<{ good: string; scrap: string; held: string }>(
        `select w.good_qty::text as good, w.scrap_qty::text as scrap, w.held_qty::text as held from mfg_work_order w
           join material m on m.tenant_id = w.tenant_id and m.id = w.material_id where w.tenant_id = $1 and m.name = '轴承座组件'`,
        [t.tenantId],
      ),
    );
    expect([press!.good, press!.scrap, press!.held].map(Number)).toEqual([6, 8, 0]);
    const ncr = await db.system((tx) =>
      tx.one<{ disposition: string; status: string; stage: string }>(
        `select n.disposition, n.status, q.stage from quality_nonconformance n join quality_inspection q on q.tenant_id = n.tenant_id and q.id = n.inspection_id
          where n.tenant_id = $1 and q.stage = 'inProcess'`,
        [t.tenantId],
      ),
    );
    expect(ncr).toEqual({ disposition: 'scrap', status: 'closed', stage: 'inProcess' });
    await assertLedgerInvariants(db, t.tenantId);
    console.log(`quality demo story: ${seconds.toFixed(1)} s`);
  });
});
