import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { visibleProjectAnd } from './access.ts';

import type { RecordKind } from '@erp/entities';

export interface RecordQuery {
  projectId?: number;
  /** the reports' cuts: tasks past their finish and not done; open risks whose warning date is within a week */
  flag?: 'overdue' | 'warning';
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
}

/**
 * For each kind: the rows' table (alias x, joined to its project p), the columns and the text the keyword
 * searches. Every column is read-only display; a row opens its project.
 */
const SQL: Record<RecordKind, { from: string; cols: string; kw: string; order: string }> = {
  task: {
    from: `proj_task x left join sys_user u on u.tenant_id = x.tenant_id and u.id = x.assignee_id`,
    cols: `x.name, x.duration, x.progress, to_char(x.start_date, 'YYYY-MM-DD') as "startDate", to_char(x.end_date, 'YYYY-MM-DD') as "endDate",
           x.total_float as "totalFloat", x.critical, u.username as "assigneeName",
           (x.end_date < current_date and x.progress < 100) as overdue`,
    kw: 'x.name',
    order: 'x.start_date nulls last, x.id',
  },
  contract: {
    from: `proj_contract x left join partner c on c.tenant_id = x.tenant_id and c.id = x.partner_id`,
    cols: `x.number, x.name, x.amount::text as amount, to_char(x.sign_date, 'YYYY-MM-DD') as "signDate", c.name as "partnerName",
           (select count(*)::int from proj_milestone m where m.tenant_id = x.tenant_id and m.contract_id = x.id) as milestones,
           coalesce((select sum(k.amount) from proj_money k where k.tenant_id = x.tenant_id and k.contract_id = x.id and not k.delete_flag), 0)::text as collected`,
    kw: `x.name || ' ' || x.number`,
    order: 'x.sign_date desc, x.id desc',
  },
  collection: moneySql('collection'),
  payment: moneySql('payment'),
  expense: moneySql('expense'),
  risk: {
    from: `proj_risk x left join sys_user u on u.tenant_id = x.tenant_id and u.id = x.owner_id`,
    cols: `x.name, x.probability, x.impact, x.probability * x.impact as score, x.status, to_char(x.warn_date, 'YYYY-MM-DD') as "warnDate",
           u.username as "ownerName", x.remark`,
    kw: 'x.name',
    order: 'x.probability * x.impact desc, x.id desc',
  },
  acceptance: {
    from: `proj_acceptance x`,
    cols: `x.title, x.criteria, x.result, x.signer, to_char(x.sign_date, 'YYYY-MM-DD') as "signDate", x.file_name as "fileName", x.remark`,
    kw: `x.title || ' ' || x.criteria`,
    order: 'x.id desc',
  },
  problem: {
    from: `proj_problem x left join sys_user u on u.tenant_id = x.tenant_id and u.id = x.owner_id`,
    cols: `x.title, x.severity, x.status, x.reporter, to_char(x.report_date, 'YYYY-MM-DD') as "reportDate", u.username as "ownerName",
           x.description, x.solution`,
    kw: `x.title || ' ' || coalesce(x.description, '')`,
    order: 'x.report_date desc, x.id desc',
  },
  summary: {
    from: `proj_summary x left join sys_user u on u.tenant_id = x.tenant_id and u.id = x.creator`,
    cols: `x.title, x.content, x.lessons, to_char(x.summary_date, 'YYYY-MM-DD') as "summaryDate", u.username as "creatorName"`,
    kw: `x.title || ' ' || x.content`,
    order: 'x.summary_date desc, x.id desc',
  },
  // the latest version's files; the earlier versions through /project/deliverables/versions
  deliverable: {
    from: `proj_deliverable x
       join lateral (select v.version, v.file_name, v.created_at from proj_deliverable_version v
                      where v.tenant_id = x.tenant_id and v.deliverable_id = x.id order by v.version desc limit 1) l on true`,
    cols: `x.name, l.version, l.file_name as "fileName", to_char(l.created_at, 'YYYY-MM-DD HH24:MI') as "updateTime", x.remark`,
    kw: `x.name || ' ' || coalesce(x.remark, '')`,
    order: 'l.created_at desc, x.id desc',
  },
};

function moneySql(kind: 'collection' | 'payment' | 'expense') {
  return {
    from: `proj_money x
       left join settlement_account a on a.tenant_id = x.tenant_id and a.id = x.account_id
       left join partner c on c.tenant_id = x.tenant_id and c.id = x.partner_id
       left join proj_contract k on k.tenant_id = x.tenant_id and k.id = x.contract_id`,
    cols: `x.number, to_char(x.bill_date, 'YYYY-MM-DD') as "billDate", x.amount::text as amount, a.name as "accountName",
           c.name as "partnerName", k.name as "contractName", x.remark`,
    kw: `x.number || ' ' || coalesce(x.remark, '')`,
    order: 'x.bill_date desc, x.id desc',
    where: `and x.kind = '${kind}' and not x.delete_flag`,
  };
}

const FLAG: Record<string, string> = {
  overdue: `and x.end_date < current_date and x.progress < 100 and not exists (select 1 from proj_task c where c.tenant_id = x.tenant_id and c.parent_id = x.id)`,
  warning: `and x.status = 'open' and x.warn_date <= current_date + 7`,
};

/**
 * One kind of record over every project the user may see (or one of them), newest first, a page at a
 * time, with the total; money lists also sum their amounts.
 */
export async function listRecords(tx: Tx, s: Session, kind: RecordKind, q: RecordQuery) {
  const size = q.pageSize ?? 20;
  const page = q.currentPage ?? 1;
  const k = SQL[kind] as (typeof SQL)[RecordKind] & { where?: string };
  const from = `${k.from} join proj_project p on p.tenant_id = x.tenant_id and p.id = x.project_id and not p.delete_flag and not p.is_template`;
  const where = `x.tenant_id = $1 ${k.where ?? ''} ${FLAG[q.flag ?? ''] ?? ''} ${visibleProjectAnd(s, 'p', 2)}
     and ($3::bigint is null or x.project_id = $3) and ($4::text is null or ${k.kw} ilike '%' || $4 || '%')`;
  const args = [s.tenantId, s.userId, q.projectId ?? null, q.keyword ?? null];
  const rows = await tx.query(
    `select x.id::int as id, x.project_id::int as "projectId", p.name as "projectName", p.number as "projectNumber", ${k.cols}
       from ${from} where ${where} order by ${k.order} limit ${size} offset ${(page - 1) * size}`,
    args,
  );
  const sum = k.where ? 'coalesce(sum(x.amount), 0)::text' : `null::text`;
  const total = await tx.one<{ n: number; amount: string | null }>(`select count(*)::int as n, ${sum} as amount from ${from} where ${where}`, args);
  return { rows, total: total!.n, ...(total!.amount != null ? { sums: { amount: total!.amount } } : {}) };
}
