import type { Tx } from '../../../platform/db/database.ts';

export interface DayStatementFilter {
  type: '客户' | '供应商' | '会员';
  /** first and last day of the statement (YYYY-MM-DD), both included */
  beginTime: string;
  endTime: string;
  organId?: number;
  /** '1': only partners whose closing balance is not zero; '0': only those at zero */
  hasDebt?: '0' | '1';
  /** the customers the user may see (data scope); null = all */
  scope: number[] | null;
}

/**
 * 对账单 by day (jshERP's getStatementAccount): every enabled partner of the type with what stood before the
 * first day, what the days' documents added (sales or purchases net of returns and of what was paid on them,
 * invoices), what the days' receipts and payments settled, and what stands after the last day — over the
 * partner's sub-ledgers (receivable, payable, advances): months before the first day's month from the monthly
 * balances, the rest from the journal lines by entry date. Customers'
 * figures are what they owe us (debit − credit), suppliers' what we owe them (credit − debit); largest first.
 * closing = opening + documents − settlements.
 */
export async function partnerDayStatement(tx: Tx, tenantId: number, f: DayStatementFilter, page: { currentPage: number; pageSize: number }) {
  const sign = f.type === '供应商' ? -1 : 1;
  const period = (day: string) => Number(day.slice(0, 4)) * 100 + Number(day.slice(5, 7));
  const params = [tenantId, f.type, f.beginTime, f.endTime, sign, f.organId ?? null, f.scope, period(f.beginTime), period(f.endTime)];
  const debt = f.hasDebt === '1' ? 'and g.closing <> 0' : f.hasDebt === '0' ? 'and g.closing = 0' : '';
  // whole months before the first day's month come from the monthly balances (fin_balance); only the lines
  // from the first of that month through the last day are read, so the cost follows the period asked, not
  // the partner's history. closing = before + what the days moved.
  const g = `with m as (
      select x.partner_id, sum(x.before) as before, sum(x.documents) as documents, sum(x.settled) as settled,
             sum(x.before + x.documents + x.settled) as net
        from (
          select b.partner_id, sum(b.debit - b.credit) as before, 0 as documents, 0 as settled
            from fin_balance b
            join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id and a.by_partner
           where b.tenant_id = $1 and b.partner_id <> 0 and b.period < $8
           group by b.partner_id
          union all
          select l.partner_id,
                 coalesce(sum(l.debit - l.credit) filter (where e.entry_date < $3::date), 0),
                 coalesce(sum(l.debit - l.credit) filter (where e.entry_date >= $3::date and e.source_kind <> 'account'), 0),
                 coalesce(sum(l.debit - l.credit) filter (where e.entry_date >= $3::date and e.source_kind = 'account'), 0)
            from fin_journal_line l
            join fin_entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
            join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id and a.by_partner
           where l.tenant_id = $1 and l.partner_id is not null and l.period between $8 and $9
             and e.entry_date >= date_trunc('month', $3::date)::date and e.entry_date <= $4::date
           group by l.partner_id) x
       group by x.partner_id),
    g as (
      select p.id, p.name, p.contacts, p.phone, p.telephone, p.email, $5 * coalesce(m.before, 0) as opening,
             $5 * coalesce(m.documents, 0) as documents, -$5 * coalesce(m.settled, 0) as settlements, $5 * coalesce(m.net, 0) as closing
        from partner p left join m on m.partner_id = p.id
       where p.tenant_id = $1 and p.type = $2 and p.enabled and not p.delete_flag and ($6::bigint is null or p.id = $6)
         and ($7::bigint[] is null or p.id = any($7::bigint[])))`;
  const rows = await tx.query(
    `${g} select g.id as "organId", g.name as "organName", g.contacts, g.phone, g.telephone, g.email, g.opening::float8 as opening,
            g.documents::float8 as documents, g.settlements::float8 as settlements, g.closing::float8 as closing
       from g where true ${debt} order by g.closing desc, g.name, g.id
      limit ${page.pageSize} offset ${(page.currentPage - 1) * page.pageSize}`,
    params,
  );
  const [s] = await tx.query<{ total: number }>(
    `${g} select count(*)::int as total, coalesce(sum(g.opening), 0)::float8 as opening, coalesce(sum(g.documents), 0)::float8 as documents,
            coalesce(sum(g.settlements), 0)::float8 as settlements, coalesce(sum(g.closing), 0)::float8 as closing
       from g where true ${debt}`,
    params,
  );
  const { total, ...sums } = s;
  return { rows, total, sums };
}
