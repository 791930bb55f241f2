import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { seedDemoMasterData } from '../../master/seed-demo.ts';
import { seedDemoActivity } from '../../system/demo-activity.ts';

// The demo's manufacturing story, seeded into a fresh company like the other demo suites.
describe('demo manufacturing', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'demomfg');
  await db.system((tx) => seedDemoMasterData(tx, t.tenantId));
  await seedDemoActivity(app, '/api', t.loginName, t.password);

  it('has BOMs, a calendar with holidays, a released make order on the gantt, quotations and an MRP run with proposals', async () => {
    // manufacturing's two BOMs (quality's in-process story adds its own)
    expect((await t.api.get('/bom/list')).body.data.total).toBeGreaterThanOrEqual(2);
    const cal = (await t.api.get('/workCalendar/list')).body.data.rows[0];
    expect((await t.api.get(`/workCalendar/info?id=${cal.id}`)).body.data.days.filter((d: { kind: string }) => d.kind === 'holiday')).toHaveLength(2);
    const mos = (await t.api.get('/makeOrder/list')).body.data.rows as Array<{ id: number; status: string; orderType: string }>;
    const sold = mos.find((m) => m.status === 'released' && m.orderType === 'sale');
    expect(sold).toBeTruthy();
    const wos = (await t.api.get(`/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: sold!.id }))}`)).body.data;
    expect(wos.total).toBe(3);
    expect(wos.rows.every((w: { plannedStart: string | null }) => !!w.plannedStart)).toBe(true);
    expect((await t.api.get('/quotation/list')).body.data.rows[0].saleOrderNo).toBeTruthy();
    const run = (await t.api.get('/mrp/latest')).body.data;
    expect(run).toMatchObject({ status: 'done' });
    expect(run.proposals).toBeGreaterThan(3);
    expect((await t.api.get('/mrp/proposals?status=confirmed')).body.data.total).toBeGreaterThan(0);
  });

  it('has shoes by colour × size: a late typed order with tasks, a draft one, planned sizes, and a data panel with figures', async () => {
    const mos = (await t.api.get('/makeOrder/list?pageSize=50')).body.data.rows as Array<{ id: number; status: string }>;
    const grids = [];
    for (const m of mos) {
      const g = (await t.api.get(`/makeOrder/sizes?id=${m.id}`)).body.data;
      if (g.grids.length) grids.push({ status: m.status, grid: g.grids[0] });
    }
    expect(grids.map((g) => g.status).sort()).toEqual(['draft', 'released', 'released']);
    const released = grids.find((g) => g.status === 'released' && g.grid.total === '216')!.grid;
    expect(released).toMatchObject({ name: '运动鞋 RS-01', colours: ['白色', '黑色', '红色'], sizes: ['38', '39', '40', '41', '42'], total: '216' });
    expect(released.cells).toHaveLength(13);
    const panel = (await t.api.get('/manufacture/dataPanelData')).body.data;
    expect(panel.states.map((s: { status: string }) => s.status)).toEqual(expect.arrayContaining(['draft', 'released']));
    expect(panel.late.orders).toBeGreaterThanOrEqual(1);
    expect(panel.load.some((c: { name: string; plannedHours: number }) => c.name === '成型线' && c.plannedHours > 0)).toBe(true);
    const props = (await t.api.get('/mrp/proposals?kind=make&pageSize=100')).body.data.rows as Array<{ id: number; color: string | null }>;
    const shoe = props.find((p) => p.color);
    expect(shoe).toBeTruthy();
    expect((await t.api.get(`/mrp/proposalSizes?id=${shoe!.id}`)).body.data.grid.name).toBe('运动鞋 RS-01');
    const global = (await t.api.get('/manufacture/makeGlobalData')).body.data;
    expect(global.lateOrders).toBeGreaterThanOrEqual(1);
  });
});
