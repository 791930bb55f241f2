import { FIN_DOC_TYPES } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import { can, type Session } from '../../../platform/auth/session.ts';
import { ownDocumentAnd } from '../../../platform/auth/own-data.ts';

export const WORKBENCH_MENU = '/financial/workbench';
/** Open items older than this many days are overdue (the first bucket of the ageing reports is 0–30). */
export const OVERDUE_DAYS = 30;

const ym = (d: Date) => d.getFullYear() * 100 + d.getMonth() + 1;
const asMonth = (p: number) => `${Math.floor(p / 100)}-${String(p % 100).padStart(2, '0')}`;
const monthsBetween = (from: number, to: number) => (Math.floor(to / 100) - Math.floor(from / 100)) * 12 + (to % 100) - (from % 100);

/** Finance documents awaiting audit (unaudited or in approval) per type the user may open (index account_head_unaudited). */
async function unaudited(tx: Tx, s: Session) {
  const types = FIN_DOC_TYPES.filter((t) => can(s, t.menu));
  if (!types.length) return [];
  const counts = await tx.query<{ type: string; n: number }>(
    `select h.type, count(*)::int as n from account_head h
      where h.tenant_id = $1 and h.status <> '1' and not h.delete_flag and h.type = any($2::text[])${ownDocumentAnd(s, 'h', 3)}
      group by h.type`,
    [s.tenantId, types.map((t) => t.type), ...(ownDocumentAnd(s, 'h', 3) ? [s.userId] : [])],
  );
  const by = new Map(counts.map((c) => [c.type, c.n]));
  return types.map((t) => ({ key: t.key, type: t.type, menu: t.menu, count: by.get(t.type) ?? 0 }));
}

/** What customers owe us and we owe suppliers (live open items), in total and overdue. */
async function arrears(tx: Tx, tenantId: number) {
  const rows = await tx.query<{ sign: number; docs: number; amount: string; overdueDocs: number; overdue: string }>(
    `select o.sign, count(*)::int as docs, sum(o.sign * o.balance)::text as amount,
            (count(*) filter (where current_date - o.doc_date > $2))::int as "overdueDocs",
            coalesce(sum(o.sign * o.balance) filter (where current_date - o.doc_date > $2), 0)::text as overdue
       from fin_open_item o where o.tenant_id = $1 and o.balance <> 0 group by o.sign`,
    [tenantId, OVERDUE_DAYS],
  );
  const of = (sign: number) => {
    const r = rows.find((x) => Number(x.sign) === sign);
    return { docs: r?.docs ?? 0, amount: r?.amount ?? '0', overdueDocs: r?.overdueDocs ?? 0, overdue: r?.overdue ?? '0' };
  };
  return { receivable: of(1), payable: of(-1) };
}

/** The month to close next: the first month after the last closed one that has journal entries, and how many such months have ended. */
async function periods(tx: Tx, tenantId: number, now: Date) {
  const r = await tx.one<{ lastClosed: string | null; firstOpen: number | null }>(
    `select (select max(period) from account_period where tenant_id = $1 and closed) as "lastClosed",
            (select min(period) from fin_entry where tenant_id = $1
               and period > coalesce((select replace(max(period), '-', '')::int from account_period where tenant_id = $1 and closed), 0)) as "firstOpen"`,
    [tenantId],
  );
  const current = ym(now);
  const first = r?.firstOpen ?? null;
  return {
    current: asMonth(current),
    lastClosed: r?.lastClosed ?? null,
    firstOpen: first === null ? null : asMonth(first),
    /** ended months (before the current one) with entries and not closed: the period-close to-do */
    toClose: first === null || first >= current ? 0 : monthsBetween(first, current),
  };
}

/** This month's and last month's money in and out of cash and bank, and the income statement lines (fin_balance rows only). */
async function months(tx: Tx, tenantId: number, now: Date) {
  const cur = ym(now);
  const prev = ym(new Date(now.getFullYear(), now.getMonth() - 1, 1));
  const rows = await tx.query<Record<string, string | number>>(
    `select b.period,
            coalesce(sum(b.debit) filter (where a.role in ('cash', 'bank')), 0)::text as "moneyIn",
            coalesce(sum(b.credit) filter (where a.role in ('cash', 'bank')), 0)::text as "moneyOut",
            coalesce(-sum(b.debit - b.credit) filter (where a.role = 'revenue'), 0)::text as revenue,
            coalesce(sum(b.debit - b.credit) filter (where a.role = 'cogs'), 0)::text as cost,
            coalesce(-sum(b.debit - b.credit) filter (where a.kind = 'income' and a.role <> 'revenue'), 0)::text as "otherIncome",
            coalesce(sum(b.debit - b.credit) filter (where a.kind = 'expense' and a.role <> 'cogs'), 0)::text as expenses,
            coalesce(-sum(b.debit - b.credit) filter (where a.kind in ('income', 'expense')), 0)::text as profit
       from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
      where b.tenant_id = $1 and b.period in ($2, $3) and (a.kind in ('income', 'expense') or a.role in ('cash', 'bank'))
      group by b.period`,
    [tenantId, cur, prev],
  );
  const zero = { moneyIn: '0', moneyOut: '0', revenue: '0', cost: '0', otherIncome: '0', expenses: '0', profit: '0' };
  const pick = (p: number) => {
    const { period: _, ...r } = rows.find((x) => Number(x.period) === p) ?? { period: p, ...zero };
    return r as typeof zero;
  };
  return { thisMonth: pick(cur), lastMonth: pick(prev) };
}

const PRICE_KEYS = ['revenue', 'cost', 'profit'] as const;

/**
 * 财务工作台 (GET /finance/workbench, issue 14): what a finance clerk needs first — the to-dos (documents awaiting
 * audit, overdue receivables and payables, months to close) and the key figures (cash and bank, arrears, this
 * and last month's money in and out and income statement) — all from the journal's projections (settlement
 * balances, open items, fin_balance rows) and partial indexes, never sums over history. Amounts are decimal
 * text; roles with price masking get null for the sale-price figures and the payables, as on the home dashboard.
 */
export async function financeWorkbench(tx: Tx, s: Session, now = new Date()) {
  // one transaction's connection: the queries run one after another
  const docs = await unaudited(tx, s);
  const owed = await arrears(tx, s.tenantId);
  const period = await periods(tx, s.tenantId, now);
  const month = await months(tx, s.tenantId, now);
  const cash = await tx.one<{ amount: string }>(
    `select coalesce(sum(current_amount), 0)::text as amount from settlement_account where tenant_id = $1 and not delete_flag`,
    [s.tenantId],
  );
  if (s.priceMasked) {
    for (const m of [month.thisMonth, month.lastMonth]) for (const k of PRICE_KEYS) (m as Record<string, string | null>)[k] = null;
    Object.assign(owed.payable, { amount: null, overdue: null });
  }
  return { unaudited: docs, ...owed, period, cash: cash!.amount, ...month, overdueDays: OVERDUE_DAYS };
}
