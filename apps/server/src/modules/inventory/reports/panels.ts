import { DOC_TRANSITIONS, sqlStatuses } from '@erp/entities';
import type { Session } from '../../../platform/auth/session.ts';
import { allowedIds } from '../../../platform/auth/data-scope.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { depotJoin, inScope, MATERIAL_COLS, materialJoin, ownDocs, Q } from './sql.ts';
import { BELOW, LIMITS, LIVE } from './warning.ts';

/** How many rows each panel table shows. */
export const PANEL_TOP = 5;
const TODAY = 'current_date::timestamptz';
const MONTH = "date_trunc('month', current_date)::timestamptz";

/**
 * The document is visible to the user: one of its lines is in their warehouses (or names none), and
 * a customer document names one of their customers (the same data scope as the document lists).
 */
async function docScope(tx: Tx, s: Session, q: Q): Promise<string> {
  const depots = await allowedIds(tx, s, 'depot');
  const customers = await allowedIds(tx, s, 'customer');
  const w: string[] = [];
  if (depots)
    w.push(`exists (select 1 from depot_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
      and (i.depot_id is null or i.depot_id = any(${q.v(depots)}::bigint[])))`);
  if (customers) w.push(`(h.doc_key not in ('saleOrder', 'saleOut', 'saleBack') or h.organ_id = any(${q.v(customers)}::bigint[]))`);
  return w.length ? w.join(' and ') : 'true';
}

/**
 * 仓库看板: stock quantity and value per warehouse, what is below its minimum safety stock, and the
 * posted inbound/outbound documents of today and this month. Values are costs: null under price masking.
 */
export async function depotPanelData(tx: Tx, session: Session) {
  const q = new Q(session.tenantId);
  const scope = await allowedIds(tx, session, 'depot');
  const depots = await tx.query<{ depotId: number; depotName: string; qty: number; value: number | null; items: number }>(
    `select d.id as "depotId", d.name as "depotName", coalesce(sum(c.qty), 0)::float8 as qty, coalesce(sum(c.value), 0)::float8 as value,
            count(c.material_id) filter (where c.qty <> 0)::int as items
       from depot d left join stock_cost c on c.tenant_id = d.tenant_id and c.depot_id = d.id
      where d.tenant_id = $1 and not d.delete_flag and ${inScope(q, 'd.id', scope)}
      group by d.id, d.name order by d.id`,
    q.params,
  );
  const sq = new Q(session.tenantId);
  const below = `from s ${materialJoin('s')} ${depotJoin('s')} where ${LIVE} and ${inScope(sq, 's.depot_id', scope)} and ${BELOW}`;
  const belowRows = await tx.query<Record<string, unknown>>(
    `with ${LIMITS} select ${MATERIAL_COLS}, d.id as "depotId", d.name as "depotName", s.low::float8 as "lowSafeStock",
            s.cur::float8 as "currentStock", (s.low - s.cur)::float8 as shortfall, count(*) over ()::int as "__count"
       ${below} order by s.low - s.cur desc, m.id, d.id limit ${PANEL_TOP}`,
    sq.params,
  );
  const dq = new Q(session.tenantId);
  const moves = (await tx.one<Record<string, number>>(
    `select count(*) filter (where h.type = '入库' and h.oper_time >= ${TODAY})::int as "todayIn",
            count(*) filter (where h.type = '出库' and h.oper_time >= ${TODAY})::int as "todayOut",
            count(*) filter (where h.type = '入库')::int as "monthIn",
            count(*) filter (where h.type = '出库')::int as "monthOut"
       from depot_head h
      where h.tenant_id = $1 and not h.delete_flag and h.posted and h.type in ('入库', '出库')
        and h.oper_time >= ${MONTH} and h.oper_time < (current_date + 1)::timestamptz and ${await docScope(tx, session, dq)}`,
    dq.params,
  ))!;
  const count = (belowRows[0]?.__count as number | undefined) ?? 0;
  for (const r of belowRows) delete r.__count;
  const total = depots.reduce((t, d) => ({ qty: t.qty + d.qty, value: t.value + (d.value ?? 0), items: t.items + d.items }), { qty: 0, value: 0, items: 0 });
  const masked = session.priceMasked;
  return {
    depots: masked ? depots.map((d) => ({ ...d, value: null })) : depots,
    // the sum of few rounded-at-6 numerics: recomputed in SQL would only repeat the query
    totals: { qty: total.qty, value: masked ? null : total.value, items: total.items },
    belowSafety: { count, rows: belowRows },
    movements: moves,
  };
}

/** Signed amount of a sale document (returns negative), after the document discount. */
const SIGNED = "case when h.doc_key in ('saleBack', 'retailBack') then -1 else 1 end";
const SALES = "h.doc_key in ('saleOut', 'saleBack', 'retailOut', 'retailBack')";
/** The same on a summary row (alias s). */
const SIGNED_S = "case when s.doc_key in ('saleBack', 'retailBack') then -1 else 1 end";
const SALES_S = "s.doc_key in ('saleOut', 'saleBack', 'retailOut', 'retailBack')";
const THIS_MONTH_S = "s.day >= date_trunc('month', current_date)::date and s.day <= current_date";

/**
 * Sales of today and this month and the top customers: from doc_day_summary and
 * partner_day_summary (a month of day rows) when the user sees every document of the company;
 * a user limited to some warehouses, customers or their own documents is answered from the
 * documents of the month (summaries do not know those, docs/report-recipe.md rule 5).
 */
