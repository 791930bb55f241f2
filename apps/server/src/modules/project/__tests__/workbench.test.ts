import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { defaultCalendar, okData, refusal } from './fixtures.ts';

const MENUS = ['/project/list', '/project/task', '/project/workbench'];

/** 项目工作台: my open tasks, my time entries, the entries waiting for me as manager, my projects' progress. */
describe('project workbench', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'prjwb');
  const api = t.api;
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  await defaultCalendar(api, []);
  const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
  const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
  await okData(
    api.post('/role/setGrants', {
      roleId: role.id,
      grants: MENUS.map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: url === '/project/workbench' ? '' : '1' })),
    }),
  );
  const loginName = uniqueName('u');
  const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
  const worker = await login(app, loginName);
  // Monday 2026-11-02: 布线 3 d (11-02…11-04) → 调试 2 d (11-05…11-06), both the worker's; 文档 (nobody's)
  const p = await okData(api.post('/project/add', { name: uniqueName('产线'), startDate: '2026-11-02' }));
  const hidden = await okData(api.post('/project/add', { name: uniqueName('别的项目'), startDate: '2026-11-02' }));
  await okData(api.post('/project/members', { projectId: p.id, members: [{ userId: u.id, role: 'member' }] }));
  const wire = await okData(api.post('/project/task/add', { projectId: p.id, name: '布线', duration: 3, assigneeId: u.id }));
  const tune = await okData(api.post('/project/task/add', { projectId: p.id, name: '调试', duration: 2, assigneeId: u.id }));
  await okData(api.post('/project/task/add', { projectId: p.id, name: '文档', duration: 1 }));
  await okData(api.post('/project/task/add', { projectId: hidden.id, name: '别处', duration: 1, assigneeId: u.id }));
  await okData(api.post('/project/link/add', { predId: wire.id, succId: tune.id, kind: 'FS', lag: 0 }));
  await okData(api.post('/project/members', { projectId: hidden.id, members: [] }));
  const log = (workDate: string, hours: string, submit: boolean) => okData(worker.api.post('/project/time/add', { taskId: wire.id, workDate, hours, submit }));

  it('gives the worker their tasks, entries and week; the manager the entries to approve', async () => {
    await log('2026-11-03', '6', true);
    await log('2026-11-04', '2.5', false);
    const old = await log('2026-10-20', '4', true);
    await okData(api.post('/project/time/decide', { id: old.id, approve: false }));
    const w = await okData(worker.api.get('/project/workbench?asOf=2026-11-05'));
    // the worker is not a member of the other project: its task assigned to them stays out
    expect(w.tasks.map((x: any) => [x.name, x.plannedEnd, x.late])).toEqual([
      ['布线', '2026-11-04', true],
      ['调试', '2026-11-06', false],
    ]);
    // the week up to 11-05: 6 + 2.5 (the rejected entry does not count, nor would it by date)
    expect(w.time).toEqual({ draft: 1, submitted: 1, rejected: 1, week: '8.50' });
    expect(w.approvals.total).toBe(0);
    expect(w.projects.rows.map((x: any) => x.projectId)).toEqual([p.id]);
    const m = await okData(api.get('/project/workbench?asOf=2026-11-05'));
    expect(m.approvals.total).toBe(1);
    expect(m.approvals.rows[0]).toMatchObject({ projectId: p.id, username: loginName, workDate: '2026-11-03', hours: '6.00' });
    expect(m.tasks).toEqual([]);
    // a task done leaves the list
    await okData(api.put('/project/task/update', { id: wire.id, progress: 100 }));
    expect((await okData(worker.api.get('/project/workbench?asOf=2026-11-05'))).tasks.map((x: any) => x.name)).toEqual(['调试']);
  });

  it('shows another company nothing and refuses bad input', async () => {
    const other = await newTenant(app, 'prjwb2');
    const w = await okData(other.api.get('/project/workbench'));
    expect([w.tasks, w.approvals.total, w.projects.total, w.time.draft]).toEqual([[], 0, 0, 0]);
    expect(await refusal(api.get('/project/workbench?asOf=2026-02-30'))).toContain('日期不存在');
  });
});
