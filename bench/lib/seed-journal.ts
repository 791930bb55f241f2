import type pg from 'pg';

/**
 * A company's journal for the dashboard benchmark, set-based, as a trading company's books look: `lines / 4`
 * sales on credit (receivable with an open item, debit 10 / revenue, credit 10) spread evenly over the `days`
 * up to today, customers taken in turn, and the receipt that settles each one (cash, debit 10 / receivable,
 * credit 10 naming the open item) on the day it was paid: 97 % are paid 30–90 days after the sale, the other 3 %
 * late, 91–365 days after (the overdue tail). A sale whose day of payment is still to come stays open, so the
 * open items are the last quarter's sales and the late tail of the last year, whatever the length of history.
 * Every value is a pure function of the row number. The journal's triggers are off during the load
 * (session_replication_role), so its projections are written directly: the open items with their balance
 * (10 while open, 0 once paid) and the period sums (fin_balance) in one statement after the lines.
 * Returns the load's milliseconds and the journal lines written.
 */
export async function seedJournal(c: pg.Client, tenantId: number, o: { lines: number; days: number }) {
  const t0 = performance.now();
  const acc = async (role: string) =>
    Number((await c.query('select id from fin_account where tenant_id = $1 and role = $2 and settlement_account_id is null', [tenantId, role])).rows[0].id);
  const receivable = await acc('receivable');
  const revenue = await acc('revenue');
  const cash = await acc('cash');
  const customers = (await c.query(`select array_agg(id order by id) as ids from partner where tenant_id = $1 and type = '客户'`, [tenantId])).rows[0].ids;
  const sales = Math.max(1, Math.floor(o.lines / 4));
  await c.query("set session_replication_role = replica; set maintenance_work_mem = '512MB'; set synchronous_commit = off");
  const day = `(current_date - (($2::bigint - g)::float8 / $2 * $3)::int)`;
  // days from sale to payment: 97 % in 30–90, 3 % in 91–365
  const lag = `(case when (g * 7919) % 100 < 97 then 30 + (g * 31) % 61 else 91 + (g * 17) % 275 end)::int`;
  await c.query(
    `insert into fin_open_item (tenant_id, doc_kind, doc_id, account_id, partner_id, sign, doc_date, balance)
     select $1, 'bench', g, $4, ($5::bigint[])[1 + g % cardinality($5::bigint[])], 1, d, case when d + ${lag} > current_date then 10 else 0 end
       from generate_series(1, $2::bigint) g, lateral (select ${day} as d) x`,
    [tenantId, sales, o.days, receivable, customers],
  );
  const period = (d: string) => `extract(year from ${d})::int * 100 + extract(month from ${d})::int`;
  await c.query(
    `insert into fin_entry (tenant_id, source_kind, source_id, entry_date, period)
     select $1, k, g, d, ${period('d')}
       from generate_series(1, $2::bigint) g,
            lateral (values ('bench', ${day}), ('benchReceipt', ${day} + ${lag})) x(k, d)
      where k = 'bench' or d <= current_date`,
    [tenantId, sales, o.days],
  );
  // fresh statistics, or the planner joins the two new tables by nested loops (seen: 10 minutes for 100,000 lines)
  await c.query('analyze fin_open_item, fin_entry');
  await c.query(
    `insert into fin_journal_line (tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
     select e.tenant_id, e.id, x.account, x.partner, x.item, e.period, x.debit, x.credit
       from fin_entry e join fin_open_item o on o.tenant_id = e.tenant_id and o.doc_kind = 'bench' and o.doc_id = e.source_id,
            lateral (select e.source_kind = 'bench' as sale) k,
            lateral (values ($2::bigint, o.partner_id, o.id, case when k.sale then 10 else 0 end, case when k.sale then 0 else 10 end),
                            (case when k.sale then $3::bigint else $4::bigint end, null::bigint, null::bigint,
                             case when k.sale then 0 else 10 end, case when k.sale then 10 else 0 end)) x(account, partner, item, debit, credit)
      where e.tenant_id = $1 and e.source_kind in ('bench', 'benchReceipt')`,
    [tenantId, receivable, revenue, cash],
  );
  const written = await c.query(
    `with b as (
       insert into fin_balance as b (tenant_id, account_id, partner_id, period, debit, credit)
       select tenant_id, account_id, coalesce(partner_id, 0), period, sum(debit), sum(credit) from fin_journal_line where tenant_id = $1 group by 1, 2, 3, 4
       on conflict (tenant_id, account_id, partner_id, period) do update set debit = b.debit + excluded.debit, credit = b.credit + excluded.credit
       returning 1)
     select (select count(*) from fin_journal_line where tenant_id = $1)::bigint as lines`,
    [tenantId],
  );
  await c.query('set session_replication_role = origin');
  return { ms: performance.now() - t0, lines: Number(written.rows[0].lines) };
}
