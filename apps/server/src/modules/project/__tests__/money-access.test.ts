import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { okData, refusal } from './fixtures.ts';

const PROJECT_MENUS = [
  '/project/list',
  '/project/task',
  '/project/contract',
  '/project/collection',
  '/project/payment',
  '/project/expenses',
  '/project/risk',
  '/project/panel',
];

describe('project money through the journal, members and the project life', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'prjm');
  const api = t.api;
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  const project = await okData(api.post('/project/add', { name: uniqueName('智慧园区'), startDate: '2026-11-02', budget: '500000' }));
  const account = await okData(api.post('/account/add', { name: uniqueName('项目户') }));

  /** The journal lines of the project's entries, summed per account role, read straight from the journal tables. */
  const journal = async () =>
    db.system(async (tx) => {
      const rows = await tx.query<{ role: string; dr: string; cr: string }>(
        `select a.role, sum(l.debit)::text as dr, sum(l.credit)::text as cr
           from fin_entry e join fin_journal_line l on l.tenant_id = e.tenant_id and l.entry_id = e.id
           join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id
           join proj_money m on m.tenant_id = e.tenant_id and m.id = e.source_id
          where e.tenant_id = $1 and e.source_kind = 'project' and m.project_id = $2 group by a.role`,
        [t.tenantId, project.id],
      );
      return new Map(rows.map((r) => [r.role, new Decimal(r.dr).minus(r.cr)]));
    });

  it('posts a collection, a payment and an expense through the journal: the P&L equals the journal to the cent', async () => {
    const contract = await okData(
      api.post('/project/contract/add', {
        projectId: project.id,
        name: '园区合同',
        amount: '300000',
        signDate: '2026-11-03',
        milestones: [
          { name: '预付款', dueDate: '2026-11-10', amount: '90000' },
          { name: '验收款', dueDate: '2027-02-01', amount: '210000' },
        ],
      }),
    );
    const [c] = await okData(api.get(`/project/contract/list?projectId=${project.id}`));
    const milestone = c.milestones[0].id;
    await okData(
      api.post('/project/collection/add', {
        projectId: project.id,
        billDate: '2026-11-10',
        amount: '90000.45',
        accountId: account.id,
        contractId: contract.id,
        milestoneId: milestone,
      }),
    );
    await okData(api.post('/project/payment/add', { projectId: project.id, billDate: '2026-11-12', amount: '12345.67' }));
    const exp = await okData(api.post('/project/expenses/add', { projectId: project.id, billDate: '2026-11-13', amount: '888.88', remark: '差旅' }));
    const pnl = await okData(api.get(`/project/pnl?projectId=${project.id}`));
    const j = await journal();
    expect(new Decimal(pnl.income).eq(j.get('revenue')!.neg())).toBe(true);
    expect(new Decimal(pnl.cost).eq(j.get('cogs')!)).toBe(true);
    expect(new Decimal(pnl.expense).eq(j.get('otherExpense')!)).toBe(true);
    expect([pnl.income, pnl.cost, pnl.expense, pnl.profit]).toEqual(['90000.45', '12345.67', '888.88', '76765.9']);
    const [after] = await okData(api.get(`/project/contract/list?projectId=${project.id}`));
    expect(after.milestones[0].collected).toBe('90000.450000');
    // a delete reverses the entry: the expense leaves the P&L and the journal alike
    await okData(api.post('/project/money/delete', { id: exp.id }));
    const pnl2 = await okData(api.get(`/project/pnl?projectId=${project.id}`));
    expect(pnl2.expense).toBe('0');
    expect((await journal()).get('otherExpense')!.isZero()).toBe(true);
    const panel = await okData(api.get('/project/panel'));
    expect(panel.top.find((p: any) => p.id === project.id)).toMatchObject({ income: '90000.450000', cost: '12345.670000' });
  });

  it('refuses bad money and other tenants’ ids, writing nothing', async () => {
    const count = async () => (await okData(api.get(`/project/money/list?projectId=${project.id}`))).length;
    const n = await count();
    expect(await refusal(api.post('/project/expenses/add', { projectId: project.id, billDate: '2026-11-13', amount: '-5' }))).toContain('非负数');
    expect(await refusal(api.post('/project/expenses/add', { projectId: project.id, billDate: '2026-11-13', amount: '0' }))).toContain('必须大于0');
    expect(await refusal(api.post('/project/expenses/add', { projectId: project.id, billDate: '1999-12-31', amount: '5' }))).toContain('超出范围');
    const other = await newTenant(app, 'prjx');
    const theirs = await okData(other.api.post('/project/add', { name: uniqueName('别家'), startDate: '2026-11-02' }));
    expect(await refusal(api.post('/project/expenses/add', { projectId: theirs.id, billDate: '2026-11-13', amount: '5' }))).toBe('项目不存在');
    expect(await refusal(api.post('/project/collection/add', { projectId: project.id, billDate: '2026-11-13', amount: '5', accountId: 999999999 }))).toBe(
      '结算账户不存在',
    );
    expect(
      await refusal(
        api.post('/project/contract/add', {
          projectId: project.id,
          name: '超额',
          amount: '100',
          signDate: '2026-11-03',
          milestones: [{ name: 'x', dueDate: '2026-11-10', amount: '101' }],
        }),
      ),
    ).toContain('超过合同金额');
    expect(await count()).toBe(n);
  });

  it('lets a member read the project’s money and refuses a non-member (own-data scope)', async () => {
    const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
    const roleId = role.id;
    const grants = (await okData(api.get(`/role/getGrants?id=${roleId}`))) as Array<{ url: string; functionId: number }>;
    await okData(
      api.post('/role/setGrants', {
        roleId,
        grants: PROJECT_MENUS.map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: url === '/project/panel' ? '' : '1' })),
      }),
    );
    const mk = async () => {
      const loginName = uniqueName('u');
      const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [roleId], orgIds: [] }));
      return { id: u.id as number, ...(await login(app, loginName)) };
    };
    const member = await mk();
    const outsider = await mk();
    await okData(api.post('/project/members', { projectId: project.id, members: [{ userId: member.id, role: 'finance' }] }));
    expect((await okData(member.api.get(`/project/pnl?projectId=${project.id}`))).income).toBe('90000.45');
    expect(await refusal(outsider.api.get(`/project/pnl?projectId=${project.id}`))).toContain('不是该项目的成员');
    expect(await refusal(outsider.api.get(`/project/money/list?projectId=${project.id}`))).toContain('不是该项目的成员');
    expect(await refusal(outsider.api.post('/project/expenses/add', { projectId: project.id, billDate: '2026-11-13', amount: '5' }))).toContain(
      '不是该项目的成员',
    );
    const listed = await okData(outsider.api.get('/project/list'));
    expect(listed.rows.map((r: any) => r.id)).not.toContain(project.id);
    expect((await okData(member.api.get('/project/list'))).rows.map((r: any) => r.id)).toContain(project.id);
  });

  it('moves a project through its life one step at a time, then a warranty project', async () => {
    const category = (await okData(api.post('/projectCategory/add', { name: uniqueName('交付') }))).id;
    const p = await okData(api.post('/project/add', { name: uniqueName('生命周期'), startDate: '2026-11-02', categoryId: category }));
    expect(await refusal(api.post('/project/transition', { id: p.id, to: 'online' }))).toBe('项目状态不能从「新建」变为「上线」');
    expect(await refusal(api.post('/project/warranty', { id: p.id, startDate: '2027-01-04' }))).toContain('只有已关闭的项目');
    for (const to of ['progress', 'online', 'acceptance', 'summary', 'closed']) await okData(api.post('/project/transition', { id: p.id, to }));
    expect(await refusal(api.post('/project/transition', { id: p.id, to: 'progress' }))).toBe('项目状态不能从「已关闭」变为「进行中」');
    expect(await refusal(api.post('/project/expenses/add', { projectId: p.id, billDate: '2026-11-13', amount: '5' }))).toContain('已关闭');
    const w = await okData(api.post('/project/warranty', { id: p.id, startDate: '2027-01-04' }));
    const d = await okData(api.get(`/project/detail?id=${w.id}`));
    expect(d.project).toMatchObject({ warrantyOf: p.id, status: 'new', categoryId: category });
  });
});
