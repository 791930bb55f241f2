import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { okData, refusal } from './fixtures.ts';

const MENUS = ['/project/list', '/project/acceptance', '/project/after_sales', '/project/summary'];

/** Editing and deleting 项目验收, 项目售后 and 项目总结 records with their state rules. */
describe('project acceptance, problems and summaries: edit and delete with state rules', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'prjde');
  const api = t.api;
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  const project = await okData(api.post('/project/add', { name: uniqueName('验收项目'), startDate: '2026-11-02' }));
  const acc = (title: string) => okData(api.post('/project/acceptance/add', { projectId: project.id, title, criteria: '全部功能可用' }));
  const prob = (title: string) => okData(api.post('/project/after_sales/add', { projectId: project.id, title, reportDate: '2026-11-20' }));
  const sum = (title: string) => okData(api.post('/project/summary/add', { projectId: project.id, title, content: '按期完成', summaryDate: '2026-11-25' }));
  const me = (await okData(api.get('/user/list?currentPage=1&pageSize=10'))).rows[0].id as number;
  const detail = (seg: string, id: number) => okData(api.get(`/project/${seg}/detail?id=${id}`));

  it('edits a pending acceptance, signs it, and then it is final', async () => {
    const a = await acc('一期验收');
    await okData(api.post('/project/acceptance/update', { id: a.id, title: '一期终验', criteria: '功能与性能达标', remark: '客户在场' }));
    expect(await detail('acceptance', a.id)).toMatchObject({ title: '一期终验', criteria: '功能与性能达标', result: 'pending', remark: '客户在场' });
    // signing needs signer and date
    const sign = { id: a.id, title: '一期终验', criteria: '功能与性能达标', result: 'passed' };
    expect(await refusal(api.post('/project/acceptance/update', sign))).toBe('验收通过或不通过时，签字人和签字日期不能为空');
    await okData(api.post('/project/acceptance/update', { ...sign, signer: '王工', signDate: '2026-11-26' }));
    expect(await detail('acceptance', a.id)).toMatchObject({ result: 'passed', signer: '王工', signDate: '2026-11-26' });
    expect(await refusal(api.post('/project/acceptance/update', { ...sign, title: '改名', signer: '王工', signDate: '2026-11-26' }))).toBe(
      '验收已签字（通过或不通过），不能修改或删除',
    );
    expect(await refusal(api.post('/project/acceptance/delete', { id: a.id }))).toBe('验收已签字（通过或不通过），不能修改或删除');
    expect((await detail('acceptance', a.id)).title).toBe('一期终验');
    const b = await acc('草稿验收');
    await okData(api.post('/project/acceptance/delete', { id: b.id }));
    expect(await refusal(api.get(`/project/acceptance/detail?id=${b.id}`))).toBe('验收记录不存在');
  });

  it('edits a problem until closed; resolving needs the solution; only an open one is deleted', async () => {
    const p = await prob('扫码枪漏读');
    const body = { id: p.id, title: '扫码枪漏读', reportDate: '2026-11-20', severity: 'high' };
    await okData(api.post('/project/after_sales/update', { ...body, description: '夜班出现', ownerId: me }));
    expect(await detail('after_sales', p.id)).toMatchObject({ severity: 'high', status: 'open', description: '夜班出现', ownerId: me });
    expect(await refusal(api.post('/project/after_sales/update', { ...body, status: 'resolved' }))).toBe('问题解决或关闭时请填写解决方案');
    expect(await refusal(api.post('/project/after_sales/update', { ...body, status: 'resolved', solution: '  ' }))).toBe('问题解决或关闭时请填写解决方案');
    await okData(api.post('/project/after_sales/update', { ...body, status: 'resolved', solution: '更换固件' }));
    expect(await refusal(api.post('/project/after_sales/delete', { id: p.id }))).toBe('只有未解决的问题可以删除');
    await okData(api.post('/project/after_sales/update', { ...body, status: 'closed', solution: '更换固件' }));
    expect(await refusal(api.post('/project/after_sales/update', { ...body, status: 'open' }))).toBe('问题已关闭，不能修改或删除');
    expect(await refusal(api.post('/project/after_sales/delete', { id: p.id }))).toBe('问题已关闭，不能修改或删除');
    expect(await detail('after_sales', p.id)).toMatchObject({ status: 'closed', solution: '更换固件' });
    const q = await prob('误报');
    expect(await refusal(api.post('/project/after_sales/update', { id: q.id, title: '误报', reportDate: '2026-11-20', ownerId: 987654321 }))).toBe(
      '负责人不存在',
    );
    await okData(api.post('/project/after_sales/delete', { id: q.id }));
    expect(await refusal(api.get(`/project/after_sales/detail?id=${q.id}`))).toBe('问题不存在');
  });

  it('edits and deletes summaries until the project is closed', async () => {
    const s = await sum('阶段总结');
    await okData(api.post('/project/summary/update', { id: s.id, title: '阶段总结', content: '提前两天完成', lessons: '备件早订', summaryDate: '2026-11-26' }));
    expect(await detail('summary', s.id)).toMatchObject({ content: '提前两天完成', lessons: '备件早订', summaryDate: '2026-11-26' });
    const s2 = await sum('多余的总结');
    await okData(api.post('/project/summary/delete', { id: s2.id }));
    for (const to of ['progress', 'online', 'acceptance', 'summary', 'closed']) await okData(api.post('/project/transition', { id: project.id, to }));
    const upd = { id: s.id, title: '改', content: '改', summaryDate: '2026-11-26' };
    expect(await refusal(api.post('/project/summary/update', upd))).toBe('项目已关闭，总结不能修改或删除');
    expect(await refusal(api.post('/project/summary/delete', { id: s.id }))).toBe('项目已关闭，总结不能修改或删除');
    expect((await detail('summary', s.id)).content).toBe('提前两天完成');
  });

  it('refuses bad input, non-members and other companies, writing nothing', async () => {
    const a = await acc('待验收');
    const p = await prob('待处理');
    const s = await okData(api.post('/project/add', { name: uniqueName('另一项目'), startDate: '2026-11-02' }));
    const sm = await okData(api.post('/project/summary/add', { projectId: s.id, title: '总结', content: '内容', summaryDate: '2026-11-25' }));
    expect(await refusal(api.post('/project/acceptance/update', { id: a.id, title: '', criteria: 'x' }))).toContain('验收名称不能为空');
    expect(await refusal(api.post('/project/acceptance/update', { id: a.id, title: 'x', criteria: 'x', result: 'maybe' }))).toContain('result');
    expect(await refusal(api.post('/project/after_sales/update', { id: p.id, title: 'x', reportDate: '2026-02-30' }))).toContain('日期');
    expect(await refusal(api.post('/project/summary/update', { id: sm.id, title: 'x', content: '', summaryDate: '2026-11-25' }))).toContain('总结内容不能为空');
    expect(await refusal(api.post('/project/acceptance/update', { id: a.id, title: 'x', criteria: 'x', fileName: '../../etc/passwd' }))).toContain(
      '文件路径不正确',
    );
    // a user who is not a member of the project
    const role = await okData(api.post('/role/add', { name: uniqueName('验收员'), type: '个人数据' }));
    const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
    await okData(
      api.post('/role/setGrants', {
        roleId: role.id,
        grants: MENUS.map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: '1' })),
      }),
    );
    const loginName = uniqueName('u');
    await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    const outsider = await login(app, loginName);
    expect(await refusal(outsider.api.post('/project/acceptance/update', { id: a.id, title: 'x', criteria: 'x' }))).toContain('不是该项目的成员');
    expect(await refusal(outsider.api.post('/project/after_sales/delete', { id: p.id }))).toContain('不是该项目的成员');
    expect(await refusal(outsider.api.get(`/project/summary/detail?id=${sm.id}`))).toContain('不是该项目的成员');
    // another company's ids are not found
    const other = await newTenant(app, 'prjde2');
    expect(await refusal(other.api.post('/project/acceptance/delete', { id: a.id }))).toBe('验收记录不存在');
    expect(await refusal(other.api.post('/project/after_sales/update', { id: p.id, title: 'x', reportDate: '2026-11-20' }))).toBe('问题不存在');
    expect(await refusal(other.api.get(`/project/summary/detail?id=${sm.id}`))).toBe('总结不存在');
    expect(await detail('acceptance', a.id)).toMatchObject({ title: '待验收', criteria: '全部功能可用', result: 'pending' });
    expect(await detail('after_sales', p.id)).toMatchObject({ title: '待处理', status: 'open' });
    expect(await detail('summary', sm.id)).toMatchObject({ title: '总结', content: '内容' });
  });
});
