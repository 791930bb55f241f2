import { RECORD_KINDS, RECORD_SEGMENT } from '@erp/entities';
import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { SAMPLE, uploadFile } from '../../../test-support/upload.ts';
import { okData } from './fixtures.ts';
import { readSheet } from './sheet.ts';
import { RECORD_EXPORTS } from '../records-export.ts';

/** 导出 of every project record list (one helper): the list's rows, codes as labels, money lists with 合计. */
describe('project record exports', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'prjrx');
  const api = t.api;
  const aName = uniqueName('甲项目');
  const bName = uniqueName('乙项目');
  const a = await okData(api.post('/project/add', { name: aName, startDate: '2026-11-02' }));
  const b = await okData(api.post('/project/add', { name: bName, startDate: '2026-11-02' }));
  const contract = await okData(
    api.post('/project/contract/add', {
      projectId: a.id,
      name: '甲合同',
      amount: '1000',
      signDate: '2026-11-03',
      milestones: [{ name: '首付', dueDate: '2026-11-10', amount: '400' }],
    }),
  );
  await okData(api.post('/project/task/add', { projectId: a.id, name: '甲调研', duration: 2 }));
  await okData(api.post('/project/collection/add', { projectId: a.id, billDate: '2026-11-10', amount: '400.25', contractId: contract.id }));
  await okData(api.post('/project/collection/add', { projectId: b.id, billDate: '2026-11-11', amount: '99.5', remark: '乙首款' }));
  await okData(api.post('/project/payment/add', { projectId: a.id, billDate: '2026-11-12', amount: '12.5' }));
  await okData(api.post('/project/expenses/add', { projectId: b.id, billDate: '2026-11-12', amount: '30' }));
  await okData(api.post('/project/risk/add', { projectId: a.id, name: '甲延期', probability: 2, impact: 3, warnDate: '2026-11-20' }));
  await okData(api.post('/project/acceptance/add', { projectId: a.id, title: '初验', criteria: '功能齐全' }));
  await okData(api.post('/project/after_sales/add', { projectId: b.id, title: '扫码枪漏读', severity: 'high', reportDate: '2026-11-22' }));
  await okData(
    api.post('/project/summary/add', { projectId: a.id, title: '甲总结', content: '按期交付', lessons: '提前锁定进口件', summaryDate: '2026-11-25' }),
  );
  const file = await uploadFile(app, t.token, '手册.pdf', SAMPLE.pdf('manual'));
  await okData(api.post('/project/deliverables/add', { projectId: b.id, name: '操作手册', fileName: file }));
  const sheet = (token: string, kind: (typeof RECORD_KINDS)[number], q = '') => readSheet(app, token, `/project/${RECORD_SEGMENT[kind]}/exportExcel${q}`);

  it('exports each kind with its menu title and columns; codes as labels, amounts to the cent, money lists end with 合计', async () => {
    for (const kind of RECORD_KINDS) {
      const r = await sheet(t.token, kind);
      expect(r.refused, kind).toBeUndefined();
      expect(r.name).toMatch(new RegExp(`^${RECORD_EXPORTS[kind].title}\\d{10}\\.xls$`));
      expect(r.rows![0]).toEqual(RECORD_EXPORTS[kind].columns.map((c) => c.header));
    }
    expect((await sheet(t.token, 'collection')).rows!.slice(1)).toEqual([
      [b.number, bName, expect.any(String), '2026-11-11', '99.50', '', '', '', '乙首款'],
      [a.number, aName, expect.any(String), '2026-11-10', '400.25', '', '', '甲合同', ''],
      ['合计', '', '', '', '499.75', '', '', '', ''],
    ]);
    expect((await sheet(t.token, 'contract')).rows!.slice(1)).toEqual([[a.number, aName, contract.number, '甲合同', '', '2026-11-03', '1000.00', '400.25', 1]]);
    expect((await sheet(t.token, 'risk')).rows![1]).toEqual([a.number, aName, '甲延期', 2, 3, 6, '未关闭', '', '2026-11-20', '']);
    expect((await sheet(t.token, 'acceptance')).rows![1]!.slice(2, 5)).toEqual(['初验', '功能齐全', '待验收']);
    expect((await sheet(t.token, 'problem')).rows![1]!.slice(2, 5)).toEqual(['扫码枪漏读', '高', '待处理']);
    expect((await sheet(t.token, 'summary')).rows![1]!.slice(2, 6)).toEqual(['甲总结', '2026-11-25', '按期交付', '提前锁定进口件']);
    expect((await sheet(t.token, 'deliverable')).rows![1]!.slice(0, 5)).toEqual([b.number, bName, '操作手册', 1, file]);
    expect((await sheet(t.token, 'payment')).rows!.slice(1).map((x) => x[4])).toEqual(['12.50', '12.50']);
  });

  it("keeps the list's filters: project and keyword; nothing found is the export's message", async () => {
    const ofB = await sheet(t.token, 'collection', `?projectId=${b.id}`);
    expect(ofB.rows!.slice(1).map((x) => [x[1], x[4]])).toEqual([
      [bName, '99.50'],
      ['', '99.50'],
    ]);
    expect((await sheet(t.token, 'summary', `?keyword=${encodeURIComponent('按期')}`)).rows!.length).toBe(2);
    expect((await sheet(t.token, 'risk', `?projectId=${b.id}`)).refused?.data.message).toBe('导出异常请联系管理员');
    expect((await sheet(t.token, 'acceptance', '?currentPage=1')).refused?.code).toBe(400);
  });

  it('needs button 3 of the kind; a member exports only their projects; another company exports nothing of ours', async () => {
    const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
    const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
    const grant = (url: string, btnStr: string) =>
      okData(api.post('/role/setGrants', { roleId: role.id, grants: [{ functionId: grants.find((g) => g.url === url)!.functionId, btnStr }] }));
    await grant('/project/collection', '');
    const loginName = uniqueName('u');
    const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    const member = await login(app, loginName);
    await okData(api.post('/project/members', { projectId: b.id, members: [{ userId: u.id, role: 'member' }] }));
    expect((await sheet(member.token, 'collection')).refused?.code).not.toBe(200);
    await grant('/project/collection', '3');
    expect((await sheet(member.token, 'collection')).rows!.slice(1).map((x) => x[1])).toEqual([bName, '']);
    expect((await sheet(member.token, 'collection', `?projectId=${a.id}`)).refused?.data.message).toBe('导出异常请联系管理员');
    // button 3 of 项目收款 is not button 3 of 项目费用
    expect((await sheet(member.token, 'expense')).refused?.code).not.toBe(200);
    const other = await newTenant(app, 'prjrx2');
    expect((await sheet(other.token, 'summary', `?projectId=${a.id}`)).refused?.data.message).toBe('导出异常请联系管理员');
  });
});
