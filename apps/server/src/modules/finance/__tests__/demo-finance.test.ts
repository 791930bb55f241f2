import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { seedDemoMasterData } from '../../master/seed-demo.ts';
import { seedDemoActivity } from '../../system/demo-activity.ts';
import { assertJournalInvariants } from './journal-fixtures.ts';

// The demo's money: receipts and payments settle part of its credit sales and purchases (seeded into a
// fresh company, as the demo-activity suite does, so the shared demo company stays as other suites expect).
describe('demo finance', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'demofin');
  await db.system((tx) => seedDemoMasterData(tx, t.tenantId));
  await seedDemoActivity(app, '/api', t.loginName, t.password);

  it('settles part of the arrears both ways, leaves some open, and keeps every journal invariant', async () => {
    const receipts = (await t.api.get('/accountHead/list?type=收款')).body.data;
    const payments = (await t.api.get('/accountHead/list?type=付款')).body.data;
    expect(receipts.total).toBeGreaterThan(3);
    expect(payments.total).toBeGreaterThan(0);
    expect(receipts.rows.every((r: { status: string }) => r.status === '1')).toBe(true);
    const open = await db.system((tx) =>
      tx.one<{ settled: number; open: number }>(
        `select count(*) filter (where balance = 0)::int settled, count(*) filter (where balance <> 0)::int open from fin_open_item where tenant_id = $1`,
        [t.tenantId],
      ),
    );
    expect(open!.settled).toBeGreaterThan(0);
    expect(open!.open).toBeGreaterThan(0);
    // invoices over the older deliveries, both ways
    expect((await t.api.get('/finInvoice/list?type=应收')).body.data.total).toBeGreaterThan(0);
    expect((await t.api.get('/finInvoice/list?type=应付')).body.data.total).toBeGreaterThan(0);
    await assertJournalInvariants(db, t.tenantId);
  });
});
