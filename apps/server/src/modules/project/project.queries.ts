import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { projectFor, visibleProjectAnd } from './access.ts';
import type { MoneyKind } from './money.service.ts';

export interface ListQuery {
  name?: string;
  status?: string;
  /** a 项目分类 node: its projects and its subtree's */
  categoryId?: number;
  template?: boolean;
  currentPage?: number;
  pageSize?: number;
}

/** The projects (or templates) the user may see, newest first, a page at a time. */
export async function listProjects(tx: Tx, s: Session, q: ListQuery) {
  const size = q.pageSize ?? 10;
  const page = q.currentPage ?? 1;
  const where = `p.tenant_id = $1 and not p.delete_flag and p.is_template = $3
      and ($4::text is null or p.name ilike '%' || $4 || '%' or p.number ilike '%' || $4 || '%')
      and ($5::text is null or p.status = $5) and ($6::bigint is null or p.category_id in (select id from sub)) ${visibleProjectAnd(s, 'p', 2)}`;
  const args = [s.tenantId, s.userId, q.template ?? false, q.name ?? null, q.status ?? null, q.categoryId ?? null];
  // the chosen category and every category under it
  const sub = `with recursive sub(id) as (
      select c.id from proj_category c where c.tenant_id = $1 and c.id = $6::bigint
      union select c.id from proj_category c join sub on c.tenant_id = $1 and c.parent_id = sub.id)`;
  const rows = await tx.query(
    `${sub} select p.id::int as id, p.number, p.name, p.category_id::int as "categoryId", k.name as "categoryName", p.status,
            to_char(p.start_date, 'YYYY-MM-DD') as "startDate",
            to_char(p.end_date, 'YYYY-MM-DD') as "endDate", p.budget::text as budget, u.username as "managerName", c.name as "partnerName",
            p.warranty_of::int as "warrantyOf", p.template_id::int as "templateId"
       from proj_project p
       left join sys_user u on u.tenant_id = p.tenant_id and u.id = p.manager_id
       left join partner c on c.tenant_id = p.tenant_id and c.id = p.partner_id
       left join proj_category k on k.tenant_id = p.tenant_id and k.id = p.category_id
      where ${where} order by p.id desc limit ${size} offset ${(page - 1) * size}`,
    args,
  );
  const total = await tx.one<{ n: number }>(`${sub} select count(*)::int as n from proj_project p where ${where}`, args);
  return { rows, total: total!.n };
}

/** A project with its members, tasks (scheduled) and links. */
export async function projectDetail(tx: Tx, s: Session, id: number) {
  await projectFor(tx, s, id);
  const project = await tx.one(
    `select p.id::int as id, p.number, p.name, p.category_id::int as "categoryId",
            (select k.name from proj_category k where k.tenant_id = p.tenant_id and k.id = p.category_id) as "categoryName", p.status, p.is_template as "isTemplate", to_char(p.start_date, 'YYYY-MM-DD') as "startDate",
            to_char(p.end_date, 'YYYY-MM-DD') as "endDate", p.budget::text as budget, p.manager_id::int as "managerId", p.partner_id::int as "partnerId",
            p.remark, p.warranty_of::int as "warrantyOf", p.template_id::int as "templateId"
       from proj_project p where p.tenant_id = $1 and p.id = $2`,
    [s.tenantId, id],
  );
  const members = await tx.query(
    `select m.user_id::int as "userId", m.role, u.username from proj_member m join sys_user u on u.tenant_id = m.tenant_id and u.id = m.user_id
      where m.tenant_id = $1 and m.project_id = $2 order by m.user_id`,
    [s.tenantId, id],
  );
  const tasks = await tx.query(
    `select t.id::int as id, t.parent_id::int as "parentId", t.seq, t.name, t.duration, to_char(t.pinned_start, 'YYYY-MM-DD') as "pinnedStart",
            t.assignee_id::int as "assigneeId", u.username as "assigneeName", t.progress, to_char(t.start_date, 'YYYY-MM-DD') as "startDate",
            to_char(t.end_date, 'YYYY-MM-DD') as "endDate", t.total_float as "totalFloat", t.critical
       from proj_task t left join sys_user u on u.tenant_id = t.tenant_id and u.id = t.assignee_id
      where t.tenant_id = $1 and t.project_id = $2 order by t.seq, t.id`,
    [s.tenantId, id],
  );
  const links = await tx.query(
    `select id::int as id, pred_id::int as "predId", succ_id::int as "succId", kind, lag from proj_task_link where tenant_id = $1 and project_id = $2 order by id`,
    [s.tenantId, id],
  );
  const risks = await tx.query(
    `select r.id::int as id, r.name, r.probability, r.impact, r.status, to_char(r.warn_date, 'YYYY-MM-DD') as "warnDate", u.username as "ownerName"
       from proj_risk r left join sys_user u on u.tenant_id = r.tenant_id and u.id = r.owner_id where r.tenant_id = $1 and r.project_id = $2 order by r.id`,
    [s.tenantId, id],
  );
  return { project, members, tasks, links, risks };
}

