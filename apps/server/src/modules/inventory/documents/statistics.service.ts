import { DOC_TRANSITIONS, DOC_STATUS, sqlStatuses } from '@erp/entities';
import { ownDataOnly, ownDocumentAnd } from '../../../platform/auth/own-data.ts';
import type { Session } from '../../../platform/auth/session.ts';
import type { Tx } from '../../../platform/db/database.ts';

/**
 * Home dashboard figures (SPEC §2.2): purchase, sale and retail amounts for today, yesterday,
 * this month and this year, the open work (purchases not received, sales not shipped, unaudited
 * sales orders) and arrears. Amounts are after discount; returns count negative. They read
 * doc_day_summary (one row per type and day, docs/report-recipe.md); an own-data role's figures
 * are of its own documents, which summaries do not tell apart, so those read the documents.
 */
/** The parameters of a statistics query: the company, and the user when they see only their own documents. */
const own = (s: Session) => (ownDataOnly(s) ? [s.tenantId, s.userId] : [s.tenantId]);

/** Rows (doc_key, day, amount, debt, docs) of the company's live documents: summaries, or an own-data role's documents. */
const perDay = (s: Session) =>
  ownDataOnly(s)
    ? `(select h.doc_key, h.oper_time::date as day, h.discount_last_money as amount, h.debt, 1 as docs
          from depot_head h where h.tenant_id = $1 and not h.delete_flag${ownDocumentAnd(s, 'h', 2)})`
    : '(select doc_key, day, amount, debt, docs from doc_day_summary where tenant_id = $1)';

const TRADE = `doc_key in ('purchaseIn', 'purchaseBack', 'saleOut', 'saleBack', 'retailOut', 'retailBack')`;
const KIND = `case when doc_key in ('purchaseIn', 'purchaseBack') then 'Buy' when doc_key in ('saleOut', 'saleBack') then 'Sale' else 'RetailSale' end`;
const SIGN = `case when doc_key in ('purchaseBack', 'saleBack', 'retailBack') then -1 else 1 end`;

/** Purchase / sale / retail totals per period, open work and arrears for the home page. */
export async function buyAndSaleStatistics(tx: Tx, session: Session) {
  const r = await tx.one<Record<string, number>>(
    `with docs as (select ${KIND} as kind, ${SIGN} * amount as amount, day from ${perDay(session)} x
                    where ${TRADE} and day >= date_trunc('year', current_date)::date)
     select
       ${['Buy', 'Sale', 'RetailSale']
         .map(
           (k) => `coalesce(sum(amount) filter (where kind = '${k}' and day = current_date), 0)::float8 as "today${k}",
       coalesce(sum(amount) filter (where kind = '${k}' and day = current_date - 1), 0)::float8 as "yesterday${k}",
       coalesce(sum(amount) filter (where kind = '${k}' and day >= date_trunc('month', current_date)), 0)::float8 as "month${k}",
       coalesce(sum(amount) filter (where kind = '${k}'), 0)::float8 as "year${k}"`,
         )
         .join(',\n           ')}
     from docs`,
    own(session),
  );
  const open = await tx.one<Record<string, number>>(
    `select
       coalesce(sum(i.basic_number - i.finished_number) filter (where h.doc_key = 'purchaseOrder' and h.status in ${sqlStatuses(DOC_TRANSITIONS.link.from)}), 0)::float8 as "purchaseNotInNumber",
       coalesce(sum(i.basic_number - i.finished_number) filter (where h.doc_key = 'saleOrder' and h.status in ${sqlStatuses(DOC_TRANSITIONS.link.from)}), 0)::float8 as "saleNotOutNumber",
       count(distinct h.id) filter (where h.doc_key = 'saleOrder' and h.status = '${DOC_STATUS.unaudited}')::int as "saleOrderUnaudited"
      from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
     where h.tenant_id = $1 and not h.delete_flag and h.doc_key in ('purchaseOrder', 'saleOrder')
       and (h.status in ${sqlStatuses(DOC_TRANSITIONS.link.from)} or (h.doc_key = 'saleOrder' and h.status = '${DOC_STATUS.unaudited}'))${ownDocumentAnd(session, 'h', 2)}`,
    own(session),
  );
  // arrears are over all time: the running totals per type (doc_total_summary, migration 042), not every day row
  const debtRows = ownDataOnly(session) ? perDay(session) : '(select doc_key, debt from doc_total_summary where tenant_id = $1)';
  const debt = await tx.one<Record<string, number>>(
    `select coalesce(sum(debt) filter (where doc_key in ('saleOut', 'retailOut')), 0)::float8 as "receivableArrears",
            coalesce(sum(debt) filter (where doc_key = 'purchaseIn'), 0)::float8 as "payableArrears"
       from ${debtRows} x where doc_key in ('saleOut', 'retailOut', 'purchaseIn')`,
    own(session),
  );
  const out = { ...r, ...open, ...debt };
  // purchase amounts are purchase prices: masked roles do not see them
  if (session.priceMasked) for (const k of Object.keys(out)) if (k.endsWith('Buy') || k === 'payableArrears') out[k] = null as unknown as number;
  return out;
}

/** Purchase, sale and retail amounts of the last 5 months; sales ordered and shipped on the last 5 days. */
export async function trendStatistics(tx: Tx, session: Session, monthCount = 5) {
  const params = [...own(session), monthCount - 1];
  const back = `make_interval(months => $${params.length}::int)`;
  const months = await tx.query<{ month: string; buy: number | null; sale: number; retail: number }>(
    `select to_char(m, 'YYYY-MM') as month,
            coalesce(sum(h.amount) filter (where h.kind = 'Buy'), 0)::float8 as buy,
            coalesce(sum(h.amount) filter (where h.kind = 'Sale'), 0)::float8 as sale,
            coalesce(sum(h.amount) filter (where h.kind = 'RetailSale'), 0)::float8 as retail
       from generate_series(date_trunc('month', current_date) - ${back}, date_trunc('month', current_date), interval '1 month') m
       left join (select date_trunc('month', day) as m, ${KIND} as kind, ${SIGN} * amount as amount from ${perDay(session)} x
                   where ${TRADE} and day >= (date_trunc('month', current_date) - ${back})::date) h using (m)
      group by m order by m`,
    params,
  );
  const days = await tx.query<{ day: string; ordered: number; shipped: number }>(
    `select to_char(d, 'YYYY-MM-DD') as day,
            coalesce(sum(h.amount) filter (where h.doc_key = 'saleOrder'), 0)::float8 as ordered,
            coalesce(sum(h.amount) filter (where h.doc_key = 'saleOut'), 0)::float8 as shipped
       from generate_series(current_date - 4, current_date, interval '1 day') d
       left join ${perDay(session)} h on h.day = d::date and h.doc_key in ('saleOrder', 'saleOut') and h.day between current_date - 4 and current_date
      group by d order by d`,
    own(session),
  );
  // purchase amounts are purchase prices: masked roles do not see them
  if (session.priceMasked) for (const m of months) m.buy = null;
  return { months, days };
}
