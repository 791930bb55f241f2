// The management board's second panel as three queries over its 12-month window, before issue 24 item 3 read the window once:
// the figures the one-pass version must equal.
import type { Tx } from '../../../../platform/db/database.ts';
import type { Session } from '../../../../platform/auth/session.ts';
import { ownDataOnly, ownDocumentAnd } from '../../../../platform/auth/own-data.ts';

/**
 * The management board's second panel (SPEC §7.6 /board/management/two and /two/buy): for the sales side or the
 * purchase side, the ordered, received or shipped and returned amounts of this month and last month, the number of
 * partners traded with, the 12 months' series and the 5 largest partners of the year. It reads
 * partner_day_summary (one row per partner, type and day, kept when documents post); an own-data role's figures
 * are of its own documents, which the summary does not tell apart, so those read the documents. Amounts are
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
  const src = `(select * from ${source(s)} x where doc_key in ($2, $3, $4) and day >= (date_trunc('month', current_date) - interval '11 months')::date)`;
  const period = (from: string, to: string) => `day >= ${from} and day < ${to}`;
  const thisMonth = period(`date_trunc('month', current_date)::date`, `(date_trunc('month', current_date) + interval '1 month')::date`);
  const lastMonth = period(`(date_trunc('month', current_date) - interval '1 month')::date`, `date_trunc('month', current_date)::date`);
  const figures = (cond: string) =>
    `json_build_object('orderAmount', coalesce(sum(amount) filter (where ${cond} and doc_key = $2), 0)::text,
       'moveAmount', coalesce(sum(amount) filter (where ${cond} and doc_key = $3), 0)::text,
       'backAmount', coalesce(sum(amount) filter (where ${cond} and doc_key = $4), 0)::text,
       'partners', count(distinct organ_id) filter (where ${cond} and doc_key = $3)::int)`;
  const totals = await tx.one<{ thisMonth: Figures; lastMonth: Figures }>(
    `select ${figures(thisMonth)} as "thisMonth", ${figures(lastMonth)} as "lastMonth" from ${src} d`,
    params,
  );
  const months = await tx.query<{ month: string; orderAmount: string; moveAmount: string; backAmount: string }>(
    `select to_char(m, 'YYYY-MM') as month,
            coalesce(sum(d.amount) filter (where d.doc_key = $2), 0)::text as "orderAmount",
            coalesce(sum(d.amount) filter (where d.doc_key = $3), 0)::text as "moveAmount",
            coalesce(sum(d.amount) filter (where d.doc_key = $4), 0)::text as "backAmount"
       from generate_series(date_trunc('month', current_date) - interval '11 months', date_trunc('month', current_date), interval '1 month') m
       left join ${src} d on date_trunc('month', d.day) = m
      group by m order by m`,
    params,
  );
  const top = await tx.query<{ organId: number; name: string; amount: string }>(
    `select d.organ_id as "organId", p.name, sum(case when d.doc_key = $3 then d.amount else -d.amount end)::text as amount
       from ${src} d join partner p on p.tenant_id = $1 and p.id = d.organ_id
      where d.doc_key in ($3, $4) and d.day >= date_trunc('year', current_date)::date
      group by d.organ_id, p.name order by sum(case when d.doc_key = $3 then d.amount else -d.amount end) desc, d.organ_id limit 5`,
    params,
  );
  const out = { side, partnerType: k.partner, ...totals!, months, topPartners: top };
  if (side === 'buy' && s.priceMasked) return mask(out);
  return out;
}

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
