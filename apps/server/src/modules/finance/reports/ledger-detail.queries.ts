import type { Tx } from '../../../platform/db/database.ts';

const periodInt = (yyyymm: string) => Number(yyyymm.replace('-', ''));

/** The chart of accounts with what the company has posted to, for the general ledger's account picker. */
export async function chartList(tx: Tx, tenantId: number) {
  const rows = await tx.query(`select a.id, a.code, a.name, a.kind, a.by_partner as "byPartner" from fin_account a where a.tenant_id = $1 order by a.code`, [
    tenantId,
  ]);
  return { rows, total: rows.length };
}

export interface LedgerFilter {
  accountId?: number;
  organId?: number;
  beginMonth: string;
  endMonth: string;
}

/**
 * 明细账 (general ledger): the lines of one account (or of one partner's sub-ledgers) in a range of months, in
 * date order, each with the document that wrote it (for the drill-down; a bidding deposit or fee by its BZJ/TBF number) and the balance after it. The opening
 * balance comes from the period balance rows; the lines are read through (account, period) or (partner, period).
 */
export async function generalLedger(tx: Tx, tenantId: number, f: LedgerFilter, page: { currentPage: number; pageSize: number }) {
  const params = [tenantId, f.accountId ?? null, f.organId ?? null, periodInt(f.beginMonth), periodInt(f.endMonth)];
  const [open] = await tx.query<{ opening: string }>(
    `select coalesce(sum(debit - credit), 0)::text as opening from fin_balance
      where tenant_id = $1 and ($2::bigint is null or account_id = $2) and ($3::bigint is null or partner_id = $3) and period < $4`,
    params.slice(0, 4),
  );
  const lines = `select l.id, l.entry_id, l.account_id, l.partner_id, l.debit, l.credit from fin_journal_line l
      where l.tenant_id = $1 and ($2::bigint is null or l.account_id = $2) and ($3::bigint is null or l.partner_id = $3)
        and l.period between $4 and $5`;
  const rows = await tx.query(
    `with l as (${lines}),
          w as (select l.*, e.entry_date, e.source_kind, e.source_id, e.reverses is not null as reversal,
                       sum(l.debit - l.credit) over (order by e.entry_date, l.id) as running
                  from l join fin_entry e on e.tenant_id = $1 and e.id = l.entry_id)
     select w.id, to_char(w.entry_date, 'YYYY-MM-DD') as "operTime", w.source_kind as "sourceKind", w.source_id as "sourceId",
            coalesce(d.number, h.number, v.number, b.number) as number,
            coalesce(d.sub_type, h.type, v.type || '发票', case b.kind when 'deposit' then '投标保证金' when 'fee' then '投标费用' end) as "docType",
            a.code as "accountCode", a.name as "accountName", p.name as "organName", w.reversal,
            w.debit::float8 as debit, w.credit::float8 as credit, ($6::numeric + w.running)::float8 as balance
       from w
       join fin_account a on a.tenant_id = $1 and a.id = w.account_id
       left join partner p on p.tenant_id = $1 and p.id = w.partner_id
       left join depot_head d on w.source_kind = 'depot' and d.tenant_id = $1 and d.id = w.source_id
       left join account_head h on w.source_kind = 'account' and h.tenant_id = $1 and h.id = w.source_id
       left join fin_invoice v on w.source_kind = 'invoice' and v.tenant_id = $1 and v.id = w.source_id
       left join bid_money b on w.source_kind = 'bid' and b.tenant_id = $1 and b.id = w.source_id
      order by w.entry_date, w.id
      limit ${page.pageSize} offset ${(page.currentPage - 1) * page.pageSize}`,
    [...params, open.opening],
  );
  const [s] = await tx.query<{ total: number; debit: number; credit: number; opening: number; closing: number }>(
    `select count(*)::int as total, coalesce(sum(debit), 0)::float8 as debit, coalesce(sum(credit), 0)::float8 as credit,
            $6::numeric::float8 as opening, ($6::numeric + coalesce(sum(debit - credit), 0))::float8 as closing from (${lines}) l`,
    [...params, open.opening],
  );
  return { rows, total: s.total, sums: { debit: s.debit, credit: s.credit }, opening: s.opening, closing: s.closing };
}

