import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { okData } from './fixtures.ts';

const MENUS = ['/project/list', '/project/task', '/project/contract', '/project/collection', '/project/payment', '/project/expenses', '/project/risk'];

describe('the project menu lists: one kind of record across the projects the user may see', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'prjr');
  const api = t.api;
  const aName = uniqueName('甲项目');
  const a = await okData(api.post('/project/add', { name: aName, startDate: '2026-11-02' }));
  const b = await okData(api.post('/project/add', { name: uniqueName('乙项目'), startDate: '2026-11-02' }));
  const tpl = await okData(api.post('/project/add', { name: uniqueName('模板'), startDate: '2026-11-02', isTemplate: true }));
  await okData(api.post('/project/task/add', { projectId: a.id, name: '甲调研', duration: 2 }));
  await okData(api.post('/project/task/add', { projectId: b.id, name: '乙调研', duration: 3 }));
  await okData(api.post('/project/task/add', { projectId: tpl.id, name: '模板任务', duration: 1 }));
  const contract = await okData(
    api.post('/project/contract/add', {
      projectId: a.id,
      name: '甲合同',
      amount: '1000',
      signDate: '2026-11-03',
      milestones: [{ name: '首付', dueDate: '2026-11-10', amount: '400' }],
    }),
  );
  await okData(api.post('/project/collection/add', { projectId: a.id, billDate: '2026-11-10', amount: '400.25', contractId: contract.id }));
  await okData(api.post('/project/collection/add', { projectId: b.id, billDate: '2026-11-11', amount: '99.75', remark: '乙首款' }));
  await okData(api.post('/project/expenses/add', { projectId: b.id, billDate: '2026-11-12', amount: '30' }));
  await okData(api.post('/project/payment/add', { projectId: a.id, billDate: '2026-11-12', amount: '12.5' }));
  await okData(api.post('/project/risk/add', { projectId: a.id, name: '甲延期', probability: 2, impact: 3 }));
  await okData(api.post('/project/risk/add', { projectId: b.id, name: '乙超支', probability: 4, impact: 5 }));

  it('lists tasks of every project but not of templates, filtered by project and keyword', async () => {
    const all = await okData(api.get('/project/task/all'));
    expect(all.rows.map((r: any) => r.name).sort()).toEqual(['乙调研', '甲调研']);
    expect(all.total).toBe(2);
    const ofA = await okData(api.get(`/project/task/all?projectId=${a.id}`));
    expect(ofA.rows.map((r: any) => [r.name, r.projectName, r.startDate, r.endDate])).toEqual([['甲调研', aName, '2026-11-02', '2026-11-03']]);
    expect((await okData(api.get('/project/task/all?keyword=乙'))).rows.map((r: any) => r.projectId)).toEqual([b.id]);
  });

  it('lists collections, payments and expenses with the sum of their amounts, and contracts with what was collected', async () => {
    const col = await okData(api.get('/project/collection/all?pageSize=1'));
    expect(col.total).toBe(2);
    expect(col.rows).toHaveLength(1);
    expect(col.rows[0].billDate).toBe('2026-11-11'); // newest first
    expect(col.sums.amount).toBe('500.000000');
    expect((await okData(api.get('/project/collection/all?keyword=乙首款'))).sums.amount).toBe('99.750000');
    expect((await okData(api.get('/project/expenses/all'))).rows.map((r: any) => [r.projectId, r.amount])).toEqual([[b.id, '30.000000']]);
    expect((await okData(api.get('/project/payment/all'))).sums.amount).toBe('12.500000');
    const contracts = await okData(api.get('/project/contract/all'));
    expect(contracts.rows.map((r: any) => [r.name, r.milestones, r.collected])).toEqual([['甲合同', 1, '400.250000']]);
    const risks = await okData(api.get('/project/risk/all'));
    expect(risks.rows.map((r: any) => [r.name, r.score])).toEqual([
      ['乙超支', 20],
      ['甲延期', 6],
    ]);
  });

  it('shows a member only the projects they belong to, and nothing of another company', async () => {
    const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
    const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
    await okData(
      api.post('/role/setGrants', { roleId: role.id, grants: MENUS.map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: '' })) }),
    );
    const loginName = uniqueName('u');
    const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    const member = await login(app, loginName);
    await okData(api.post('/project/members', { projectId: b.id, members: [{ userId: u.id, role: 'member' }] }));
    expect((await okData(member.api.get('/project/collection/all'))).rows.map((r: any) => r.projectId)).toEqual([b.id]);
    expect((await okData(member.api.get('/project/risk/all'))).rows.map((r: any) => r.name)).toEqual(['乙超支']);
    expect((await okData(member.api.get(`/project/task/all?projectId=${a.id}`))).total).toBe(0);

    const other = await newTenant(app, 'prjr2');
    const theirs = await okData(other.api.get(`/project/collection/all?projectId=${b.id}`));
    expect(theirs).toEqual({ rows: [], total: 0, sums: { amount: '0' } });
  });

  it('reports overdue leaf tasks, risks to warn of and projects over budget (from the journal)', async () => {
    const cName = uniqueName('丙项目');
    const c = await okData(api.post('/project/add', { name: cName, startDate: '2026-11-02', budget: '100' }));
    const parent = await okData(api.post('/project/task/add', { projectId: c.id, name: '丙阶段', duration: 1 }));
    await okData(api.post('/project/task/add', { projectId: c.id, parentId: parent.id, name: '丙已完成', duration: 1, progress: 100 }));
    await okData(api.post('/project/task/add', { projectId: c.id, parentId: parent.id, name: '丙未完成', duration: 2, progress: 40 }));
    await okData(api.post('/project/task/add', { projectId: c.id, name: '丙远期', duration: 1, pinnedStart: '2099-01-05' }));
    const overdue = await okData(api.get(`/project/report/overdue?projectId=${c.id}`));
    expect(overdue.rows.map((r: any) => [r.name, r.overdue])).toEqual([['丙未完成', true]]);
    await okData(api.post('/project/risk/add', { projectId: c.id, name: '丙已到预警', probability: 1, impact: 1, warnDate: '2026-11-01' }));
    await okData(api.post('/project/risk/add', { projectId: c.id, name: '丙远期风险', probability: 5, impact: 5, warnDate: '2099-01-01' }));
    await okData(api.post('/project/risk/add', { projectId: c.id, name: '丙无预警日', probability: 5, impact: 5 }));
    expect((await okData(api.get(`/project/report/risk-warning?projectId=${c.id}`))).rows.map((r: any) => r.name)).toEqual(['丙已到预警']);

    await okData(api.post('/project/payment/add', { projectId: c.id, billDate: '2026-11-12', amount: '80' }));
    expect((await okData(api.get('/project/report/over-budget'))).map((r: any) => r.projectId)).not.toContain(c.id);
    await okData(api.post('/project/expenses/add', { projectId: c.id, billDate: '2026-11-13', amount: '30.5' }));
    await okData(api.post('/project/collection/add', { projectId: c.id, billDate: '2026-11-14', amount: '500' }));
    const over = (await okData(api.get('/project/report/over-budget'))).find((r: any) => r.projectId === c.id);
    expect([over.projectName, over.spent, over.over, over.usedPct, over.income]).toEqual([cName, '110.500000', '10.500000', '110.5', '500.000000']);
  });

  it('refuses bad paging and unknown filters with a clear message', async () => {
    const r = await api.get('/project/task/all?pageSize=0');
    expect(r.body.code).toBe(400);
    expect(r.body.data.message).toContain('pageSize');
    const r2 = await api.get('/project/risk/all?status=open');
    expect(r2.body.code).toBe(400);
    expect(r2.body.data.message).toContain('status');
  });
});
