import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { okData, refusal } from './fixtures.ts';
import { SAMPLE, uploadFile as upload } from '../../../test-support/upload.ts';

const MENUS = ['/project/list', '/project/acceptance', '/project/after_sales', '/project/summary', '/project/deliverables'];

describe('project acceptance, after-sales problems, summaries and deliverables', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'prjd');
  const api = t.api;
  const a = await okData(api.post('/project/add', { name: uniqueName('甲项目'), startDate: '2026-11-02' }));
  const b = await okData(api.post('/project/add', { name: uniqueName('乙项目'), startDate: '2026-11-02' }));

  it('records an acceptance with its sign-off and files, and lists it', async () => {
    const file = await upload(app, t.token, '验收报告.pdf', SAMPLE.pdf('accept'));
    const r = await okData(
      api.post('/project/acceptance/add', {
        projectId: a.id,
        title: '终验',
        criteria: '产线节拍≤45秒，连续72小时无故障',
        result: 'passed',
        signer: '王厂长',
        signDate: '2026-11-20',
        fileName: file,
      }),
    );
    const list = await okData(api.get(`/project/acceptance/all?projectId=${a.id}`));
    expect(list.rows.map((x: any) => [x.id, x.title, x.result, x.signer, x.signDate, x.fileName])).toEqual([
      [r.id, '终验', 'passed', '王厂长', '2026-11-20', file],
    ]);
    expect(list.total).toBe(1);
  });

  it('records after-sales problems and summaries, newest first, searched by keyword', async () => {
    await okData(
      api.post('/project/after_sales/add', { projectId: a.id, title: '伺服报警', severity: 'high', reportDate: '2026-11-21', ownerId: t.data.user.id }),
    );
    await okData(
      api.post('/project/after_sales/add', { projectId: b.id, title: '扫码枪漏读', reportDate: '2026-11-22', status: 'resolved', solution: '更换固件' }),
    );
    const all = await okData(api.get('/project/after_sales/all'));
    expect(all.rows.map((x: any) => [x.title, x.severity, x.status, x.reportDate])).toEqual([
      ['扫码枪漏读', 'medium', 'resolved', '2026-11-22'],
      ['伺服报警', 'high', 'open', '2026-11-21'],
    ]);
    expect((await okData(api.get(`/project/after_sales/all?keyword=${encodeURIComponent('伺服')}`))).rows[0].ownerName).toBeTruthy();
    await okData(
      api.post('/project/summary/add', { projectId: a.id, title: '甲总结', content: '按期交付', lessons: '提前锁定进口件', summaryDate: '2026-11-25' }),
    );
    const sums = await okData(api.get('/project/summary/all'));
    expect(sums.rows.map((x: any) => [x.projectId, x.title, x.lessons, x.summaryDate])).toEqual([[a.id, '甲总结', '提前锁定进口件', '2026-11-25']]);
  });

  it('keeps every version of a deliverable; the list shows the latest', async () => {
    const v1 = await upload(app, t.token, '操作手册.pdf', SAMPLE.pdf('v1'));
    const d = await okData(api.post('/project/deliverables/add', { projectId: a.id, name: '操作手册', fileName: v1 }));
    expect(d.version).toBe(1);
    const v2 = await upload(app, t.token, '操作手册.pdf', SAMPLE.pdf('v2'));
    expect((await okData(api.post('/project/deliverables/version', { deliverableId: d.id, fileName: v2, note: '补充安全章节' }))).version).toBe(2);
    const versions = await okData(api.get(`/project/deliverables/versions?id=${d.id}`));
    expect(versions.map((v: any) => [v.version, v.fileName, v.note])).toEqual([
      [2, v2, '补充安全章节'],
      [1, v1, null],
    ]);
    const list = await okData(api.get('/project/deliverables/all'));
    expect(list.rows.map((x: any) => [x.name, x.version, x.fileName])).toEqual([['操作手册', 2, v2]]);
    // both versions still download
    for (const [f, text] of [
      [v1, 'v1'],
      [v2, 'v2'],
    ])
      expect((await api.get(`/common/download?fileName=${encodeURIComponent(f!)}`)).text).toContain(text);
    expect(await refusal(api.post('/project/deliverables/add', { projectId: a.id, name: '操作手册', fileName: v2 }))).toBe(
      '该项目已有同名交付物，请上传新版本',
    );
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = (await okData(api.get('/project/acceptance/all'))).total;
    expect(await refusal(api.post('/project/acceptance/add', { projectId: a.id, title: '初验', criteria: '功能齐全', result: 'passed' }))).toBe(
      '验收通过或不通过时，签字人和签字日期不能为空',
    );
    expect(await refusal(api.post('/project/acceptance/add', { projectId: a.id, title: ' ', criteria: 'x' }))).toContain('验收名称不能为空');
    expect(await refusal(api.post('/project/acceptance/add', { projectId: a.id, title: 'x', criteria: 'x', fileName: '../../etc/passwd' }))).toContain(
      '文件路径不正确',
    );
    expect(await refusal(api.post('/project/acceptance/add', { projectId: a.id, title: 'x', criteria: 'x', fileName: 'common/2026/11/nope.pdf' }))).toContain(
      '文件不存在',
    );
    expect(await refusal(api.post('/project/after_sales/add', { projectId: a.id, title: 'x', reportDate: '2026-02-30' }))).toContain('日期不存在');
    expect(await refusal(api.post('/project/after_sales/add', { projectId: a.id, title: 'x', reportDate: '2026-11-01', severity: 'fatal' }))).toContain(
      'severity',
    );
    expect(await refusal(api.post('/project/summary/add', { projectId: 99999999, title: 'x', content: 'y', summaryDate: '2026-11-01' }))).toBe('项目不存在');
    expect(await refusal(api.post('/project/deliverables/version', { deliverableId: 99999999, fileName: 'common/a.pdf' }))).toBe('交付物不存在');
    expect((await okData(api.get('/project/acceptance/all'))).total).toBe(before);
  });

  it('refuses a non-member and another company, who see none of these records', async () => {
    const file = await upload(app, t.token, '交付清单.pdf', SAMPLE.pdf('list'));
    const d = await okData(api.post('/project/deliverables/add', { projectId: b.id, name: '交付清单', fileName: file }));
    const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
    const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
    await okData(
      api.post('/role/setGrants', {
        roleId: role.id,
        grants: MENUS.map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: '1' })),
      }),
    );
    const loginName = uniqueName('u');
    const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    const outsider = await login(app, loginName);
    for (const kind of ['acceptance', 'after_sales', 'summary', 'deliverables']) expect((await okData(outsider.api.get(`/project/${kind}/all`))).total).toBe(0);
    expect(await refusal(outsider.api.get(`/project/deliverables/versions?id=${d.id}`))).toBe('您不是该项目的成员，不能查看或修改它');
    expect(await refusal(outsider.api.post('/project/summary/add', { projectId: a.id, title: 'x', content: 'y', summaryDate: '2026-11-01' }))).toBe(
      '您不是该项目的成员，不能查看或修改它',
    );
    await okData(api.post('/project/members', { projectId: b.id, members: [{ userId: u.id, role: 'member' }] }));
    expect((await okData(outsider.api.get('/project/deliverables/all'))).rows.map((x: any) => x.name)).toEqual(['交付清单']);

    const other = await newTenant(app, 'prjd2');
    for (const kind of ['acceptance', 'after_sales', 'summary', 'deliverables']) expect((await okData(other.api.get(`/project/${kind}/all`))).total).toBe(0);
    expect(await refusal(other.api.get(`/project/deliverables/versions?id=${d.id}`))).toBe('交付物不存在');
    expect(await refusal(other.api.post('/project/after_sales/add', { projectId: a.id, title: 'x', reportDate: '2026-11-01' }))).toBe('项目不存在');
    // another company's upload name is not a file of this one
    const theirs = await upload(app, other.token, 'x.pdf', SAMPLE.pdf('x'));
    expect(await refusal(api.post('/project/deliverables/version', { deliverableId: d.id, fileName: theirs }))).toContain('文件不存在');
  });
});