export interface AgeingFilter {
  type: '应收' | '应付';
  organId?: number;
  /** YYYY-MM-DD: the ageing as it stood at the end of that day, from the journal */
  asOf?: string;
}

/**
 * 应收/应付账龄: per partner, what its documents still owe (the open items: sign +1 owed to us, −1 owed by us),
 * split by the documents' age today: 0–30, 31–60, 61–90 and over 90 days. Reads only live open items
 * (index fin_open_item_partner, balance ≠ 0), never the journal.
 */
export async function ageing(tx: Tx, tenantId: number, f: AgeingFilter, page: { currentPage: number; pageSize: number }) {
  const params: unknown[] = [tenantId, f.type === '应收' ? 1 : -1, f.organId ?? null];
  // as of a past date: each open item's balance from its journal lines dated up to then, aged at that date
  if (f.asOf) params.push(f.asOf);
  const ref = f.asOf ? '$4::date' : 'current_date';
  // per partner in numeric; cast to float8 only on the way out, so the totals add exact amounts
  const agg = `coalesce(sum(o.sign * o.balance), 0) as total,
            coalesce(sum(o.sign * o.balance) filter (where ${ref} - o.doc_date <= 30), 0) as "d0_30",
            coalesce(sum(o.sign * o.balance) filter (where ${ref} - o.doc_date between 31 and 60), 0) as "d31_60",
            coalesce(sum(o.sign * o.balance) filter (where ${ref} - o.doc_date between 61 and 90), 0) as "d61_90",
            coalesce(sum(o.sign * o.balance) filter (where ${ref} - o.doc_date > 90), 0) as "d90"`;
  const from = f.asOf
    ? `from (select i.id, i.partner_id, i.sign, i.doc_date, sum(l.debit - l.credit) as balance
               from fin_open_item i
               join fin_journal_line l on l.tenant_id = i.tenant_id and l.open_item_id = i.id
               join fin_entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id and e.entry_date <= $4::date
              where i.tenant_id = $1 and i.sign = $2 and ($3::bigint is null or i.partner_id = $3) and i.doc_date <= $4::date
              group by i.id, i.partner_id, i.sign, i.doc_date having sum(l.debit - l.credit) <> 0) o`
    : `from fin_open_item o where o.tenant_id = $1 and o.balance <> 0 and o.sign = $2 and ($3::bigint is null or o.partner_id = $3)`;
  const buckets = ['total', 'd0_30', 'd31_60', 'd61_90', 'd90'];
  const out = (t: string) => buckets.map((b) => `${t}."${b}"::float8 as "${b}"`).join(', ');
  // One pass over the open items: the partner groups once, the page and the totals both read from them (the
  // totals row always comes back, with the page's rows beside it, or alone with nulls past the last page).
  const found = await tx.query<Record<string, unknown> & { partners: number; organId: number | null }>(
    `with g as materialized (select o.partner_id, count(*)::int as docs, ${agg} ${from} group by o.partner_id),
          t as (select count(*)::int as partners, coalesce(sum(docs), 0)::int as docs,
                       ${buckets.map((b) => `coalesce(sum(g."${b}"), 0) as "${b}"`).join(', ')} from g)
     select t.partners, t.docs as "sumDocs", ${buckets.map((b) => `t."${b}"::float8 as "sum_${b}"`).join(', ')}, r.*
       from t left join lateral (
         select g.partner_id as "organId", p.name as "organName", p.type as "organType", g.docs, ${out('g')}
           from g left join partner p on p.tenant_id = $1 and p.id = g.partner_id
          order by g.total desc, g.partner_id
          limit ${page.pageSize} offset ${(page.currentPage - 1) * page.pageSize}) r on true`,
    params,
  );
  const head = found[0];
  const sums = { docs: head.sumDocs, ...Object.fromEntries(buckets.map((b) => [b, head[`sum_${b}`]])) };
  const rows = found
    .filter((r) => r.organId !== null)
    .map((r) => ({ organId: r.organId, organName: r.organName, organType: r.organType, docs: r.docs, ...Object.fromEntries(buckets.map((b) => [b, r[b]])) }));
  return { rows, total: head.partners, sums };
}
