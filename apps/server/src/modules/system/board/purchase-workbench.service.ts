import type { Tx } from '../../../platform/db/database.ts';
import { can, type Session } from '../../../platform/auth/session.ts';

/**
 * 采购工作台 (issue 22 item 6, SPEC §2.2 Workbenches: purchase): the buyer's to-dos (requests awaiting an order,
 * orders and inbounds awaiting audit, orders awaiting their supplier's confirmation, late order lines, arrival advices
 * to receive, suppliers' proposals to decide),
 * shortcuts and this month's key figures. Each to-do counts the open documents only (the status index), the amounts
 * come from doc_day_summary; each item names the list it opens and is left out when the user's roles do not grant
 * that list. A price-masked role sees no amounts.
 */
export const PURCHASE_LINKS = {
  requests: '/bill/purchase_apply',
  orders: '/bill/purchase_order',
  inbound: '/bill/purchase_in',
  back: '/bill/purchase_back',
  advices: '/portal/arrival_advice',
  proposals: '/portal/order_progress',
  plans: '/portal/shipping_plan',
  performance: '/portal/supplier_performance',
  suppliers: '/system/vendor',
  board: '/board/procurement',
} as const;

/** The due date of a purchase order line: the accepted proposed date, else the order's delivery date. */
const DUE = `coalesce(case when pl.confirm_status = 'accepted' then pl.proposed_date end, h.delivery_date)`;

export async function purchaseWorkbench(tx: Tx, s: Session) {
  const t = s.tenantId;
  // open requests and orders, and the inbounds awaiting audit: never the audited inbounds of the company's history
  const docs = await tx.one<{ requests: number; ordersToAudit: number; inboundsToAudit: number; openOrders: number }>(
    `select count(*) filter (where doc_key = 'purchaseApply' and status in ('1', '3'))::int as requests,
            count(*) filter (where doc_key = 'purchaseOrder' and status = '0')::int as "ordersToAudit",
            count(*) filter (where doc_key = 'purchaseIn' and status = '0')::int as "inboundsToAudit",
            count(*) filter (where doc_key = 'purchaseOrder' and status in ('1', '3'))::int as "openOrders"
       from depot_head where tenant_id = $1 and not delete_flag
        and ((doc_key in ('purchaseApply', 'purchaseOrder') and status in ('0', '1', '3')) or (doc_key = 'purchaseIn' and status = '0'))`,
    [t],
  );
  // awaiting confirmation: an open order of a supplier with a portal sign-in that has an open line the supplier has
  // neither confirmed nor answered with a proposal (none yet, or its proposal rejected: the order stands as sent)
  const lines = await tx.one<{ openLines: number; lateLines: number; lateOrders: number; dueSoon: number; awaiting: number }>(
    `select count(*)::int as "openLines", count(*) filter (where x.due < current_date)::int as "lateLines",
            count(distinct x.header_id) filter (where x.due < current_date)::int as "lateOrders",
            count(*) filter (where x.due between current_date and current_date + 6)::int as "dueSoon",
            count(distinct x.header_id) filter (where x.awaiting)::int as awaiting
       from (select i.header_id, ${DUE} as due,
                    pu.supplier_id is not null and coalesce(pl.confirm_status, 'none') in ('none', 'rejected') as awaiting
               from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
                and i.finished_number < i.basic_number
               left join portal_line pl on pl.tenant_id = i.tenant_id and pl.item_id = i.id
               left join (select distinct supplier_id from sys_user where tenant_id = $1 and supplier_id is not null and status = 0 and not delete_flag) pu
                 on pu.supplier_id = h.organ_id
              where h.tenant_id = $1 and h.doc_key = 'purchaseOrder' and h.status in ('1', '3') and not h.delete_flag) x`,
    [t],
  );
  const portal = await tx.one<{ advices: number; proposals: number }>(
    `select (select count(*)::int from arrival_advice where tenant_id = $1 and status = 'sent') as advices,
            (select count(*)::int from portal_line where tenant_id = $1 and confirm_status = 'proposed') as proposals`,
    [t],
  );
  const month = await tx.one<{ ordered: string; received: string; returned: string; inbounds: number }>(
    `select coalesce(sum(amount) filter (where doc_key = 'purchaseOrder'), 0)::text as ordered,
            coalesce(sum(amount) filter (where doc_key = 'purchaseIn'), 0)::text as received,
            coalesce(sum(amount) filter (where doc_key = 'purchaseBack'), 0)::text as returned,
            coalesce(sum(docs) filter (where doc_key = 'purchaseIn'), 0)::int as inbounds
       from doc_day_summary where tenant_id = $1 and doc_key in ('purchaseOrder', 'purchaseIn', 'purchaseBack')
        and day >= date_trunc('month', current_date)::date`,
    [t],
  );
  const L = PURCHASE_LINKS;
  const d = docs!;
  const l = lines!;
  const todos = [
    { key: 'requestsAwaiting', count: d.requests, link: L.requests },
    { key: 'ordersToAudit', count: d.ordersToAudit, link: L.orders },
    { key: 'awaitingConfirmation', count: l.awaiting, link: L.orders },
    { key: 'lateLines', count: l.lateLines, orders: l.lateOrders, link: L.orders },
    { key: 'arrivalsToReceive', count: portal!.advices, link: L.advices },
    { key: 'inboundsToAudit', count: d.inboundsToAudit, link: L.inbound },
    { key: 'proposalsToDecide', count: portal!.proposals, link: L.proposals },
  ].filter((x) => can(s, x.link));
  const mask = s.priceMasked;
  const m = month!;
  const figures = [
    { key: 'monthOrdered', amount: mask ? null : m.ordered, link: L.orders },
    { key: 'monthReceived', amount: mask ? null : m.received, count: m.inbounds, link: L.inbound },
    { key: 'monthReturned', amount: mask ? null : m.returned, link: L.back },
    { key: 'openOrders', count: d.openOrders, link: L.orders },
    { key: 'openLines', count: l.openLines, link: L.orders },
    { key: 'dueThisWeek', count: l.dueSoon, link: L.orders },
  ].filter((x) => can(s, x.link));
  const shortcuts = (['orders', 'inbound', 'requests', 'back', 'plans', 'advices', 'performance', 'suppliers', 'board'] as const)
    .map((key) => ({ key, link: L[key] }))
    .filter((x) => can(s, x.link));
  return { todos, figures, shortcuts };
}