export async function listMoney(tx: Tx, s: Session, projectId: number, kind?: MoneyKind) {
  await projectFor(tx, s, projectId);
  return tx.query(
    `select m.id::int as id, m.kind, m.number, to_char(m.bill_date, 'YYYY-MM-DD') as "billDate", m.amount::text as amount, a.name as "accountName",
            c.name as "partnerName", k.name as "contractName", m.remark
       from proj_money m
       left join settlement_account a on a.tenant_id = m.tenant_id and a.id = m.account_id
       left join partner c on c.tenant_id = m.tenant_id and c.id = m.partner_id
       left join proj_contract k on k.tenant_id = m.tenant_id and k.id = m.contract_id
      where m.tenant_id = $1 and m.project_id = $2 and not m.delete_flag and ($3::text is null or m.kind = $3) order by m.bill_date desc, m.id desc`,
    [s.tenantId, projectId, kind ?? null],
  );
}

/**
 * The project panel: counts by status and, per visible project with money, income and cost from the
 * journal (the same lines as the P&L), the top 10 by income; totals over all visible projects.
 */
export async function projectPanel(tx: Tx, s: Session, revenue: number, costAccounts: number[]) {
  const vis = visibleProjectAnd(s, 'p', 2);
  const byStatus = await tx.query<{ status: string; n: number }>(
    `select p.status, count(*)::int as n from proj_project p where p.tenant_id = $1 and not p.delete_flag and not p.is_template ${vis} group by p.status`,
    [s.tenantId, s.userId],
  );
  const money = await tx.query<{ id: number; name: string; income: string; cost: string; total_income: string; total_cost: string }>(
    `with pm as (
       select m.project_id,
              sum(case when l.account_id = $3 then l.credit - l.debit else 0 end) as income,
              sum(case when l.account_id = any($4::bigint[]) then l.debit - l.credit else 0 end) as cost
         from proj_money m
         join fin_entry e on e.tenant_id = m.tenant_id and e.source_kind = 'project' and e.source_id = m.id
         join fin_journal_line l on l.tenant_id = e.tenant_id and l.entry_id = e.id
        where m.tenant_id = $1
        group by m.project_id)
     select p.id::int as id, p.name, pm.income::text as income, pm.cost::text as cost,
            (sum(pm.income) over ())::text as total_income, (sum(pm.cost) over ())::text as total_cost
       from pm join proj_project p on p.tenant_id = $1 and p.id = pm.project_id and not p.delete_flag ${vis}
      order by pm.income desc, p.id desc limit 10`,
    [s.tenantId, s.userId, revenue, costAccounts],
  );
  return {
    byStatus,
    top: money.map((m) => ({ id: m.id, name: m.name, income: m.income, cost: m.cost })),
    income: money[0]?.total_income ?? '0',
    cost: money[0]?.total_cost ?? '0',
  };
}

export interface CategoryNode {
  id: number;
  name: string;
  enabled: boolean;
  children: CategoryNode[];
}

/** 项目分类 as a tree for the project form and the list filter (disabled nodes flagged: kept, not offered). */
export async function categoryTree(tx: Tx, tenantId: number): Promise<CategoryNode[]> {
  const rows = await tx.query<{ id: number; parentId: number | null; name: string; enabled: boolean }>(
    `select id::int as id, parent_id::int as "parentId", name, enabled from proj_category
      where tenant_id = $1 and not delete_flag order by sort nulls last, name, id`,
    [tenantId],
  );
  const nodes = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, enabled: r.enabled, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const r of rows) (r.parentId != null && nodes.has(r.parentId) ? nodes.get(r.parentId)!.children : roots).push(nodes.get(r.id)!);
  return roots;
}