async function salesFigures(tx: Tx, session: Session, q: Q, scoped: string, own: string | undefined) {
  if (scoped !== 'true' || own) {
    const month = `from depot_head h where h.tenant_id = $1 and not h.delete_flag and ${scoped}${own ? ` and ${own}` : ''}
      and ${SALES} and h.oper_time >= ${MONTH} and h.oper_time < (current_date + 1)::timestamptz`;
    const sales = (await tx.one<Record<string, number>>(
      `select coalesce(sum(${SIGNED} * h.discount_last_money) filter (where h.oper_time >= ${TODAY}), 0)::float8 as "todayAmount",
              count(*) filter (where h.oper_time >= ${TODAY} and h.doc_key in ('saleOut', 'retailOut'))::int as "todayCount",
              coalesce(sum(${SIGNED} * h.discount_last_money), 0)::float8 as "monthAmount",
              count(*) filter (where h.doc_key in ('saleOut', 'retailOut'))::int as "monthCount"
         ${month}`,
      q.params,
    ))!;
    const topCustomers = await tx.query(
      `select h.organ_id as "organId", p.name as "organName", sum(${SIGNED} * h.discount_last_money)::float8 as amount,
              count(*) filter (where h.doc_key = 'saleOut')::int as count
         ${month.replace('from depot_head h', 'from depot_head h join partner p on p.tenant_id = h.tenant_id and p.id = h.organ_id')}
          and h.doc_key in ('saleOut', 'saleBack')
        group by h.organ_id, p.name order by amount desc, h.organ_id limit ${PANEL_TOP}`,
      q.params,
    );
    return { ...sales, topCustomers };
  }
  const sales = (await tx.one<Record<string, number>>(
    `select coalesce(sum(${SIGNED_S} * s.amount) filter (where s.day = current_date), 0)::float8 as "todayAmount",
            coalesce(sum(s.docs) filter (where s.day = current_date and s.doc_key in ('saleOut', 'retailOut')), 0)::int as "todayCount",
            coalesce(sum(${SIGNED_S} * s.amount), 0)::float8 as "monthAmount",
            coalesce(sum(s.docs) filter (where s.doc_key in ('saleOut', 'retailOut')), 0)::int as "monthCount"
       from doc_day_summary s where s.tenant_id = $1 and ${SALES_S} and ${THIS_MONTH_S}`,
    [session.tenantId],
  ))!;
  const topCustomers = await tx.query(
    `select s.organ_id as "organId", p.name as "organName", sum(${SIGNED_S} * s.amount)::float8 as amount,
            coalesce(sum(s.docs) filter (where s.doc_key = 'saleOut'), 0)::int as count
       from partner_day_summary s join partner p on p.tenant_id = s.tenant_id and p.id = s.organ_id
      where s.tenant_id = $1 and s.doc_key in ('saleOut', 'saleBack') and ${THIS_MONTH_S}
      group by s.organ_id, p.name having sum(s.docs) filter (where s.doc_key in ('saleOut', 'saleBack')) > 0
      order by amount desc, s.organ_id limit ${PANEL_TOP}`,
    [session.tenantId],
  );
  return { ...sales, topCustomers };
}

/**
 * 销售看板: sales of today and this month (sale and retail outbound less returns, after discount, as
 * on the home page) and the top customers of the month from the summaries (salesFigures), the top
 * items of the month from the month's lines (no summary holds sale amounts per item), and the open
 * sales orders (index depot_head_status).
 */
export async function salePanelData(tx: Tx, session: Session) {
  const q = new Q(session.tenantId);
  const scoped = await docScope(tx, session, q);
  const own = ownDocs(q, session);
  const base = `from depot_head h where h.tenant_id = $1 and not h.delete_flag and ${scoped}${own ? ` and ${own}` : ''}`;
  const month = `${base} and ${SALES} and h.oper_time >= ${MONTH} and h.oper_time < (current_date + 1)::timestamptz`;
  const figures = await salesFigures(tx, session, q, scoped, own);
  const topItems = await tx.query(
    `with x as (select i.tenant_id, i.material_id, sum(${SIGNED} * i.basic_number) as qty, sum(${SIGNED} * i.all_price) as amount
         ${month.replace('from depot_head h', 'from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag')}
        group by i.tenant_id, i.material_id)
     select ${MATERIAL_COLS}, x.qty::float8 as qty, x.amount::float8 as amount from x ${materialJoin('x')}
      order by x.amount desc, x.qty desc, m.id limit ${PANEL_TOP}`,
    q.params,
  );
  const open = `${base.replace('from depot_head h', 'from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag')}
    and h.doc_key = 'saleOrder' and h.status in ${sqlStatuses(DOC_TRANSITIONS.link.from)}`;
  const orders = await tx.query<Record<string, unknown>>(
    `select h.id as "headerId", h.number, to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "operTime", h.organ_id as "organId",
            (select p.name from partner p where p.tenant_id = h.tenant_id and p.id = h.organ_id) as "organName", h.status,
            sum(i.basic_number)::float8 as "orderedQty", sum(i.finished_number)::float8 as "fulfilledQty",
            sum(greatest(i.basic_number - i.finished_number, 0))::float8 as "openQty",
            count(*) over ()::int as "__count", sum(sum(greatest(i.basic_number - i.finished_number, 0))) over ()::float8 as "__open"
       ${open} group by h.tenant_id, h.id order by h.oper_time, h.id limit ${PANEL_TOP}`,
    q.params,
  );
  const openOrders = { count: (orders[0]?.__count as number | undefined) ?? 0, openQty: (orders[0]?.__open as number | undefined) ?? 0, rows: orders };
  for (const r of orders) {
    delete r.__count;
    delete r.__open;
  }
  return { ...figures, topItems, openOrders };
}
