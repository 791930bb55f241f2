import { describe, expect, it } from 'vitest';
import { ENGINE, testApp } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, line, saved } from '../../inventory/__tests__/fixtures.ts';
import { approvalWorld, chain, deployed, okData, status, taskFor } from './fixtures.ts';

// Issue 15: the last pass is the normal audit — same ledger rows — and counts once when approvers race.
describe('approval and posting', async () => {
  const { app, db } = await testApp();
  const x = await approvalWorld(app);
  // stock in the second warehouse too, so both lines post; then stock moves on audit
  await saved(x.t.api, '入库', '其它', [line('LAMP1', 50, 12, x.w.depotB)], { organId: x.w.supplier });
  await okData(x.t.api.put('/systemConfig/update', { stockApprovalFlag: true }));
  const sale = (qty: number) =>
    saved(x.seller.api, '出库', '销售', [line('LAMP1', qty, 30, x.w.depotA), line('LAMP1', 1, 30, x.w.depotB)], { organId: x.w.customer });
  // the twin audited directly, before a flow is bound to sale outbounds
  const direct = await sale(3);
  await okData(x.seller.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(direct.id) }));
  await deployed(x.t.api, 'saleOut', chain({ id: 'mgr', assignee: { kind: 'users', userIds: [x.manager.id, x.finance1.id] }, mode: 'any' }));
  const ledger = (headerId: number) =>
    db.system((tx) =>
      tx.query<Record<string, string>>(
        `select material_id, depot_id, batch_number, qty_change::text, unit_cost::text, value_change::text, reversal, reason
           from stock_ledger where tenant_id = $1 and header_id = $2 order by depot_id, id`,
        [x.t.tenantId, headerId],
      ),
    );

  it('writes the same ledger rows on the last pass as a direct audit does', async () => {
    const approved = await sale(3);
    await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOut', busId: approved.id }));
    // in approval: nothing posted yet
    expect(await ledger(approved.id)).toEqual([]);
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, approved.number)).id }));
    expect(await status(x.seller.api, approved.number)).toBe('1');
    const rows = await ledger(approved.id);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(await ledger(direct.id));
    await assertLedgerInvariants(db, x.t.tenantId);
  });

  it.skipIf(ENGINE !== 'postgres')('two approvers of an any-may-approve node pass at once: one pass counts, the document posts once (PostgreSQL)', async () => {
    for (let round = 0; round < 5; round++) {
      const d = await sale(2);
      await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOut', busId: d.id }));
      const [a, b] = await Promise.all([taskFor(x.manager.api, d.number), taskFor(x.finance1.api, d.number)]);
      const results = await Promise.all([
        x.manager.api.post('/workflow/task/pass', { taskId: a.id }),
        x.finance1.api.post('/workflow/task/pass', { taskId: b.id }),
      ]);
      const codes = results.map((r) => r.body.code).sort();
      expect(codes, JSON.stringify(results.map((r) => r.body))).toEqual([200, 500]);
      expect(results.find((r) => r.body.code === 500)!.body.data.message).toBe('该任务已处理');
      expect(await status(x.seller.api, d.number)).toBe('1');
      expect(await ledger(d.id)).toHaveLength(2);
      const [inst] = await okData(x.seller.api.get(`/workflow/timeline?docType=saleOut&busId=${d.id}`));
      expect(inst.actions.map((r: { action: string }) => r.action)).toEqual(['submit', 'pass', 'end']);
    }
    await assertLedgerInvariants(db, x.t.tenantId);
  });
});
