import type { Tx } from '../../../platform/db/database.ts';

/**
 * Reports over the journal (docs/finance.md "Reports"). Everything by period reads the period balance
 * rows (account × partner × month), never the lines, so a report costs the same whatever the history.
 */
const periodInt = (yyyymm: string) => Number(yyyymm.replace('-', ''));

/** 试算平衡表: per account, the balance before the period, the period's debits and credits, and the balance after. */
export async function trialBalance(tx: Tx, tenantId: number, period: string, page = { currentPage: 1, pageSize: 1000 }) {
  const p = periodInt(period);
  const rows = await tx.query<{ opening: number; debit: number; credit: number; closing: number }>(
    `select a.id as "accountId", a.code, a.name, a.kind,
            coalesce(sum(b.debit - b.credit) filter (where b.period < $2), 0)::float8 as opening,
            coalesce(sum(b.debit) filter (where b.period = $2), 0)::float8 as debit,
            coalesce(sum(b.credit) filter (where b.period = $2), 0)::float8 as credit,
            coalesce(sum(b.debit - b.credit) filter (where b.period <= $2), 0)::float8 as closing
       from fin_account a left join fin_balance b on b.tenant_id = a.tenant_id and b.account_id = a.id and b.period <= $2
      where a.tenant_id = $1
      group by a.id, a.code, a.name, a.kind
     having count(b.account_id) > 0
      order by a.code`,
    [tenantId, p],
  );
  const [sums] = await tx.query(
    `select coalesce(sum(debit - credit) filter (where period < $2), 0)::float8 as opening, coalesce(sum(debit) filter (where period = $2), 0)::float8 as debit,
            coalesce(sum(credit) filter (where period = $2), 0)::float8 as credit, coalesce(sum(debit - credit), 0)::float8 as closing
       from fin_balance where tenant_id = $1 and period <= $2`,
    [tenantId, p],
  );
  const from = (page.currentPage - 1) * page.pageSize;
  return { rows: rows.slice(from, from + page.pageSize), total: rows.length, sums };
}

export interface StatementFilter {
  type: '客户' | '供应商' | '会员';
  beginMonth: string;
  endMonth: string;
  organId?: number;
  currentPage: number;
  pageSize: number;
}

/**
 * 客户对账 / 供应商对账: per partner, what stood before the first month, the movements of the months and
 * what stands after, over the partner's sub-ledgers (receivable, payable, advances). Customers' figures
 * are what they owe us (debit − credit), suppliers' what we owe them (credit − debit).
 */
export async function partnerStatement(tx: Tx, tenantId: number, f: StatementFilter) {
  const sign = f.type === '供应商' ? -1 : 1;
  const params = [tenantId, f.type, periodInt(f.beginMonth), periodInt(f.endMonth), sign, f.organId ?? null];
  const from = `from partner p
      join fin_balance b on b.tenant_id = p.tenant_id and b.partner_id = p.id and b.period <= $4
      join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id and a.by_partner
     where p.tenant_id = $1 and p.type = $2 and ($6::bigint is null or p.id = $6)`;
  const rows = await tx.query(
    `select p.id as "organId", p.name as "organName",
            ($5 * coalesce(sum(b.debit - b.credit) filter (where b.period < $3), 0))::float8 as opening,
            coalesce(sum(b.debit) filter (where b.period >= $3), 0)::float8 as debit,
            coalesce(sum(b.credit) filter (where b.period >= $3), 0)::float8 as credit,
            ($5 * sum(b.debit - b.credit))::float8 as closing
       ${from}
      group by p.id, p.name order by p.name, p.id
      limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}`,
    params,
  );
  const [sums] = await tx.query<{ total: number }>(
    `select count(distinct p.id)::int as total,
            ($5 * coalesce(sum(b.debit - b.credit) filter (where b.period < $3), 0))::float8 as opening,
            coalesce(sum(b.debit) filter (where b.period >= $3), 0)::float8 as debit,
            coalesce(sum(b.credit) filter (where b.period >= $3), 0)::float8 as credit,
            ($5 * coalesce(sum(b.debit - b.credit), 0))::float8 as closing
       ${from}`,
    params,
  );
  const { total, ...rest } = sums;
  return { rows, total, sums: rest };
}

/** 利润表 by month of a year: revenue, cost, gross profit, other income, expenses and profit, from the period balances; the 合计 row is the year. */
export async function incomeStatement(tx: Tx, tenantId: number, year: number) {
  const rows = await tx.query<{ month: number | null }>(
    `with m as (select generate_series(1, 12) as month),
          b as (select b.period % 100 as month, a.role, a.kind, sum(b.debit - b.credit) as net
                  from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
                 where b.tenant_id = $1 and b.period between $2 * 100 + 1 and $2 * 100 + 12 and a.kind in ('income', 'expense')
                 group by 1, 2, 3),
          f as (select m.month,
                       coalesce(-sum(b.net) filter (where b.role = 'revenue'), 0) as revenue,
                       coalesce(sum(b.net) filter (where b.role = 'cogs'), 0) as cost,
                       coalesce(-sum(b.net) filter (where b.kind = 'income' and b.role <> 'revenue'), 0) as other_income,
                       coalesce(sum(b.net) filter (where b.kind = 'expense' and b.role <> 'cogs'), 0) as expenses
                  from m left join b on b.month = m.month group by grouping sets ((m.month), ()))
     select month, revenue::float8 as revenue, cost::float8 as cost, (revenue - cost)::float8 as "grossProfit",
            other_income::float8 as "otherIncome", expenses::float8 as expenses, (revenue - cost + other_income - expenses)::float8 as profit
       from f order by month nulls last`,
    [tenantId, year],
  );
  const { month: _, ...sums } = rows.pop()!;
  return { rows, total: rows.length, sums };
}

/** 收支报表: per income or expense account, what came in and went out in a range of months (period balance rows only). */
export async function incomeExpense(tx: Tx, tenantId: number, f: { beginMonth: string; endMonth: string }, page: { currentPage: number; pageSize: number }) {
  const params = [tenantId, periodInt(f.beginMonth), periodInt(f.endMonth)];
  const g = `select a.id, a.code, a.name, a.kind,
                    case when a.kind = 'income' then sum(b.credit - b.debit) else 0 end as income,
                    case when a.kind = 'expense' then sum(b.debit - b.credit) else 0 end as expense
               from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
              where b.tenant_id = $1 and b.period between $2 and $3 and a.kind in ('income', 'expense')
              group by a.id, a.code, a.name, a.kind
             having sum(b.debit) <> 0 or sum(b.credit) <> 0`;
  const rows = await tx.query(
    `select id as "accountId", code, name, kind, income::float8 as income, expense::float8 as expense from (${g}) g order by code
      limit ${page.pageSize} offset ${(page.currentPage - 1) * page.pageSize}`,
    params,
  );
  const [s] = await tx.query<{ total: number }>(
    `select count(*)::int as total, coalesce(sum(income), 0)::float8 as income, coalesce(sum(expense), 0)::float8 as expense from (${g}) g`,
    params,
  );
  const { total, ...sums } = s;
  return { rows, total, sums };
}
