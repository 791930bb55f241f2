import type { Tx } from '../../../platform/db/database.ts';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * 账户统计 (/account/getStatistics): the settlement accounts' balances now and this month's movement,
 * for the accounts matching the list's filters (name, number).
 */
export async function accountStatistics(tx: Tx, tenantId: number, f: { name?: string; serialNo?: string }) {
  const r = await tx.one<{ allCurrentAmount: number; allMonthAmount: number }>(
    `with s as (select id, current_amount from settlement_account
                 where tenant_id = $1 and not delete_flag and ($2::text is null or name ilike $2) and ($3::text is null or serial_no ilike $3))
     select coalesce((select sum(current_amount) from s), 0)::float8 as "allCurrentAmount",
            coalesce((select sum(b.debit - b.credit) from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
                       where b.tenant_id = $1 and a.settlement_account_id in (select id from s)
                         and b.period = to_char(now(), 'YYYYMM')::int), 0)::float8 as "allMonthAmount"`,
    [tenantId, f.name ? like(f.name) : null, f.serialNo ? like(f.serialNo) : null],
  );
  return r!;
}

/**
 * 账户流水 (/account/findAccountInOutList): one settlement account's movements, newest first, each with
 * the document that made it (a bidding deposit or fee: its BZJ/TBF number and the tendering party) and the balance
 * after it (initial amount plus every movement up to it).
 */
export async function accountFlow(tx: Tx, tenantId: number, accountId: number, page: { currentPage: number; pageSize: number }) {
  const params = [tenantId, accountId];
  const rows = await tx.query(
    `with l as (
       select l.id, e.source_kind, e.source_id, e.entry_date, e.reverses is not null as reversal, l.debit - l.credit as amount
         from fin_journal_line l join fin_entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
         join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id
        where l.tenant_id = $1 and a.settlement_account_id = $2),
     w as (select l.*, sum(amount) over (order by entry_date, id) as running from l)
     select w.id, w.source_kind as "sourceKind", w.source_id as "sourceId", coalesce(d.number, h.number, b.number) as number,
            coalesce(d.sub_type, h.type, case b.kind when 'deposit' then '投标保证金' when 'fee' then '投标费用' end) as type, coalesce(dp.name, hp.name, bp.name) as "organName",
            to_char(w.entry_date, 'YYYY-MM-DD') as "operTime", w.reversal, w.amount::float8 as "changeAmount",
            (coalesce(s.initial_amount, 0) + w.running)::float8 as balance
       from w
       join settlement_account s on s.tenant_id = $1 and s.id = $2
       left join depot_head d on w.source_kind = 'depot' and d.tenant_id = $1 and d.id = w.source_id
       left join partner dp on dp.tenant_id = $1 and dp.id = d.organ_id
       left join account_head h on w.source_kind = 'account' and h.tenant_id = $1 and h.id = w.source_id
       left join partner hp on hp.tenant_id = $1 and hp.id = h.organ_id
       left join bid_money b on w.source_kind = 'bid' and b.tenant_id = $1 and b.id = w.source_id
       left join bid_project bj on bj.tenant_id = $1 and bj.id = b.project_id
       left join partner bp on bp.tenant_id = $1 and bp.id = bj.tenderer_id
      order by w.entry_date desc, w.id desc
      limit ${page.pageSize} offset ${(page.currentPage - 1) * page.pageSize}`,
    params,
  );
  const total = await tx.one<{ n: number; amount: number }>(
    `select count(*)::int as n, coalesce(sum(l.debit - l.credit), 0)::float8 as amount
       from fin_journal_line l join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id
      where l.tenant_id = $1 and a.settlement_account_id = $2`,
    params,
  );
  return { rows, total: total!.n, sums: { changeAmount: total!.amount } };
}

/** 账户统计 per account: the initial amount, this month's movement (period balance rows) and the balance now. */
export async function accountBalances(tx: Tx, tenantId: number, f: { name?: string; serialNo?: string }, page: { currentPage: number; pageSize: number }) {
  const params = [tenantId, f.name ? like(f.name) : null, f.serialNo ? like(f.serialNo) : null];
  const g = `select s.id, s.name, s.serial_no, coalesce(s.initial_amount, 0) as initial_amount, s.current_amount,
                    coalesce((select sum(b.debit - b.credit) from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
                               where b.tenant_id = $1 and a.settlement_account_id = s.id and b.period = to_char(now(), 'YYYYMM')::int), 0) as month_amount
               from settlement_account s where s.tenant_id = $1 and not s.delete_flag and ($2::text is null or s.name ilike $2)
                and ($3::text is null or s.serial_no ilike $3)`;
  const rows = await tx.query(
    `select id as "accountId", name, serial_no as "serialNo", initial_amount::float8 as "initialAmount", month_amount::float8 as "monthAmount",
            current_amount::float8 as "currentAmount" from (${g}) g order by name, id
      limit ${page.pageSize} offset ${(page.currentPage - 1) * page.pageSize}`,
    params,
  );
  const [s] = await tx.query<{ total: number }>(
    `select count(*)::int as total, coalesce(sum(initial_amount), 0)::float8 as "initialAmount", coalesce(sum(month_amount), 0)::float8 as "monthAmount",
            coalesce(sum(current_amount), 0)::float8 as "currentAmount" from (${g}) g`,
    params,
  );
  const { total, ...sums } = s;
  return { rows, total, sums };
}
