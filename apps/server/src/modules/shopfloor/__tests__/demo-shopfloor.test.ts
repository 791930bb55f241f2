import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { seedDemoMasterData } from '../../master/seed-demo.ts';
import { seedDemoActivity } from '../../system/demo-activity.ts';

// The demo's shop floor story, seeded into a fresh company like the other demo suites.
describe('demo shop floor', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'demosf');
  await db.system((tx) => seedDemoMasterData(tx, t.tenantId));
  await seedDemoActivity(app, '/api', t.loginName, t.password);

  it('has a started work order with reports that the statistics and the panel show', async () => {
    const wos = (await t.api.get('/workOrder/list')).body.data.rows as Array<{ status: string; goodQty: string | null }>;
    expect(wos.some((w) => w.status === 'started' && Number(w.goodQty) > 0)).toBe(true);
    const byPerson = (await t.api.get('/shopfloor/reportStats?by=person')).body.data as Array<{ reports: number }>;
    // every demo report is in the statistics: the shop floor's two and quality's in-process batches
    const reports = await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from sf_report where tenant_id = $1', [t.tenantId]));
    expect(reports!.n).toBeGreaterThanOrEqual(4);
    expect(byPerson.reduce((s, r) => s + r.reports, 0)).toBe(reports!.n);
    const panel = (await t.api.get('/shopfloor/panel')).body.data;
    expect(panel.today.goodQty).toBeGreaterThan(0);
  });

  it('has three weeks of chairs reported day by day (补报): the data panel shows output on past days, not only today', async () => {
    const output = (await t.api.get('/manufacture/dataPanelData')).body.data.output as Array<{ day: string; good: string }>;
    const today = new Date().toISOString().slice(0, 10);
    const pastDays = output.filter((d) => d.day < today && Number(d.good) > 0);
    expect(pastDays.length).toBeGreaterThanOrEqual(8);
    expect(pastDays.reduce((s, d) => s + Number(d.good), 0)).toBe(60);
    const mos = (await t.api.get('/makeOrder/list?pageSize=50')).body.data.rows as Array<{ status: string; orderDate: string }>;
    expect(mos.some((m) => m.status === 'done' && m.orderDate < today)).toBe(true);
  });

  it('has a paused work order for the task list, and devices with a closed and an open repair order', async () => {
    const wos = (await t.api.get('/workOrder/list')).body.data.rows as Array<{ status: string }>;
    expect(wos.filter((w) => w.status === 'paused')).toHaveLength(1);
    const devices = (await t.api.get('/device/list')).body.data.rows as Array<{ code: string; workCentreId: number | null }>;
    expect(devices.map((d) => d.code).sort()).toEqual(['SB-001', 'SB-002', 'SB-003']);
    expect(devices.every((d) => d.workCentreId)).toBe(true);
    const repairs = (await t.api.get('/repairOrder/list')).body.data.rows as Array<{ repairNo: string; status: string; downFrom: string | null }>;
    const byNo = Object.fromEntries(repairs.map((r) => [r.repairNo, r]));
    expect([byNo['WX-DEMO-001']?.status, byNo['WX-DEMO-002']?.status]).toEqual(['closed', 'reported']);
    // three weeks ago, dated from today
    const ago = (Date.now() - Date.parse(`${String(byNo['WX-DEMO-001'].downFrom).replace(' ', 'T')}Z`)) / 86_400_000;
    expect(ago).toBeGreaterThan(20);
    expect(ago).toBeLessThan(22);
  });

  it('has a switched-off weighing station that start-up never opens, and three weeks of weighings', async () => {
    const stations = (await t.api.get('/shopfloor/weighing/stations')).body.data as Array<{ id: number; name: string; enabled: boolean }>;
    expect(stations.map((s) => [s.name, s.enabled])).toEqual([['包装称重站', false]]);
    expect((await t.api.get(`/shopfloor/weighing/reading?stationId=${stations[0]!.id}`)).body.data.message).toBe('称重站 包装称重站 已停用');
    const list = (await t.api.get('/shopfloor/weighing/list?pageSize=500')).body.data as { total: number; rows: Array<{ takenAt: string; net: string }> };
    expect(list.total).toBeGreaterThan(20);
    const oldest = Math.min(...list.rows.map((r) => Date.parse(r.takenAt)));
    expect((Date.now() - oldest) / 86_400_000).toBeGreaterThan(14);
    expect(list.rows.every((r) => Number(r.net) > 7.7 && Number(r.net) < 8.3)).toBe(true);
  });

  it('has weekly inspections of the press: done ones, one abnormal, the latest open', async () => {
    const tasks = (await t.api.get('/deviceInspectionTask/list?pageSize=50')).body.data.rows as Array<{ status: string }>;
    const count = (s: string) => tasks.filter((x) => x.status === s).length;
    expect(tasks.length).toBeGreaterThanOrEqual(6);
    expect([count('abnormal'), count('open')]).toEqual([1, 1]);
    expect(count('normal')).toBe(tasks.length - 2);
  });
});
