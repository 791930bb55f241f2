import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { defaultCalendar, okData } from './fixtures.ts';

const AS_OF = '2026-11-16'; // a Monday
type Portal = { key: string; count: number; urgent?: number; amount?: string | null; link: string };
const byKey = (w: { portals: Portal[] }) => Object.fromEntries(w.portals.map(({ key, ...rest }) => [key, rest]));

/**
 * 项目工作台's portals: my tasks, late tasks, milestones due, problems open, risk warnings — counts judged on a day,
 * over the projects the user may see, each opening its list (left out without that list's menu); hand-checked.
 */
describe('project workbench portals', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'prjpt');
  const api = t.api;
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  await defaultCalendar(api, []);
  // the worker's role: projects, tasks, contracts and the workbench — not after-sales, risks or the reports
  const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
  const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
  const menus = ['/project/list', '/project/task', '/project/contract', '/project/workbench'];
  await okData(
    api.post('/role/setGrants', {
      roleId: role.id,
      grants: menus.map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: url === '/project/workbench' ? '' : '1' })),
    }),
  );
  const loginName = uniqueName('u');
  const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
  const worker = await login(app, loginName);

  const p = await okData(api.post('/project/add', { name: uniqueName('产线'), startDate: '2026-11-02' }));
  const hidden = await okData(api.post('/project/add', { name: uniqueName('别的项目'), startDate: '2026-11-02' }));
  const tpl = await okData(api.post('/project/add', { name: uniqueName('模板'), startDate: '2026-11-02', isTemplate: true }));
  await okData(api.post('/project/members', { projectId: p.id, members: [{ userId: u.id, role: 'member' }] }));
  const task = (projectId: number, name: string, duration: number, more: object = {}) =>
    okData(api.post('/project/task/add', { projectId, name, duration, ...more }));
  // P from Monday 11-02: 布线 11-02…11-04 → 调试 11-05…11-06 (both late on 11-16), 阶段 (a summary, the worker's)
  // over 子项 11-02 (late), 培训 pinned 11-16…11-20 (not late), 文档 done, 清单 late but nobody's
  const wire = await task(p.id, '布线', 3, { assigneeId: u.id });
  const tune = await task(p.id, '调试', 2, { assigneeId: u.id });
  await okData(api.post('/project/link/add', { predId: wire.id, succId: tune.id, kind: 'FS' }));
  const phase = await task(p.id, '阶段', 1, { assigneeId: u.id });
  await task(p.id, '子项', 1, { assigneeId: u.id, parentId: phase.id });
  await task(p.id, '培训', 5, { assigneeId: u.id, pinnedStart: '2026-11-16' });
  await task(p.id, '文档', 1, { assigneeId: u.id, progress: 100 });
  await task(p.id, '清单', 2);
  // late and the worker's, but in a project they do not belong to, and in a template
  await task(hidden.id, '别处', 1, { assigneeId: u.id });
  await task(tpl.id, '模板任务', 1, { assigneeId: u.id });
  await okData(api.post('/project/members', { projectId: hidden.id, members: [] }));

  // milestones of P: 首付 300 due 11-10 (100 collected: 200 left, past due), 进度款 300 due 11-20 (within a week),
  // 预付 500 due 11-12 (collected in full), 尾款 400 due 11-30 (too far); of the hidden project: 定金 100 due 11-15
  const contract = await okData(
    api.post('/project/contract/add', {
      projectId: p.id,
      name: '产线合同',
      amount: '1500',
      signDate: '2026-11-02',
      milestones: [
        { name: '首付', dueDate: '2026-11-10', amount: '300' },
        { name: '进度款', dueDate: '2026-11-20', amount: '300' },
        { name: '预付', dueDate: '2026-11-12', amount: '500' },
        { name: '尾款', dueDate: '2026-11-30', amount: '400' },
      ],
    }),
  );
  const ms = (await okData(api.get(`/project/contract/list?projectId=${p.id}`)))[0].milestones as Array<{ id: number; name: string }>;
  const msId = (name: string) => ms.find((m) => m.name === name)!.id;
  const collect = (amount: string, name: string) =>
    okData(api.post('/project/collection/add', { projectId: p.id, billDate: '2026-11-11', amount, contractId: contract.id, milestoneId: msId(name) }));
  await collect('100', '首付');
  await collect('500', '预付');
  await okData(
    api.post('/project/contract/add', {
      projectId: hidden.id,
      name: '别的合同',
      amount: '100',
      signDate: '2026-11-02',
      milestones: [{ name: '定金', dueDate: '2026-11-15', amount: '100' }],
    }),
  );
  // problems: P open high, P open low, P resolved; hidden open medium
  const problem = (projectId: number, title: string, more: object) =>
    okData(api.post('/project/after_sales/add', { projectId, title, reportDate: '2026-11-10', ...more }));
  await problem(p.id, '伺服报警', { severity: 'high' });
  await problem(p.id, '标签歪斜', { severity: 'low' });
  await problem(p.id, '扫码漏读', { status: 'resolved', solution: '更换固件' });
  await problem(hidden.id, '别处问题', {});
  // risks: warning 11-20 (within a week), 11-30 (not yet), none
  const risk = (name: string, warnDate: string | null) => okData(api.post('/project/risk/add', { projectId: p.id, name, probability: 2, impact: 2, warnDate }));
  await risk('交期', '2026-11-20');
  await risk('汇率', '2026-11-30');
  await risk('人员', null);

  it('counts for the manager, who sees every project', async () => {
    const w = await okData(api.get(`/project/workbench?asOf=${AS_OF}`));
    expect(byKey(w)).toEqual({
      // nothing is the administrator's
      myTasks: { count: 0, urgent: 0, link: '/project/task' },
      // 布线 调试 子项 清单 of P, 别处 of the hidden project (not 阶段: a summary; not 文档: done; not the template's)
      lateTasks: { count: 5, link: '/project/report' },
      // 首付 (200 left, past due), 进度款 (300), 定金 (100, past due); not 预付 (collected), not 尾款 (too far)
      milestonesDue: { count: 3, urgent: 2, amount: '600.00', link: '/project/contract' },
      problemsOpen: { count: 3, urgent: 1, link: '/project/after_sales' },
      risksWarning: { count: 1, link: '/project/risk' },
    });
  });

  it('counts for the worker: their tasks, their projects only, and only the portals whose lists they may open', async () => {
    const w = await okData(worker.api.get(`/project/workbench?asOf=${AS_OF}`));
    expect(byKey(w)).toEqual({
      // 布线 调试 子项 培训 (late: the first three)
      myTasks: { count: 4, urgent: 3, link: '/project/task' },
      milestonesDue: { count: 2, urgent: 1, amount: '500.00', link: '/project/contract' },
    });
    // on the first day (11-02) none of them is late yet
    const early = await okData(worker.api.get('/project/workbench?asOf=2026-11-02'));
    expect(byKey(early).myTasks).toEqual({ count: 4, urgent: 0, link: '/project/task' });
    // finishing a task and collecting the rest of 首付 move the figures
    await okData(api.put('/project/task/update', { id: wire.id, progress: 100 }));
    await collect('200', '首付');
    const after = byKey(await okData(worker.api.get(`/project/workbench?asOf=${AS_OF}`)));
    expect([after.myTasks, after.milestonesDue]).toEqual([
      { count: 3, urgent: 2, link: '/project/task' },
      { count: 1, urgent: 0, amount: '300.00', link: '/project/contract' },
    ]);
  });

  it('shows another company zeros', async () => {
    const other = await newTenant(app, 'prjpt2');
    const w = byKey(await okData(other.api.get(`/project/workbench?asOf=${AS_OF}`)));
    expect(Object.values(w).map((x) => x.count)).toEqual([0, 0, 0, 0, 0]);
    expect(w.milestonesDue!.amount).toBe('0.00');
  });
});
