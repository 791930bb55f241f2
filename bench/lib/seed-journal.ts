import type pg from 'pg';

/**
 * A company's journal for the dashboard benchmark, set-based: `lines / 2` sale entries (receivable with an
 * open item per entry, debit 10 / revenue, credit 10) spread evenly over the `days` up to today, customers
 * taken in turn. The journal's triggers are off during the load (session_replication_role), so its two
 * projections are written directly: the open items with their balance (10: each stays open, so the ageing and
 * arrears figures read the most they can) and the period sums (fin_balance) in one statement after the lines. Returns the load's milliseconds.
 */
export async function seedJournal(c: pg.Client, tenantId: number, o: { lines: number; days: number }): Promise<number> {
  const t0 = performance.now();
  const acc = async (role: string) =>
    Number((await c.query('select id from fin_account where tenant_id = $1 and role = $2 and settlement_account_id is null', [tenantId, role])).rows[0].id);
  const receivable = await acc('receivable');
  const revenue = await acc('revenue');
  const customers = (await c.query(`select array_agg(id order by id) as ids from partner where tenant_id = $1 and type = '客户'`, [tenantId])).rows[0].ids;
  const entries = Math.floor(o.lines / 2);
  await c.query("set session_replication_role = replica; set maintenance_work_mem = '512MB'; set synchronous_commit = off");
  const day = `(current_date - (($2::bigint - g)::float8 / $2 * $3)::int)`;
  await c.query(
    `insert into fin_open_item (tenant_id, doc_kind, doc_id, account_id, partner_id, sign, doc_date, balance)
     select $1, 'bench', g, $4, ($5::bigint[])[1 + g % cardinality($5::bigint[])], 1, ${day}, 10 from generate_series(1, $2::bigint) g`,
    [tenantId, entries, o.days, receivable, customers],
  );
  await c.query(
    `insert into fin_entry (tenant_id, source_kind, source_id, entry_date, period)
     select $1, 'bench', g, d, extract(year from d)::int * 100 + extract(month from d)::int
       from generate_series(1, $2::bigint) g, lateral (select ${day} as d) x`,
    [tenantId, entries, o.days],
  );
  // fresh statistics, or the planner joins the two new tables by nested loops (seen: 10 minutes for 100,000 lines)
  await c.query('analyze fin_open_item, fin_entry');
  await c.query(
    `insert into fin_journal_line (tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
     select e.tenant_id, e.id, x.account, x.partner, x.item, e.period, x.debit, x.credit
       from fin_entry e join fin_open_item o on o.tenant_id = e.tenant_id and o.doc_kind = 'bench' and o.doc_id = e.source_id,
            lateral (values ($2::bigint, o.partner_id, o.id, 10, 0), ($3::bigint, null::bigint, null::bigint, 0, 10)) x(account, partner, item, debit, credit)
      where e.tenant_id = $1 and e.source_kind = 'bench'`,
    [tenantId, receivable, revenue],
  );
  await c.query(
    `insert into fin_balance as b (tenant_id, account_id, partner_id, period, debit, credit)
     select tenant_id, account_id, coalesce(partner_id, 0), period, sum(debit), sum(credit) from fin_journal_line where tenant_id = $1 group by 1, 2, 3, 4
     on conflict (tenant_id, account_id, partner_id, period) do update set debit = b.debit + excluded.debit, credit = b.credit + excluded.credit`,
    [tenantId],
  );
  await c.query('set session_replication_role = origin');
  return performance.now() - t0;
}
