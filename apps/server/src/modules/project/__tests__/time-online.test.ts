import { describe, expect, it } from 'vitest';
import { newTenant, uniqueName } from '../../../test-support/harness.ts';
import { okData, refusal } from './fixtures.ts';
import { timeCompany } from './time-fixture.ts';

describe('工时 (addNewWork) with the manager’s approval, and 上线 (newOnline)', async () => {
  const {
    app,
    api,
    project,
    tasks: [task],
    prices: [dayRate, hourRate, device],
    people: [worker, outsider],
  } = await timeCompany('prjtime', {
    tasks: [['现场实施', 5]],
    prices: [
      { resourceType: 'role', name: '实施工程师', unit: 'day', rate: '1200' },
      { resourceType: 'person', name: '张工', unit: 'hour', rate: '180.5' },
      { resourceType: 'device', name: '跟踪仪', unit: 'day', rate: '800' },
    ],
    people: 2,
    members: 1,
  });
  const list = async () => okData(api.get(`/project/time/list?projectId=${project.id}`));

  it('logs, submits, and only the manager approves: approved hours × the rate are the project’s labour', async () => {
    const a = await okData(
      worker.api.post('/project/time/add', { taskId: task.id, workDate: '2026-11-03', hours: '6', resourcePriceId: dayRate.id, content: '布线' }),
    );
    expect(a.status).toBe('draft');
    const b = await okData(
      worker.api.post('/project/time/add', { taskId: task.id, workDate: '2026-11-04', hours: 2.5, resourcePriceId: hourRate.id, submit: true }),
    );
    const c = await okData(worker.api.post('/project/time/add', { taskId: task.id, workDate: '2026-11-04', hours: '4', submit: true }));
    // a draft cannot be decided; the worker submits it
    expect(await refusal(api.post('/project/time/decide', { id: a.id, approve: true }))).toBe('只有已提交的工时可以审批');
    expect(await refusal(api.post('/project/time/submit', { id: a.id }))).toBe('只能提交自己的工时');
    await okData(worker.api.post('/project/time/submit', { id: a.id }));
    // the worker is a member, not the manager
    expect(await refusal(worker.api.post('/project/time/decide', { id: a.id, approve: true }))).toBe('只有项目经理可以审批工时');
    expect((await okData(api.post('/project/time/decide', { id: a.id, approve: true }))).cost).toBe('900.00'); // 6 h × 1200/8
    expect((await okData(api.post('/project/time/decide', { id: b.id, approve: true }))).cost).toBe('451.25'); // 2.5 h × 180.5
    await okData(api.post('/project/time/decide', { id: c.id, approve: false, reason: '未关联任务内容' }));
    expect(await refusal(api.post('/project/time/decide', { id: a.id, approve: false }))).toBe('只有已提交的工时可以审批');

    const l = await list();
    expect(l.approvedHours).toBe('8.5');
    expect(l.labour).toBe('1351.25');
    expect(l.rows.map((r: any) => [r.workDate, r.hours, r.status]).sort()).toEqual(
      [
        ['2026-11-03', '6.000000', 'approved'],
        ['2026-11-04', '2.500000', 'approved'],
        ['2026-11-04', '4.000000', 'rejected'],
      ].sort(),
    );
    expect(l.rows.find((r: any) => r.id === c.id).rejectReason).toBe('未关联任务内容');
    const pnl = await okData(api.get(`/project/pnl?projectId=${project.id}`));
    expect([pnl.labour, pnl.approvedHours, pnl.profit, pnl.net]).toEqual(['1351.25', '8.5', '0', '-1351.25']);
    // a rejected entry, resubmitted, goes back to the manager
    await okData(worker.api.post('/project/time/submit', { id: c.id }));
    expect((await okData(api.post('/project/time/decide', { id: c.id, approve: true }))).cost).toBe('0.00');
    expect((await list()).approvedHours).toBe('12.5');
    // 项目报表 · human input: the worker's hours on the project (the manager logged none)
    const hours = await okData(api.get('/project/report/hours'));
    expect(hours.map((r: any) => [r.projectId, r.userId, r.approvedHours, r.pendingHours, r.labour])).toEqual([
      [project.id, worker.id, '12.500000', '0', '1351.250000'],
    ]);
  });

  it('refuses hours ≤ 0, more than 24 a day per person, device rates and other companies’ tasks, writing nothing', async () => {
    const before = (await list()).rows.length;
    const add = (who: typeof api, body: Record<string, unknown>) =>
      refusal(who.post('/project/time/add', { taskId: task.id, workDate: '2026-11-05', ...body }));
    expect(await add(worker.api, { hours: '0' })).toContain('工时必须大于0');
    expect(await add(worker.api, { hours: '-2' })).toContain('工时必须大于0');
    expect(await add(worker.api, { hours: '25' })).toContain('不超过24小时');
    expect(await add(worker.api, { hours: 'abc' })).toContain('工时必须大于0');
    expect(await add(worker.api, { hours: '1', workDate: '2026-02-30' })).toContain('日期不存在');
    expect(await add(worker.api, { hours: '1', resourcePriceId: device.id })).toBe('工时只能按角色或人员定价');
    await okData(worker.api.post('/project/time/add', { taskId: task.id, workDate: '2026-11-05', hours: '20' }));
    expect(await add(worker.api, { hours: '4.5' })).toContain('超过每天24小时');
    // another person's day is their own
    await okData(api.post('/project/time/add', { taskId: task.id, workDate: '2026-11-05', hours: '10' }));
    const other = await newTenant(app, 'prjtime2');
    const theirs = await okData(other.api.post('/project/add', { name: uniqueName('别家'), startDate: '2026-11-02' }));
    const theirTask = await okData(other.api.post('/project/task/add', { projectId: theirs.id, name: '别家任务', duration: 1 }));
    expect(await refusal(api.post('/project/time/add', { taskId: theirTask.id, workDate: '2026-11-05', hours: '1' }))).toBe('任务不存在');
    expect(await refusal(other.api.post('/project/time/decide', { id: (await list()).rows[0].id, approve: true }))).toBe('工时记录不存在');
    expect(await refusal(outsider.api.post('/project/time/add', { taskId: task.id, workDate: '2026-11-06', hours: '1' }))).toContain('不是该项目的成员');
    expect(await refusal(outsider.api.get(`/project/time/list?projectId=${project.id}`))).toContain('不是该项目的成员');
    expect((await list()).rows.length).toBe(before + 2);
  });

  it('records a go-live: a project in progress moves to 上线; bad sign-off and other companies are refused', async () => {
    const online = { projectId: project.id, onlineDate: '2026-11-20', scope: '一期：MES 与 WMS 上线' };
    expect(await refusal(api.post('/project/online/add', online))).toBe('项目尚未开始，不能记录上线');
    await okData(api.post('/project/transition', { id: project.id, to: 'progress' }));
    expect(await refusal(api.post('/project/online/add', { ...online, signDate: '2026-11-21' }))).toBe('填写签字日期时，签字人不能为空');
    expect(await refusal(api.post('/project/online/add', { ...online, signer: '王总', signDate: '2026-11-19' }))).toBe('签字日期不能早于上线日期');
    expect(await refusal(api.post('/project/online/add', { ...online, scope: '  ' }))).toContain('上线内容不能为空');
    expect(await refusal(outsider.api.post('/project/online/add', online))).toContain('不是该项目的成员');
    expect((await okData(api.get(`/project/online/list?projectId=${project.id}`))).length).toBe(0);
    const r = await okData(api.post('/project/online/add', { ...online, signer: '王总', signDate: '2026-11-21' }));
    expect(r.status).toBe('online');
    expect((await okData(api.get(`/project/detail?id=${project.id}`))).project.status).toBe('online');
    expect(await okData(api.get(`/project/online/list?projectId=${project.id}`))).toEqual([
      { id: r.id, onlineDate: '2026-11-20', scope: '一期：MES 与 WMS 上线', signer: '王总', signDate: '2026-11-21', remark: null },
    ]);
    const other = await newTenant(app, 'prjtime3');
    expect(await refusal(other.api.post('/project/online/add', online))).toBe('项目不存在');
  });
});
