import { describe, expect, it } from 'vitest';
import { newTenant, uniqueName } from '../../../test-support/harness.ts';
import { okData, refusal } from './fixtures.ts';
import { timeCompany } from './time-fixture.ts';

describe('工时: the author edits or deletes a draft or rejected entry; submitted and approved ones stay', async () => {
  const {
    app,
    api,
    project,
    tasks: [task, task2],
    prices: [rate, device],
    people: [worker, colleague],
  } = await timeCompany('prjtedit', {
    tasks: [
      ['现场实施', 5],
      ['培训', 2],
    ],
    prices: [
      { resourceType: 'role', name: '实施工程师', unit: 'hour', rate: '100' },
      { resourceType: 'device', name: '跟踪仪', unit: 'day', rate: '800' },
    ],
    people: 2,
    members: 2,
  });
  const rows = async () => (await okData(api.get(`/project/time/list?projectId=${project.id}`))).rows as any[];
  const row = async (id: number) => (await rows()).find((r) => r.id === id);
  const log = (day: string, hours: string, submit = false) => okData(worker.api.post('/project/time/add', { taskId: task.id, workDate: day, hours, submit }));

  it('edits a draft (task, day, hours, content, rate) and deletes one; a rejected entry edited goes back to draft', async () => {
    const a = await log('2026-11-09', '3');
    const edited = await okData(
      worker.api.post('/project/time/update', {
        id: a.id,
        taskId: task2.id,
        workDate: '2026-11-10',
        hours: '4.5',
        content: '用户培训',
        resourcePriceId: rate.id,
      }),
    );
    expect(edited).toEqual({ id: a.id, status: 'draft' });
    expect(await row(a.id)).toMatchObject({
      taskId: task2.id,
      workDate: '2026-11-10',
      hours: '4.500000',
      content: '用户培训',
      resourceName: '实施工程师',
      status: 'draft',
    });

    const b = await log('2026-11-11', '8', true);
    await okData(api.post('/project/time/decide', { id: b.id, approve: false, reason: '工时偏多' }));
    expect((await row(b.id)).status).toBe('rejected');
    await okData(worker.api.post('/project/time/update', { id: b.id, taskId: task.id, workDate: '2026-11-11', hours: '6' }));
    expect(await row(b.id)).toMatchObject({ status: 'draft', hours: '6.000000', rejectReason: null });
    // the edited entry is submitted and approved at the new hours
    await okData(worker.api.post('/project/time/submit', { id: b.id }));
    expect((await okData(api.post('/project/time/decide', { id: b.id, approve: true, resourcePriceId: rate.id }))).cost).toBe('600.00');

    const c = await log('2026-11-12', '2');
    expect(await okData(worker.api.post('/project/time/delete', { id: c.id }))).toMatchObject({ id: c.id });
    expect(await row(c.id)).toBeUndefined();
    // a rejected entry may be deleted too
    const d = await log('2026-11-13', '1', true);
    await okData(api.post('/project/time/decide', { id: d.id, approve: false }));
    await okData(worker.api.post('/project/time/delete', { id: d.id }));
    expect(await row(d.id)).toBeUndefined();
  });

  it('refuses submitted and approved entries, other people’s entries, a 25-hour day, bad input and other companies, changing nothing', async () => {
    const sub = await log('2026-11-16', '5', true);
    const appr = await log('2026-11-17', '5', true);
    await okData(api.post('/project/time/decide', { id: appr.id, approve: true }));
    const draft = await log('2026-11-18', '10');
    const before = await rows();
    const upd = (who: typeof api, id: number, body: Record<string, unknown> = {}) =>
      refusal(who.post('/project/time/update', { id, taskId: task.id, workDate: '2026-11-18', hours: '1', ...body }));
    expect(await upd(worker.api, sub.id)).toBe('工时已提交，不能修改或删除；只有草稿或被驳回的工时可以');
    expect(await upd(worker.api, appr.id)).toBe('工时已审批，不能修改或删除；只有草稿或被驳回的工时可以');
    expect(await refusal(worker.api.post('/project/time/delete', { id: sub.id }))).toBe('工时已提交，不能修改或删除；只有草稿或被驳回的工时可以');
    expect(await refusal(worker.api.post('/project/time/delete', { id: appr.id }))).toBe('工时已审批，不能修改或删除；只有草稿或被驳回的工时可以');
    // only the author: not a colleague, not the administrator
    expect(await upd(colleague.api, draft.id)).toBe('只能修改或删除自己的工时');
    expect(await upd(api, draft.id)).toBe('只能修改或删除自己的工时');
    expect(await refusal(colleague.api.post('/project/time/delete', { id: draft.id }))).toBe('只能修改或删除自己的工时');
    // the day rule counts the other entries of the new day, not the entry's own old hours
    await log('2026-11-19', '20');
    expect(await upd(worker.api, draft.id, { workDate: '2026-11-19', hours: '4.5' })).toBe('2026-11-19 的工时合计 24.5 小时，超过每天24小时');
    await okData(worker.api.post('/project/time/update', { id: draft.id, taskId: task.id, workDate: '2026-11-18', hours: '24' }));
    await okData(worker.api.post('/project/time/update', { id: draft.id, taskId: task.id, workDate: '2026-11-18', hours: '10' }));
    expect(await upd(worker.api, draft.id, { hours: '0' })).toContain('工时必须大于0');
    expect(await upd(worker.api, draft.id, { hours: '24.5' })).toContain('不超过24小时');
    expect(await upd(worker.api, draft.id, { workDate: '2026-13-01' })).toContain('日期');
    expect(await upd(worker.api, draft.id, { resourcePriceId: device.id })).toBe('工时只能按角色或人员定价');
    expect(await upd(worker.api, 99999999)).toBe('工时记录不存在');
    // another company's task, or its entry
    const other = await newTenant(app, 'prjtedit2');
    const theirs = await okData(other.api.post('/project/add', { name: uniqueName('别家'), startDate: '2026-11-02' }));
    const theirTask = await okData(other.api.post('/project/task/add', { projectId: theirs.id, name: '别家任务', duration: 1 }));
    expect(await upd(worker.api, draft.id, { taskId: theirTask.id })).toBe('任务不存在或不属于该工时的项目');
    expect(await upd(other.api, draft.id, { taskId: theirTask.id })).toBe('工时记录不存在');
    expect(await refusal(other.api.post('/project/time/delete', { id: draft.id }))).toBe('工时记录不存在');
    const after = await rows();
    expect(after.length).toBe(before.length + 1); // the 20-hour day logged above
    expect(after.find((r) => r.id === draft.id)).toMatchObject({ hours: '10.000000', workDate: '2026-11-18', taskId: task.id });
    expect(after.find((r) => r.id === sub.id)).toEqual(before.find((r) => r.id === sub.id));
    expect(after.find((r) => r.id === appr.id)).toEqual(before.find((r) => r.id === appr.id));
  });
});
