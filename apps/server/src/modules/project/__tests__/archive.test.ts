import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { SAMPLE, uploadFile as upload } from '../../../test-support/upload.ts';
import { okData, refusal } from './fixtures.ts';

const MENUS = ['/project/list', '/project/archive', '/project/contract_archive'];
const STEPS = ['progress', 'online', 'acceptance', 'summary', 'closed'];

describe('project archives (项目档案) and contract archives (合同档案)', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'prja');
  const api = t.api;
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  const account = await okData(api.post('/account/add', { name: uniqueName('项目户') }));
  const project = await okData(api.post('/project/add', { name: uniqueName('档案项目'), startDate: '2026-11-02', budget: '200000' }));
  await okData(api.post('/project/task/add', { projectId: project.id, name: '实施', duration: 5 }));
  await okData(api.post('/project/task/add', { projectId: project.id, name: '终验里程碑', duration: 0 }));
  const contract = await okData(
    api.post('/project/contract/add', {
      projectId: project.id,
      name: '实施合同',
      amount: '100000',
      signDate: '2026-11-03',
      milestones: [
        { name: '预付款', dueDate: '2026-11-10', amount: '30000' },
        { name: '尾款', dueDate: '2027-01-10', amount: '70000' },
      ],
    }),
  );
  const [c] = await okData(api.get(`/project/contract/list?projectId=${project.id}`));
  await okData(
    api.post('/project/collection/add', {
      projectId: project.id,
      billDate: '2026-11-10',
      amount: '30000.5',
      accountId: account.id,
      contractId: contract.id,
      milestoneId: c.milestones[0].id,
    }),
  );
  await okData(api.post('/project/expenses/add', { projectId: project.id, billDate: '2026-11-13', amount: '1234.56', accountId: account.id }));
  const report = await upload(app, t.token, '验收报告.pdf', SAMPLE.pdf('accept'));
  await okData(
    api.post('/project/acceptance/add', {
      projectId: project.id,
      title: '终验',
      criteria: '72小时无故障',
      result: 'passed',
      signer: '王厂长',
      signDate: '2026-11-20',
      fileName: report,
    }),
  );
  const v1 = await upload(app, t.token, '操作手册.pdf', SAMPLE.pdf('v1'));
  const v2 = await upload(app, t.token, '操作手册.pdf', SAMPLE.pdf('v2'));
  const manual = await okData(api.post('/project/deliverables/add', { projectId: project.id, name: '操作手册', fileName: v1 }));
  await okData(api.post('/project/deliverables/version', { deliverableId: manual.id, fileName: v2 }));
  await okData(api.post('/project/risk/add', { projectId: project.id, name: '进口件延期', probability: 3, impact: 4 }));
  await okData(api.post('/project/after_sales/add', { projectId: project.id, title: '伺服报警', severity: 'high', reportDate: '2026-11-21' }));

  it('freezes a project dossier on demand: hand-checked figures and files, unchanged when the live data changes', async () => {
    const made = await okData(api.post('/project/archive/add', { projectId: project.id }));
    expect(made.number).toMatch(/^XMDA\d{8}\d{4}$/);
    const a = await okData(api.get(`/project/archive/detail?id=${made.id}`));
    expect([a.kind, a.reason, a.projectId, a.files]).toEqual(['project', 'manual', project.id, 3]);
    const d = a.snapshot;
    expect([d.header.number, d.header.budget, d.header.status]).toEqual([project.number, '200000.000000', 'new']);
    expect(d.milestones.map((m: any) => m.name)).toEqual(['终验里程碑']);
    expect(d.acceptance.map((x: any) => [x.title, x.result, x.fileName])).toEqual([['终验', 'passed', report]]);
    expect(d.deliverables.map((x: any) => [x.name, x.versions.map((v: any) => [v.version, v.fileName])])).toEqual([
      [
        '操作手册',
        [
          [2, v2],
          [1, v1],
        ],
      ],
    ]);
    expect(d.contracts[0].milestones.map((m: any) => [m.name, m.collected])).toEqual([
      ['预付款', '30000.500000'],
      ['尾款', '0'],
    ]);
    expect(d.money).toMatchObject({ contractValue: '100000', planned: '100000', received: '30000.5', paid: '0', expenses: '1234.56' });
    expect(d.money.pnl).toMatchObject({ income: '30000.5', expense: '1234.56', profit: '28765.94' });
    expect(d.risks.map((r: any) => r.name)).toEqual(['进口件延期']);
    expect(d.problems.map((r: any) => [r.title, r.severity])).toEqual([['伺服报警', 'high']]);
    expect([...a.fileNames].sort()).toEqual([report, v1, v2].sort());

    // the live project moves on; the archive does not
    await okData(api.post('/project/expenses/add', { projectId: project.id, billDate: '2026-11-14', amount: '100', accountId: account.id }));
    await okData(api.post('/project/risk/add', { projectId: project.id, name: '新风险', probability: 1, impact: 1 }));
    const again = await okData(api.get(`/project/archive/detail?id=${made.id}`));
    expect(again.snapshot).toEqual(d);

    const list = await okData(api.get(`/project/archive/all?keyword=${encodeURIComponent(made.number)}`));
    expect(list.rows.map((r: any) => [r.id, r.kind, r.reason, r.projectId])).toEqual([[made.id, 'project', 'manual', project.id]]);
  });

  it('exports the dossier as a workbook and its files as one zip', async () => {
    const { id } = await okData(api.post('/project/archive/add', { projectId: project.id }));
    const res = await app.inject({ method: 'GET', url: `/api/project/archive/exportExcel?id=${id}`, headers: { 'x-access-token': t.token } });
    expect(res.headers['content-type']).toContain('application/vnd.ms-excel');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '概况',
      '里程碑',
      '上线',
      '验收',
      '交付物',
      '合同',
      '收款',
      '付款',
      '费用',
      '工时',
      '风险',
      '售后问题',
      '总结',
    ]);
    const overview = new Map<string, unknown>();
    wb.getWorksheet('概况')!.eachRow((r) => overview.set(String(r.getCell(1).value), r.getCell(2).value));
    expect([overview.get('合同金额'), overview.get('已收款'), overview.get('费用'), overview.get('利润')]).toEqual([
      '100000.00',
      '30000.50',
      '1334.56',
      '28665.94',
    ]);
    expect(wb.getWorksheet('交付物')!.rowCount).toBe(3);

    const zip = await app.inject({ method: 'GET', url: `/api/project/archive/downloadZip?id=${id}`, headers: { 'x-access-token': t.token } });
    expect(zip.headers['content-type']).toBe('application/zip');
    const names = Object.keys((await JSZip.loadAsync(zip.rawPayload)).files).sort();
    expect(names).toEqual(['操作手册(2).pdf', '操作手册.pdf', '验收报告.pdf'].sort());
  });

  it('archives a contract on demand, and a closed project with its contracts', async () => {
    const ca = await okData(api.post('/project/contract_archive/add', { contractId: contract.id }));
    const cd = await okData(api.get(`/project/contract_archive/detail?id=${ca.id}`));
    expect(cd.snapshot.money).toEqual({ contractValue: '100000', planned: '100000', received: '30000.5', outstanding: '69999.5' });
    expect(cd.snapshot.receipts.map((r: any) => [r.amount, r.milestoneName])).toEqual([['30000.500000', '预付款']]);
    expect(cd.snapshot.milestones.map((m: any) => m.name)).toEqual(['预付款', '尾款']);
    expect(cd.fileNames).toEqual([]);
    expect(await refusal(api.get(`/project/contract_archive/downloadZip?id=${ca.id}`))).toBe('该档案没有文件');
    // a project archive is not a contract archive
    expect(await refusal(api.get(`/project/archive/detail?id=${ca.id}`))).toBe('档案不存在');

    for (const to of STEPS) await okData(api.post('/project/transition', { id: project.id, to }));
    const closed = await okData(api.get(`/project/archive/all?projectId=${project.id}`));
    expect(closed.rows[0].reason).toBe('closed');
    expect((await okData(api.get(`/project/archive/detail?id=${closed.rows[0].id}`))).snapshot.header.status).toBe('closed');
    const contracts = await okData(api.get(`/project/contract_archive/all?projectId=${project.id}`));
    expect(contracts.rows.map((r: any) => [r.reason, r.contractId])).toEqual([
      ['closed', contract.id],
      ['manual', contract.id],
    ]);
  });

  it('refuses a template, a member who is not the manager, a non-member and another company, writing nothing', async () => {
    const count = async () =>
      (await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from proj_archive where tenant_id = $1', [t.tenantId])))!.n;
    const before = await count();
    const tpl = await okData(api.post('/project/add', { name: uniqueName('模板'), startDate: '2026-11-02', isTemplate: true }));
    expect(await refusal(api.post('/project/archive/add', { projectId: tpl.id }))).toBe('项目模板不能归档');
    expect(await refusal(api.post('/project/archive/add', { projectId: 99999999 }))).toBe('项目不存在');
    expect(await refusal(api.post('/project/contract_archive/add', { contractId: 99999999 }))).toBe('合同不存在');

    const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
    const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
    await okData(
      api.post('/role/setGrants', {
        roleId: role.id,
        grants: MENUS.map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: '1,3' })),
      }),
    );
    const loginName = uniqueName('u');
    const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    const worker = await login(app, loginName);
    const other = await okData(api.post('/project/add', { name: uniqueName('另一项目'), startDate: '2026-11-02' }));
    const theirs = await okData(api.post('/project/archive/add', { projectId: other.id }));
    expect(await refusal(worker.api.post('/project/archive/add', { projectId: other.id }))).toBe('您不是该项目的成员，不能查看或修改它');
    expect((await okData(worker.api.get('/project/archive/all'))).total).toBe(0);
    expect(await refusal(worker.api.get(`/project/archive/detail?id=${theirs.id}`))).toBe('档案不存在');
    expect(await refusal(worker.api.get(`/project/archive/downloadZip?id=${theirs.id}`))).toBe('档案不存在');
    await okData(api.post('/project/members', { projectId: other.id, members: [{ userId: u.id, role: 'member' }] }));
    expect(await refusal(worker.api.post('/project/archive/add', { projectId: other.id }))).toBe('只有项目经理可以归档');
    expect((await okData(worker.api.get('/project/archive/all'))).rows.map((r: any) => r.id)).toEqual([theirs.id]);

    const stranger = await newTenant(app, 'prja2');
    expect(await refusal(stranger.api.get(`/project/archive/detail?id=${theirs.id}`))).toBe('档案不存在');
    expect(await refusal(stranger.api.post('/project/archive/add', { projectId: project.id }))).toBe('项目不存在');
    expect(await refusal(stranger.api.post('/project/contract_archive/add', { contractId: contract.id }))).toBe('合同不存在');
    expect((await okData(stranger.api.get('/project/contract_archive/all'))).total).toBe(0);
    expect(await count()).toBe(before + 1);
  });
});
