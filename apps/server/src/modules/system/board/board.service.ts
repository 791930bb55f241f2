import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { ownDataOnly, ownDocumentAnd } from '../../../platform/auth/own-data.ts';

/**
 * The management board's second panel (SPEC §7.6 /board/management/two and /two/buy): for the sales side or the
 * purchase side, the ordered, received or shipped and returned amounts of this month and last month, the number of
 * partners traded with, the 12 months' series and the 5 largest partners of the year. It reads
 * partner_day_summary (one row per partner, type and day, kept when documents post) of the 12 months once, in one
 * statement: its cost follows a year of trading, not the company's history (issue 24 item 3). An own-data role's
 * figures are of its own documents, which the summary does not tell apart, so those read the documents. Amounts are
 * decimal text; a price-masked role sees no purchase amounts.
 */
const SIDES = {
  sale: { order: 'saleOrder', move: 'saleOut', back: 'saleBack', partner: '客户' },
  buy: { order: 'purchaseOrder', move: 'purchaseIn', back: 'purchaseBack', partner: '供应商' },
} as const;
export type BoardSide = keyof typeof SIDES;

const source = (s: Session) =>
  ownDataOnly(s)
    ? `(select h.organ_id, h.doc_key, h.oper_time::date as day, h.discount_last_money as amount from depot_head h
         where h.tenant_id = $1 and not h.delete_flag and h.organ_id is not null${ownDocumentAnd(s, 'h', 5)})`
    : '(select organ_id, doc_key, day, amount from partner_day_summary where tenant_id = $1)';

export async function managementTwo(tx: Tx, s: Session, side: BoardSide) {
  const k = SIDES[side];
  const params: unknown[] = [s.tenantId, k.order, k.move, k.back, ...(ownDataOnly(s) ? [s.userId] : [])];
  const THIS = `date_trunc('month', current_date)::date`;
  const LAST = `(date_trunc('month', current_date) - interval '1 month')::date`;
  const figures = (month: string) =>
    `json_build_object('orderAmount', coalesce(sum(amount) filter (where month = ${month} and doc_key = $2), 0)::text,
       'moveAmount', coalesce(sum(amount) filter (where month = ${month} and doc_key = $3), 0)::text,
       'backAmount', coalesce(sum(amount) filter (where month = ${month} and doc_key = $4), 0)::text,
       'partners', count(distinct organ_id) filter (where month = ${month} and doc_key = $3)::int)`;
  // the 12 months' rows once, summed per partner, type and month: the two months' figures, the series and the
  // year's top partners all read these (one pass over the window, one statement)
  const r = await tx.one<{ thisMonth: Figures; lastMonth: Figures; months: Month[]; topPartners: Top[] }>(
    `with w as materialized (
       select organ_id, doc_key, date_trunc('month', day)::date as month, sum(amount) as amount from ${source(s)} x
        where doc_key in ($2, $3, $4) and day >= (date_trunc('month', current_date) - interval '11 months')::date
        group by 1, 2, 3
     ), m as (
       select g::date as month, coalesce(sum(w.amount) filter (where w.doc_key = $2), 0)::text as "orderAmount",
              coalesce(sum(w.amount) filter (where w.doc_key = $3), 0)::text as "moveAmount",
              coalesce(sum(w.amount) filter (where w.doc_key = $4), 0)::text as "backAmount"
         from generate_series(date_trunc('month', current_date) - interval '11 months', date_trunc('month', current_date), interval '1 month') g
         left join w on w.month = g::date
        group by g
     ), t as (
       select w.organ_id as "organId", p.name, sum(case when w.doc_key = $3 then w.amount else -w.amount end) as amount
         from w join partner p on p.tenant_id = $1 and p.id = w.organ_id
        where w.doc_key in ($3, $4) and w.month >= date_trunc('year', current_date)::date
        group by w.organ_id, p.name order by amount desc, w.organ_id limit 5
     )
     select (select ${figures(THIS)} from w where month >= ${LAST}) as "thisMonth",
            (select ${figures(LAST)} from w where month >= ${LAST}) as "lastMonth",
            (select json_agg(json_build_object('month', to_char(month, 'YYYY-MM'), 'orderAmount', "orderAmount", 'moveAmount', "moveAmount",
                                               'backAmount', "backAmount") order by month) from m) as months,
            (select coalesce(json_agg(json_build_object('organId', "organId", 'name', name, 'amount', amount::text) order by amount desc, "organId"), '[]')
               from t) as "topPartners"`,
    params,
  );
  const out = { side, partnerType: k.partner, ...r! };
  if (side === 'buy' && s.priceMasked) return mask(out);
  return out;
}

type Month = { month: string; orderAmount: string | null; moveAmount: string | null; backAmount: string | null };
type Top = { organId: number; name: string; amount: string | null };

interface Figures {
  orderAmount: string | null;
  moveAmount: string | null;
  backAmount: string | null;
  partners: number;
}

/** Purchase amounts are purchase prices: a masked role sees the counts and names only. */
function mask<
  T extends { thisMonth: Figures; lastMonth: Figures; months: Array<Record<string, string | null>>; topPartners: Array<{ amount: string | null }> },
>(o: T): T {
  for (const f of [o.thisMonth, o.lastMonth]) f.orderAmount = f.moveAmount = f.backAmount = null;
  for (const m of o.months) m.orderAmount = m.moveAmount = m.backAmount = null;
  for (const p of o.topPartners) p.amount = null;
  return o;
}
