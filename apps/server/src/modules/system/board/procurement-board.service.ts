import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';

/**
 * 采购看板 (issue 22 item 6, SPEC §2.2): purchases by month, open purchase orders and their late lines, the top
 * suppliers of the year with their on-time delivery and quality pass rates, purchase requests awaiting an order.
 * Amounts come from the summary rows (doc_day_summary, partner_day_summary), the open figures from the open
 * documents only, the supplier rates from erp_portal_panel (the same figures the supplier portal shows). Every
 * figure names the list it opens; a price-masked role sees no amounts.
 */
const BUY_KEYS = `('purchaseIn', 'purchaseBack')`;
const NET = `sum(case when d.doc_key = 'purchaseIn' then d.amount else -d.amount end)`;
const rate = (part: number, whole: number) => (whole ? new Decimal(part).div(whole).times(100).toDecimalPlaces(1).toNumber() : null);

export const PROCUREMENT_LINKS = {
  months: '/bill/purchase_in',
  openOrders: '/bill/purchase_order',
  lateLines: '/bill/purchase_order',
  suppliers: '/report/vendor_account',
  rates: '/portal/panel',
  requests: '/bill/purchase_apply',
} as const;

export async function procurementBoard(tx: Tx, s: Session) {
  const months = await tx.query<{ month: string; ordered: string; received: string }>(
    `select to_char(m, 'YYYY-MM') as month,
            coalesce(sum(d.amount) filter (where d.doc_key = 'purchaseOrder'), 0)::text as ordered,
            (coalesce(sum(d.amount) filter (where d.doc_key = 'purchaseIn'), 0) - coalesce(sum(d.amount) filter (where d.doc_key = 'purchaseBack'), 0))::text as received
       from generate_series(date_trunc('month', current_date) - interval '11 months', date_trunc('month', current_date), interval '1 month') m
       left join doc_day_summary d on d.tenant_id = $1 and d.doc_key in ('purchaseOrder', 'purchaseIn', 'purchaseBack')
        and d.day >= m::date and d.day < (m + interval '1 month')::date
      group by m order by m`,
    [s.tenantId],
  );
  const open = await tx.one<{ openOrders: number; openLines: number; lateLines: number; lateOrders: number }>(
    `select count(distinct h.id)::int as "openOrders", count(i.id)::int as "openLines",
            count(i.id) filter (where h.delivery_date < current_date)::int as "lateLines",
            count(distinct h.id) filter (where h.delivery_date < current_date)::int as "lateOrders"
       from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
        and i.finished_number < i.basic_number
      where h.tenant_id = $1 and h.doc_key = 'purchaseOrder' and h.status in ('1', '3') and not h.delete_flag`,
    [s.tenantId],
  );
  const requests = await tx.one<{ count: number; lines: number }>(
    `select count(distinct h.id)::int as count, count(i.id)::int as lines
       from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
        and i.finished_number < i.basic_number
      where h.tenant_id = $1 and h.doc_key = 'purchaseApply' and h.status in ('1', '3') and not h.delete_flag`,
    [s.tenantId],
  );
  const suppliers = await tx.query<{
    organId: number;
    name: string;
    amount: string;
    received_lines: number;
    on_time_lines: number;
    inspected: number;
    passed: number;
  }>(
    `select t."organId", t.name, t.amount, x.received_lines, x.on_time_lines, x.inspected, x.passed
       from (select d.organ_id as "organId", p.name, ${NET}::text as amount, ${NET} as net
               from partner_day_summary d join partner p on p.tenant_id = d.tenant_id and p.id = d.organ_id
              where d.tenant_id = $1 and d.doc_key in ${BUY_KEYS} and d.day >= date_trunc('year', current_date)::date
              group by d.organ_id, p.name order by net desc, d.organ_id limit 5) t
      cross join lateral erp_portal_panel(t."organId") x
      order by t.net desc, t."organId"`,
    [s.tenantId],
  );
  const mask = s.priceMasked;
  return {
    months: months.map((m) => ({ month: m.month, ordered: mask ? null : m.ordered, received: mask ? null : m.received })),
    openOrders: open!.openOrders,
    openLines: open!.openLines,
    lateOrders: open!.lateOrders,
    lateLines: open!.lateLines,
    requestsAwaiting: requests!.count,
    requestLinesAwaiting: requests!.lines,
    topSuppliers: suppliers.map((r) => ({
      organId: Number(r.organId),
      name: r.name,
      amount: mask ? null : r.amount,
      onTimeRate: rate(r.on_time_lines, r.received_lines),
      passRate: rate(r.passed, r.inspected),
    })),
    links: PROCUREMENT_LINKS,
  };
}
