import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../../../test-support/harness.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';
import { chain, deployed, taskFor } from '../../workflow/__tests__/fixtures.ts';
import { bidWorld, okData, refusal, TO_OPENING } from './fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterEach(() => vi.useRealTimers());

describe('deposit applications through the approval workflow', () => {
  it('refuses a direct audit of a bound type; submit → pass approves it, then it can be paid', async () => {
    const w = await bidWorld(app);
    const approver = await userWith(app, w.t.api, [await roleWith(w.t.api, { '/system/user': '1' })]);
    await okData(w.t.api.put('/systemConfig/update', { multiLevelApprovalFlag: true }));
    await deployed(w.t.api, 'bidDeposit', chain({ id: 'boss', assignee: { kind: 'users', userIds: [approver.id] } }));
    const id = await w.project();
    const dep = await okData(w.t.api.post('/bidding/deposit/add', { projectId: id, amount: '8000' }));
    expect(await refusal(w.t.api.post('/bidding/deposit/audit', { id: dep.id }))).toBe('保证金申请需走审批流程，请提交审批');
    await okData(w.t.api.post('/workflow/submit', { docType: 'bidDeposit', busId: dep.id }));
    const status = async () => (await okData(w.t.api.get(`/bidding/money/list?kind=deposit&projectId=${id}`))).rows[0].status;
    expect(await status()).toBe('9');
    expect(await refusal(w.t.api.delete(`/bidding/deposit/delete?id=${dep.id}`))).toBe(`申请单 ${dep.number} 审批中，不能删除`);
    await okData(approver.api.post('/workflow/task/pass', { taskId: (await taskFor(approver.api, dep.number)).id }));
    expect(await status()).toBe('1');
    await okData(w.t.api.post('/bidding/deposit/pay', { id: dep.id, date: '2026-11-02' }));
    // a fee application of the same project has no flow bound: audited directly
    const fee = await okData(w.t.api.post('/bidding/fee/add', { projectId: id, amount: '100' }));
    await okData(w.t.api.post('/bidding/fee/audit', { id: fee.id }));
    // a deposit id on the fee screen is not a fee
    expect(await refusal(w.t.api.post('/bidding/fee/audit', { id: dep.id }))).toBe('申请单不存在或已删除');
  });
});

describe('reviews hold their step', () => {
  it('a failed qualification requirement holds registration; document review lines not passed hold the opening', async () => {
    const w = await bidWorld(app);
    const id = await w.project();
    await w.walk(id, ['survey', 'qualification']);
    const reviewer = await userWith(app, w.t.api, [await roleWith(w.t.api, { '/bidding/document_review': '1' })]);
    await okData(
      w.t.api.post('/bidding/review/qualification', {
        projectId: id,
        lines: [
          { item: 'ISO9001 认证', result: 'pass', remark: '证书在有效期内' },
          { item: '近三年类似业绩 3 项', result: 'fail', remark: '仅 2 项' },
        ],
      }),
    );
    const name = (await okData(w.t.api.get(`/bidding/project/detail?id=${id}`))).name;
    expect(await refusal(w.t.api.post('/bidding/project/move', { id, to: 'registration' }))).toBe(
      `项目“${name}”资质自评有 1 项不满足（近三年类似业绩 3 项），不能报名`,
    );
    await okData(w.t.api.post('/bidding/review/qualification', { projectId: id, lines: [{ item: 'ISO9001 认证', result: 'pass', remark: '证书在有效期内' }] }));
    await w.walk(id, ['registration', 'proposal']);
    await okData(
      reviewer.api.post('/bidding/review/document', {
        projectId: id,
        lines: [
          { item: '报价一致性', reviewerId: reviewer.id, result: 'pass' },
          { item: '签章完整', reviewerId: reviewer.id, result: 'pending' },
        ],
      }),
    );
    expect(await refusal(w.t.api.post('/bidding/project/move', { id, to: 'opening' }))).toBe(`项目“${name}”标书评审尚有 1 项未通过（签章完整），不能开标`);
    const other = await bidWorld(app);
    const otherUser = await userWith(app, other.t.api, [await roleWith(other.t.api, { '/bidding/document_review': '1' })]);
    expect(await refusal(w.t.api.post('/bidding/review/document', { projectId: id, lines: [{ item: 'x', reviewerId: otherUser.id, result: 'pass' }] }))).toBe(
      '评审人不存在',
    );
    await okData(w.t.api.post('/bidding/review/document', { projectId: id, lines: [{ item: '签章完整', reviewerId: reviewer.id, result: 'pass' }] }));
    await okData(w.t.api.post('/bidding/project/move', { id, to: 'opening' }));
    const d = await okData(w.t.api.get(`/bidding/project/detail?id=${id}`));
    expect(d.reviews.map((r: any) => [r.kind, r.item, r.result])).toEqual([
      ['qualification', 'ISO9001 认证', 'pass'],
      ['document', '签章完整', 'pass'],
    ]);
  });
});

describe('the deposit summary, the workbench and the dashboard', () => {
  it('warns of a deposit not recovered N days after the result and counts the pipeline', async () => {
    const w = await bidWorld(app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 1, 10));
    const id = await w.project({ registrationDeadline: '2026-11-05', openingDate: '2026-11-08' });
    const idle = await w.project({ registrationDeadline: '2026-12-30', openingDate: '2027-01-05' });
    const dep = await okData(w.t.api.post('/bidding/deposit/add', { projectId: id, amount: '1000' }));
    await okData(w.t.api.post('/bidding/deposit/audit', { id: dep.id }));
    await okData(w.t.api.post('/bidding/deposit/pay', { id: dep.id, date: '2026-11-01' }));
    const wb = await okData(w.t.api.get('/bidding/workbench?days=14'));
    expect(wb.due.map((p: any) => p.id)).toEqual([id]);
    expect(wb.pending).toEqual([]);
    await w.walk(id, [...TO_OPENING, 'abandoned']);
    vi.setSystemTime(new Date(2026, 11, 1, 10)); // result 2026-11-01, now 30 days later: not yet overdue
    let s = await okData(w.t.api.get('/bidding/deposit/summary?overdueDays=30'));
    expect(s.rows[0]).toMatchObject({ number: dep.number, ageDays: 30, resultDate: '2026-11-01', overdue: false });
    vi.setSystemTime(new Date(2026, 11, 2, 10));
    s = await okData(w.t.api.get('/bidding/deposit/summary?overdueDays=30'));
    expect(s).toMatchObject({ overdue: 1, total: '1000' });
    expect(s.rows[0]).toMatchObject({ ageDays: 31, overdue: true });
    const dash = await okData(w.t.api.get('/bidding/dashboard'));
    expect(Object.fromEntries(dash.pipeline.map((p: any) => [p.status, p.count]))).toEqual({ abandoned: 1, info: 1 });
    expect(dash).toMatchObject({ depositOutstanding: '1000', depositOverdue: 1, winRate: null });
    expect((await okData(w.t.api.get('/bidding/workbench'))).recover.map((r: any) => r.number)).toEqual([dep.number]);
    expect(idle).toBeGreaterThan(id);
  });
});
