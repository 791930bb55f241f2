import crypto from 'node:crypto';
import type pg from 'pg';

/** What the raw sale needs from the setup: the company, its rows and its finance accounts. */
export interface RawSaleSetup {
  tenantId: number;
  userId: number;
  customer: number;
  account: number;
  depot: number;
  operTime: string;
  price: number;
  /** material id → its barcode row (material_extend id) */
  extOf: Map<number, number>;
}

type Fin = { receivable: number; bank: number; inventory: number; revenue: number; cogs: number };

/** The finance accounts a sale posts to, as finance made them for the company (made by the setup's API sale). */
export async function finAccounts(sql: pg.Pool, s: RawSaleSetup): Promise<Fin> {
  const r = await sql.query<{ role: string; id: string }>(
    `select role, id from fin_account where tenant_id = $1 and (settlement_account_id is null and in_out_item_id is null or settlement_account_id = $2)`,
    [s.tenantId, s.account],
  );
  const of = (role: string) => {
    const row = r.rows.find((x) => x.role === role);
    if (!row) throw new Error(`raw sale: no finance account with role ${role}; post one sale through the API first`);
    return Number(row.id);
  };
  return { receivable: of('receivable'), bank: of('bank'), inventory: of('inventory'), revenue: of('revenue'), cogs: of('cogs') };
}

/**
 * The raw-SQL baseline of a 10-line sale outbound with a customer, prices and payment in full
 * (issue 13 item 3): the very rows the API writes for one — the document and its lines with their
 * cost, the payment account row, the stock rows locked in key order and updated, the ledger rows,
 * the day and month stock summary rows, the customer's open item, the journal entry and its six
 * lines (receivable, revenue, cost of goods, inventory, the receipt; finance's trigger keeps the
 * balances, the open item and the account's balance from them), the document number from the
 * company's rule, the document and partner day summaries and the operation log — written the way a
 * hand-written service would, in 9 statements of one transaction, by a superuser (no row-level
 * security, no checks the API makes before writing).
 */
