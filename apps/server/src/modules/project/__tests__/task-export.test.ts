import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { okData } from './fixtures.ts';
import { readSheet } from './sheet.ts';
import { RECORD_EXPORTS } from '../records-export.ts';

/** 项目任务 · 导出 (button 3): the list's rows as a spreadsheet, the member rule and the company boundary kept. */
describe('project task export', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'prjtx');
  const api = t.api;
  const aName = uniqueName('甲项目');
  const a = await okData(api.post('/project/add', { name: aName, startDate: '2026-11-02' }));
  const b = await okData(api.post('/project/add', { name: uniqueName('乙项目'), startDate: '2026-11-02' }));
  const survey = await okData(api.post('/project/task/add', { projectId: a.id, name: '甲调研', duration: 2, progress: 100 }));
  const build = await okData(api.post('/project/task/add', { projectId: a.id, name: '甲实施', duration: 3 }));
  await okData(api.post('/project/link/add', { predId: survey.id, succId: build.id, kind: 'FS' }));
  await okData(api.post('/project/task/add', { projectId: b.id, name: '乙调研', duration: 1 }));
  const sheetOf = (token: string, q: string) => readSheet(app, token, `/project/task/exportExcel${q}`);

  it('exports the tasks the list shows, filtered by project and keyword, yes/no as 是/否', async () => {
    const r = await sheetOf(t.token, `?projectId=${a.id}`);
    expect(r.name).toMatch(/^项目任务\d{10}\.xls$/);
    expect(r.rows![0]).toEqual(RECORD_EXPORTS.task.columns.map((c) => c.header));
    // no assignee: an empty cell; 甲实施 ended 2026-11-06 at 0%: overdue (today is later), 甲调研 is done
    expect(r.rows!.slice(1)).toEqual([
      [a.number, aName, '甲调研', 2, '2026-11-02', '2026-11-03', 0, '是', 100, '', '否'],
      [a.number, aName, '甲实施', 3, '2026-11-04', '2026-11-06', 0, '是', 0, '', '是'],
    ]);
    const kw = await sheetOf(t.token, `?keyword=${encodeURIComponent('乙')}`);
    expect(kw.rows!.slice(1).map((x) => x[2])).toEqual(['乙调研']);
    // nothing found: the export's message, no file
    expect((await sheetOf(t.token, `?keyword=${encodeURIComponent('没有这个')}`)).refused?.data.message).toBe('导出异常请联系管理员');
    expect((await sheetOf(t.token, '?keyword=x&pageSize=5')).refused?.code).toBe(400);
  });

  it('needs button 3; a member exports only their projects; another company exports nothing of ours', async () => {
    const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
    const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
    const grant = (btnStr: string) =>
      okData(
        api.post('/role/setGrants', {
          roleId: role.id,
          grants: ['/project/list', '/project/task'].map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr })),
        }),
      );
    await grant('');
    const loginName = uniqueName('u');
    const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    const member = await login(app, loginName);
    await okData(api.post('/project/members', { projectId: b.id, members: [{ userId: u.id, role: 'member' }] }));
    expect((await sheetOf(member.token, '')).refused?.code).not.toBe(200);
    await grant('3');
    const mine = await sheetOf(member.token, '');
    expect(mine.rows!.slice(1).map((x) => x[2])).toEqual(['乙调研']);
    expect((await sheetOf(member.token, `?projectId=${a.id}`)).refused?.data.message).toBe('导出异常请联系管理员');
    const other = await newTenant(app, 'prjtx2');
    expect((await sheetOf(other.token, `?projectId=${a.id}`)).refused?.data.message).toBe('导出异常请联系管理员');
  });
});
