import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { chain, deployed, okData, refusal, taskFor } from '../../workflow/__tests__/fixtures.ts';
import { arrearsOf, assertJournalInvariants, bankBalance, journalCounts } from './journal-fixtures.ts';
import { finSave, finSaved, setStatus } from './fin-fixtures.ts';

// Issue 14 / 15: finance documents go through the approval engine like inventory documents; the last pass posts.
describe('finance documents through the approval engine', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finwf');
  const w = await world(t.api);
  await w.material('水壶', 'KETTLE', {}, {});
  await saved(t.api, '入库', '采购', [line('KETTLE', 10, 20, w.depotA)], { organId: w.supplier });
  const sale = await saved(t.api, '出库', '销售', [line('KETTLE', 5, 40, w.depotA)], { organId: w.customer });
  // 金额审核 on: finance documents post when audited; 多级审核 on with flows bound to receipts and advance receipts
  await okData(t.api.put('/systemConfig/update', { amountApprovalFlag: true, multiLevelApprovalFlag: true }));
  const clerkRole = await roleWith(t.api, { '/financial/money_in': '1,2,7', '/financial/advance_in': '1,2,7', '/financial/giro': '1,2,7' });
  const clerk = await userWith(app, t.api, [clerkRole]);
  const approver = await userWith(app, t.api, [await roleWith(t.api, { '/system/user': '1' })]);
  await deployed(t.api, 'moneyIn', chain({ id: 'boss', assignee: { kind: 'users', userIds: [approver.id] } }));
  await deployed(t.api, 'advanceIn', chain({ id: 'boss', assignee: { kind: 'users', userIds: [approver.id] } }));
  const status = async (id: number) => (await okData(clerk.api.get(`/accountHead/info?id=${id}`))).status as string;

  it('lists the finance types among those a flow can be bound to', async () => {
    const types = (await okData(t.api.get('/workflow/flow/types'))) as Array<{ docType?: string; key?: string; value?: string }>;
    const keys = JSON.stringify(types);
    for (const k of ['moneyIn', 'moneyOut', 'giro', 'advanceIn', 'advanceOut', 'itemIn', 'itemOut']) expect(keys).toContain(`"${k}"`);
  });

  it('refuses a direct audit and save-and-approve of a bound type; submit → 9 → pass posts the receipt', async () => {
    const receipt = await finSaved(clerk.api, '收款', [{ billId: sale.id, eachAmount: 120 }], { organId: w.customer, accountId: w.account });
    expect((await setStatus(clerk.api, 'accountHead', receipt.id, '1')).data.message).toBe('收款单需走审批流程，请提交审批');
    const direct = await finSave(clerk.api, '收款', [{ billId: sale.id, eachAmount: 1 }], { organId: w.customer, accountId: w.account, status: '1' });
    expect(direct.data.message).toBe('收款单需走审批流程，请提交审批');

    await okData(clerk.api.post('/workflow/submit', { docType: 'moneyIn', busId: receipt.id }));
    expect(await status(receipt.id)).toBe('9');
    // in approval: nothing posted, and the clerk can neither change, delete nor audit it
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(0);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(200);
    expect((await clerk.api.delete(`/accountHead/delete?id=${receipt.id}`)).body.data.message).toBe(`单据 ${receipt.number} 正在审批中，不能删除`);
    expect((await setStatus(clerk.api, 'accountHead', receipt.id, '0')).data.message).toBe(`单据 ${receipt.number} 正在审批中，不能反审核`);

    await okData(approver.api.post('/workflow/task/pass', { taskId: (await taskFor(approver.api, receipt.number)).id }));
    expect(await status(receipt.id)).toBe('1');
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(120);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(80);
    // un-audit reverses it as after a direct audit
    expect((await setStatus(clerk.api, 'accountHead', receipt.id, '0')).code).toBe(200);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(0);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(200);
    await assertJournalInvariants(db, t.tenantId);
  });

  it('reject returns the document to unaudited with nothing posted; it can then be changed and submitted again', async () => {
    const { lines, entries } = (await journalCounts(db, t.tenantId))!;
    const adv = await finSaved(clerk.api, '收预付款', [{ accountId: w.account, eachAmount: 50 }], { organId: w.customer });
    await okData(clerk.api.post('/workflow/submit', { docType: 'advanceIn', busId: adv.id }));
    expect(await refusal(approver.api.post('/workflow/task/reject', { taskId: (await taskFor(approver.api, adv.number)).id }))).toBeTruthy();
    await okData(approver.api.post('/workflow/task/reject', { taskId: (await taskFor(approver.api, adv.number)).id, comment: '金额不对' }));
    expect(await status(adv.id)).toBe('0');
    expect(await journalCounts(db, t.tenantId)).toMatchObject({ lines, entries });
    await okData(
      clerk.api.put('/accountHead/updateAccountHeadAndDetail', {
        info: { id: adv.id, type: '收预付款', billTime: '2026-11-21 10:00:00', organId: w.customer },
        rows: [{ accountId: w.account, eachAmount: 55 }],
      }),
    );
    await okData(clerk.api.post('/workflow/submit', { docType: 'advanceIn', busId: adv.id }));
    await okData(approver.api.post('/workflow/task/pass', { taskId: (await taskFor(approver.api, adv.number)).id }));
    expect(await status(adv.id)).toBe('1');
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(55);
    await assertJournalInvariants(db, t.tenantId);
  });

  it('a type with no flow bound is still audited directly under the switch, and submitting it is refused', async () => {
    const bank = (await okData(t.api.post('/account/add', { name: '银行' }))).id as number;
    const slip = await finSaved(clerk.api, '转账', [{ accountId: bank, eachAmount: 5 }], { accountId: w.account });
    expect(await refusal(clerk.api.post('/workflow/submit', { docType: 'giro', busId: slip.id }))).toBeTruthy();
    expect(await status(slip.id)).toBe('0');
    expect((await setStatus(clerk.api, 'accountHead', slip.id, '1')).code).toBe(200);
    expect(await status(slip.id)).toBe('1');
    await assertJournalInvariants(db, t.tenantId);
  });
});