export function rawSale(sql: pg.Pool, s: RawSaleSetup, fin: Fin) {
  return async (materialIds: number[]): Promise<undefined> => {
    const ids = [...materialIds].sort((a, b) => a - b);
    const n = ids.length;
    const total = (s.price * n).toFixed(6);
    const db = await sql.connect();
    try {
      await db.query('begin');
      const token = crypto.randomUUID();
      const head = await db.query<{ id: string; item_ids: string[] }>(
        `with h as (insert into depot_head(tenant_id, doc_key, type, sub_type, number, creator, share_token, oper_time, organ_id, account_id, total_price,
                      discount, discount_money, discount_last_money, other_money, deposit, change_amount, back_amount, debt, updater, pay_type, status)
                    values ($1, 'saleOut', '出库', '销售', $2, $3, $4, $5, $6, $7, $8, 0, 0, $8, 0, 0, $8, 0, 0, $3, '现付', '0') returning id),
              i as (insert into depot_item(tenant_id, header_id, line_no, material_id, material_extend_id, material_unit, oper_number, basic_number,
                      unit_price, all_price, tax_last_money, depot_id)
                    select $1, h.id, x.n, x.m, x.e, '个', 1, 1, $9, $9, $9, $10 from h, unnest($11::bigint[], $12::bigint[]) with ordinality as x(m, e, n)
                    returning id, material_id)
         select h.id, array(select i.id from i order by i.material_id) as item_ids from h`,
        [s.tenantId, `~${token}`, s.userId, token, s.operTime, s.customer, s.account, total, s.price, s.depot, ids, ids.map((id) => s.extOf.get(id))],
      );
      const headerId = head.rows[0].id;
      const itemIds = head.rows[0].item_ids;
      await db.query(`insert into depot_head_account(tenant_id, header_id, account_id, amount) values ($1, $2, $3, $4)`, [
        s.tenantId,
        headerId,
        s.account,
        total,
      ]);
      const costs = await db.query<{ material_id: string; qty: string; value: string }>(
        `with b as (select 1 from stock_balance where tenant_id = $1 and depot_id = $2 and batch_number = '' and material_id = any($3) order by material_id for update)
         select c.material_id, c.qty, c.value from stock_cost c where c.tenant_id = $1 and c.depot_id = $2 and c.material_id = any($3)
          order by c.material_id for update`,
        [s.tenantId, s.depot, ids],
      );
      const after = costs.rows.map((r) => {
        const unit = Number(r.value) / Number(r.qty);
        return { m: r.material_id, unit: unit.toFixed(6), qty: String(Number(r.qty) - 1), value: (Number(r.value) - unit).toFixed(6) };
      });
      const cost = after.reduce((t, a) => t + Number(a.unit), 0).toFixed(6);
      await db.query(
        `with ledger as (insert into stock_ledger(tenant_id, header_id, item_id, material_id, depot_id, batch_number, qty_change, unit_cost, value_change,
                           qty_after, value_after, reversal, reason)
                         select $1, $2, i, m, $3, '', -1, u, -u, q, v, false, 'saleOut'
                           from unnest($4::bigint[], $5::bigint[], $6::numeric[], $7::numeric[], $8::numeric[]) as x(i, m, u, q, v)),
              cost as (update stock_cost c set qty = x.q, value = x.v, updated_at = now() from unnest($5::bigint[], $7::numeric[], $8::numeric[]) as x(m, q, v)
                        where c.tenant_id = $1 and c.depot_id = $3 and c.material_id = x.m),
              bal as (update stock_balance b set qty = x.q, updated_at = now() from unnest($5::bigint[], $7::numeric[]) as x(m, q)
                       where b.tenant_id = $1 and b.depot_id = $3 and b.batch_number = '' and b.material_id = x.m),
              line as (update depot_item i set cost_price = x.u from unnest($4::bigint[], $6::numeric[]) as x(id, u) where i.tenant_id = $1 and i.id = x.id)
         update depot_head set posted = true where tenant_id = $1 and id = $2`,
        [s.tenantId, headerId, s.depot, itemIds, ids, after.map((a) => a.unit), after.map((a) => a.qty), after.map((a) => a.value)],
      );
      await db.query(
        `with x as (select x.*, $9::timestamp::date as day from unnest($2::bigint[], $3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::int[])
                      with ordinality as x(m, d, iq, iv, oq, ov, n, o)),
              s as (insert into stock_day_summary as s (tenant_id, material_id, depot_id, day, doc_key, in_qty, in_value, out_qty, out_value, lines)
                    select $1, x.m, x.d, x.day, 'saleOut', x.iq, x.iv, x.oq, x.ov, x.n from x order by x.o
                    on conflict (tenant_id, material_id, depot_id, day, doc_key) do update
                       set in_qty = s.in_qty + excluded.in_qty, in_value = s.in_value + excluded.in_value,
                           out_qty = s.out_qty + excluded.out_qty, out_value = s.out_value + excluded.out_value, lines = s.lines + excluded.lines),
              mo as (insert into stock_month_summary as s (tenant_id, material_id, depot_id, month, in_qty, in_value, out_qty, out_value, lines)
                     select $1, x.m, x.d, date_trunc('month', x.day)::date, x.iq, x.iv, x.oq, x.ov, x.n from x order by x.o
                     on conflict (tenant_id, material_id, depot_id, month) do update
                        set in_qty = s.in_qty + excluded.in_qty, in_value = s.in_value + excluded.in_value,
                            out_qty = s.out_qty + excluded.out_qty, out_value = s.out_value + excluded.out_value, lines = s.lines + excluded.lines)
         insert into stock_year_summary as s (tenant_id, material_id, depot_id, year, in_qty, in_value, out_qty, out_value, lines)
         select $1, x.m, x.d, date_trunc('year', x.day)::date, x.iq, x.iv, x.oq, x.ov, x.n from x order by x.o
         on conflict (tenant_id, material_id, depot_id, year) do update
            set in_qty = s.in_qty + excluded.in_qty, in_value = s.in_value + excluded.in_value,
                out_qty = s.out_qty + excluded.out_qty, out_value = s.out_value + excluded.out_value, lines = s.lines + excluded.lines`,
        [
          s.tenantId,
          ids,
          ids.map(() => s.depot),
          ids.map(() => '0'),
          ids.map(() => '0'),
          ids.map(() => '1'),
          after.map((a) => a.unit),
          ids.map(() => 1),
          s.operTime,
        ],
      );
      // the open item, the entry and its lines in one statement (finance's trigger projects them)
      await db.query(
        `with oi as (insert into fin_open_item(tenant_id, doc_kind, doc_id, account_id, partner_id, sign, doc_date) values ($1, 'depot', $2, $3, $4, 1, $5::timestamp::date)
                     returning id),
              e as (insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period, creator)
                    values ($1, 'depot', $2, $5::timestamp::date, to_char($5::timestamp::date, 'YYYYMM')::int, $6) returning id, period)
         insert into fin_journal_line(tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
         select $1, e.id, x.account, case when x.ar then $4::bigint end, case when x.ar then oi.id end, e.period, greatest(x.amount, 0), greatest(-x.amount, 0)
           from e, oi, unnest($7::bigint[], $8::boolean[], $9::numeric[]) as x(account, ar, amount)`,
        [
          s.tenantId,
          headerId,
          fin.receivable,
          s.customer,
          s.operTime,
          s.userId,
          [fin.receivable, fin.bank, fin.receivable, fin.inventory, fin.revenue, fin.cogs],
          [true, false, true, false, false, false],
          [total, total, `-${total}`, `-${cost}`, `-${total}`, cost],
        ],
      );
      const day = s.operTime.slice(0, 10).replace(/-/g, '');
      const numbered = await db.query<{ done: boolean }>(
        `with series as (insert into doc_number_series(tenant_id, prefix, day, last_value) values ($1, 'RAWXS', $3::date, 1)
                         on conflict (tenant_id, prefix, day) do update set last_value = doc_number_series.last_value + 1
                         returning 'RAWXS' || $4 || lpad(last_value::text, greatest(4, length(last_value::text)), '0') as number)
         update depot_head h set number = p.number from series p where h.tenant_id = $1 and h.id = $2 returning true as done`,
        [s.tenantId, headerId, s.operTime.slice(0, 10), day],
      );
      if (!numbered.rows[0]?.done) throw new Error('raw sale: no number');
      await db.query(
        `with h as (select doc_key, oper_time::date as day, organ_id, discount_last_money as amount, debt from depot_head where tenant_id = $1 and id = $2),
              t as (insert into doc_day_summary as s (tenant_id, doc_key, day, docs, amount, debt) select $1, doc_key, day, 1, amount, debt from h
                    on conflict (tenant_id, doc_key, day) do update set docs = s.docs + excluded.docs, amount = s.amount + excluded.amount, debt = s.debt + excluded.debt)
         insert into partner_day_summary as s (tenant_id, organ_id, doc_key, day, docs, amount, debt) select $1, organ_id, doc_key, day, 1, amount, debt from h
         on conflict (tenant_id, organ_id, doc_key, day) do update set docs = s.docs + excluded.docs, amount = s.amount + excluded.amount, debt = s.debt + excluded.debt`,
        [s.tenantId, headerId],
      );
      await db.query(
        `insert into sys_log(tenant_id, user_id, login_name, ip, operation, entity, record_ids, content) values ($1, $2, 'raw', '127.0.0.1', 'add', 'depotHead', $3, $4)`,
        [s.tenantId, s.userId, String(headerId), JSON.stringify({ lines: n })],
      );
      await db.query('commit');
    } catch (e) {
      await db.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      db.release();
    }
    return undefined;
  };
}
