import type pg from 'pg';

/**
 * Grows a company's journal by raw SQL, set-based, through the database's own triggers (balances, open items):
 * `lines` journal lines in entries of two. One entry in `perOpenItem` is a credit sale (receivable with an open
 * item / revenue), the others cash sales (bank / revenue). `closeLines` of them fall in month `closeMonth`
 * (the month bench:finance closes), the rest spread evenly over the 23 months before it.
 */
export async function growJournal(
  sql: pg.Pool,
  o: { tenantId: number; lines: number; openItems: number; closeLines: number; closeMonth: string; partners: number[] },
  accounts: { receivable: number; revenue: number; bank: number },
): Promise<void> {
  const entries = Math.floor(o.lines / 2);
  const closeEntries = Math.min(entries, Math.floor(o.closeLines / 2));
  const perOpenItem = Math.max(1, Math.floor(entries / Math.max(1, o.openItems)));
  const first = new Date(`${o.closeMonth}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 23);
  const spreadDays = Math.round((Date.parse(`${o.closeMonth}-01T00:00:00Z`) - first.getTime()) / 864e5);
  const CHUNK = 100_000;
  for (let from = 0; from < entries; from += CHUNK) {
    const n = Math.min(CHUNK, entries - from);
    const cl = await sql.connect();
    try {
      await cl.query('begin');
      // entries [0, closeEntries) in the close month, the others over the 23 months before it
      await cl.query(
        `create temp table g on commit drop as
         select i, ($3::bigint[])[1 + i % array_length($3::bigint[], 1)] as partner, i % $6 = 0 as credit,
                case when i < $4 then $7::date + (i % 28)::int else $8::date + (i % $5)::int end as day
           from generate_series($1::bigint, $1::bigint + $2 - 1) i`,
        [from, n, o.partners, closeEntries, spreadDays, perOpenItem, `${o.closeMonth}-01`, first.toISOString().slice(0, 10)],
      );
      await cl.query(
        `insert into fin_open_item(tenant_id, doc_kind, doc_id, account_id, partner_id, sign, doc_date)
         select $1::bigint, 'bench', i, $2::bigint, partner, 1, day from g where credit`,
        [o.tenantId, accounts.receivable],
      );
      await cl.query(
        `create temp table e on commit drop as
         with ins as (insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period)
                      select $1::bigint, 'bench', i, day, extract(year from day)::int * 100 + extract(month from day)::int from g returning id, source_id, period)
         select ins.id, ins.period, g.partner, g.credit, o.id as item from ins join g on g.i = ins.source_id
           left join fin_open_item o on g.credit and o.tenant_id = $1 and o.doc_kind = 'bench' and o.doc_id = g.i`,
        [o.tenantId],
      );
      await cl.query(
        `insert into fin_journal_line(tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
         select $1::bigint, id, case when credit then $2::bigint else $4::bigint end, case when credit then partner end, item, period, 10, 0 from e
         union all select $1::bigint, id, $3::bigint, null, null, period, 0, 10 from e`,
        [o.tenantId, accounts.receivable, accounts.revenue, accounts.bank],
      );
      await cl.query('commit');
    } catch (err) {
      await cl.query('rollback');
      throw err;
    } finally {
      cl.release();
    }
  }
  await sql.query('analyze fin_journal_line; analyze fin_balance; analyze fin_open_item; analyze fin_entry');
}
