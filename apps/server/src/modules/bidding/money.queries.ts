import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { today } from '../../platform/clock.ts';

/** A project's deposits paid and neither recovered nor forfeited (closing the project is refused while any remain). */
export async function outstandingDeposits(tx: Tx, tenantId: number, projectId: number) {
  return tx.query<{ number: string; amount: string }>(
    `select number, amount::text from bid_money
      where tenant_id = $1 and project_id = $2 and kind = 'deposit' and pay_state = 'paid' and not delete_flag order by id`,
    [tenantId, projectId],
  );
}

export interface MoneyFilter {
  kind?: 'deposit' | 'fee';
  projectId?: number;
  payState?: 'unpaid' | 'paid' | 'recovered' | 'forfeited';
  status?: '0' | '1' | '9';
  number?: string;
  currentPage?: number;
  pageSize?: number;
}

/** 保证金申请 / 费用申请 / 保证金回收 lists: the applications with their project and tendering party. */
export async function listMoney(tx: Tx, tenantId: number, f: MoneyFilter) {
  const where = ['m.tenant_id = $1', 'not m.delete_flag'];
  const args: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => {
    args.push(v);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (f.kind) add('m.kind = ?', f.kind);
  if (f.projectId) add('m.project_id = ?', f.projectId);
  if (f.payState) add('m.pay_state = ?', f.payState);
  if (f.status) add('m.status = ?', f.status);
  if (f.number) add(`m.number ilike '%' || ? || '%'`, f.number);
  const size = f.pageSize ?? 20;
  const rows = await tx.query(
    `select m.id, m.number, m.kind, m.amount::text, m.status, m.pay_state as "payState", m.purpose, m.account_id as "accountId",
            to_char(m.paid_date, 'YYYY-MM-DD') as "paidDate", to_char(m.settled_date, 'YYYY-MM-DD') as "settledDate",
            p.id as "projectId", p.name as "projectName", p.status as "projectStatus", pt.name as "tendererName", count(*) over () as total
       from bid_money m join bid_project p on p.tenant_id = m.tenant_id and p.id = m.project_id
       join partner pt on pt.tenant_id = p.tenant_id and pt.id = p.tenderer_id
      where ${where.join(' and ')} order by m.id desc limit ${size} offset ${((f.currentPage ?? 1) - 1) * size}`,
    args,
  );
  return { rows: rows.map(({ total: _, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
}

/**
 * 保证金汇总: every deposit still out, read from its open item on the journal (so the summary is what the
 * ledger says), with its age since payment; `overdue` when the result is more than `overdueDays` old.
 * Totals by project and by tendering party.
 */
export async function depositSummary(tx: Tx, tenantId: number, overdueDays = 30) {
  const day = today();
  const rows = await tx.query<Record<string, any>>(
    `select m.id, m.number, (o.balance * o.sign)::text as outstanding, to_char(m.paid_date, 'YYYY-MM-DD') as "paidDate",
            $2::date - m.paid_date as "ageDays", p.id as "projectId", p.name as "projectName", p.status as "projectStatus",
            to_char(p.result_date, 'YYYY-MM-DD') as "resultDate", pt.id as "partnerId", pt.name as "partnerName",
            coalesce(p.result_date is not null and $2::date - p.result_date > $3, false) as overdue
       from bid_money m join fin_open_item o on o.tenant_id = m.tenant_id and o.doc_kind = 'bid_deposit' and o.doc_id = m.id
       join bid_project p on p.tenant_id = m.tenant_id and p.id = m.project_id
       join partner pt on pt.tenant_id = p.tenant_id and pt.id = p.tenderer_id
      where m.tenant_id = $1 and m.kind = 'deposit' and o.balance <> 0 order by m.paid_date, m.id`,
    [tenantId, day, overdueDays],
  );
  const byKey = (key: 'projectId' | 'partnerId', name: 'projectName' | 'partnerName') => {
    const m = new Map<number, { id: number; name: string; outstanding: string; count: number }>();
    for (const r of rows) {
      const k = Number(r[key]);
      const cur = m.get(k) ?? { id: k, name: r[name], outstanding: '0', count: 0 };
      cur.outstanding = sum(cur.outstanding, r.outstanding);
      cur.count += 1;
      m.set(k, cur);
    }
    return [...m.values()];
  };
  const total = rows.reduce((s, r) => sum(s, r.outstanding), '0');
  return {
    asOf: day,
    overdueDays,
    total,
    overdue: rows.filter((r) => r.overdue).length,
    rows: rows.map(
      (r) => ({ ...r, id: Number(r.id), projectId: Number(r.projectId), partnerId: Number(r.partnerId), ageDays: Number(r.ageDays) }) as Record<string, any>,
    ),
    byProject: byKey('projectId', 'projectName'),
    byPartner: byKey('partnerId', 'partnerName'),
  };
}

function sum(a: string, b: string): string {
  return new Decimal(a).plus(b).toFixed();
}
