// The sales panel as it read every document of the month before issue 12: the figures the summary-based one must equal.
import { DOC_TRANSITIONS, sqlStatuses } from '@erp/entities';
import type { Session } from '../../../../../platform/auth/session.ts';
import { allowedIds } from '../../../../../platform/auth/data-scope.ts';
import type { Tx } from '../../../../../platform/db/database.ts';
import { MATERIAL_COLS, materialJoin, ownDocs, Q } from '../../sql.ts';

const PANEL_TOP = 5;
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

/** Signed amount of a sale document (returns negative), after the document discount. */
const SIGNED = "case when h.doc_key in ('saleBack', 'retailBack') then -1 else 1 end";
const SALES = "h.doc_key in ('saleOut', 'saleBack', 'retailOut', 'retailBack')";

/**
 * 销售看板: sales of today and this month (sale and retail outbound less returns, after discount, as
 * on the home page), the top customers and items of the month, and the open sales orders.
 */
export async function salePanelData(tx: Tx, session: Session) {
  const q = new Q(session.tenantId);
  const scoped = await docScope(tx, session, q);
  const own = ownDocs(q, session);
  const base = `from depot_head h where h.tenant_id = $1 and not h.delete_flag and ${scoped}${own ? ` and ${own}` : ''}`;
  const month = `${base} and ${SALES} and h.oper_time >= ${MONTH} and h.oper_time < (current_date + 1)::timestamptz`;
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
  return { ...sales, topCustomers, topItems, openOrders };
}
