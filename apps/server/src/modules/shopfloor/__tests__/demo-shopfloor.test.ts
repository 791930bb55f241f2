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
    expect(byPerson.reduce((s, r) => s + r.reports, 0)).toBe(2);
    const panel = (await t.api.get('/shopfloor/panel')).body.data;
    expect(panel.today.goodQty).toBeGreaterThan(0);
  });
});
