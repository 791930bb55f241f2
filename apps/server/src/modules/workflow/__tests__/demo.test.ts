import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { seedDemoMasterData } from '../../master/seed-demo.ts';
import { seedDemoActivity } from '../../system/demo-activity.ts';
import { okData } from './fixtures.ts';

// The demo's approvals (seeded into a fresh company, as the demo-activity suite does): flows deployed,
// documents waiting, passed and rejected, so the to-do, done and timeline screens have something to show.
describe('demo approvals', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'demowf');
  const { db } = await testApp();
  await db.system((tx) => seedDemoMasterData(tx, t.tenantId));
  await seedDemoActivity(app, '/api', t.loginName, t.password);

  it('deploys a purchase-order and a sales-order flow and leaves tasks to do and done', async () => {
    const flows = (await okData(t.api.get('/workflow/flow/list?currentPage=1&pageSize=20'))).rows as Array<{ processType: string; version: number }>;
    expect(flows.map((f) => [f.processType, f.version]).sort()).toEqual([
      ['purchaseOrder', 1],
      ['saleOrder', 1],
    ]);
    const todo = (await okData(t.api.get('/workflow/task/todo?currentPage=1&pageSize=50'))).rows as Array<{ docType: string; busNumber: string }>;
    expect(todo.filter((r) => r.docType === 'purchaseOrder')).toHaveLength(1);
    expect(todo.filter((r) => r.docType === 'saleOrder')).toHaveLength(2);
    expect((await okData(t.api.get('/workflow/task/todoCount'))).count).toBe(3);
    const done = (await okData(t.api.get('/workflow/task/done?currentPage=1&pageSize=50'))).rows as Array<{ status: string }>;
    expect(done.map((d) => d.status).sort()).toEqual(['passed', 'passed', 'rejected']);
    // every waiting document is in approval (9); the rejected one is back to unaudited with its reason
    for (const r of todo) expect((await okData(t.api.get(`/depotHead/getDetailByNumber?number=${r.busNumber}`))).status).toBe('9');
    const mine = (await okData(t.api.get('/workflow/instance/mine?currentPage=1&pageSize=50'))).rows as Array<{ status: string }>;
    expect(mine.map((m) => m.status).sort()).toEqual(['passed', 'passed', 'passed', 'rejected', 'running', 'running', 'running']);
  });

  it('leaves the multi-level audit switch off, so new documents in the demo company audit directly', async () => {
    const c = await okData(t.api.get('/systemConfig/getCurrentInfo'));
    expect(c.multiLevelApprovalFlag).toBe(false);
  });
});
