import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { inventoryAlerts } from '../../inventory/index.ts';

/**
 * The cross-area boards (issue 24: 预警看板, 经营看板, 工作台). Each reads rows kept up to date when documents post —
 * doc_day_summary, partner_day_summary, stock_day_summary (migration 040), the journal's open items and stock
 * balances — never sums over all history. Every figure names the menu of the list it opens (`link`). Amounts are
 * decimal text; a price-masked role sees no purchase-side amounts.
 */
export const OVERDUE_DAYS = 30;

const SALE = `('saleOut', 'retailOut')`;
const SALE_BACK = `('saleBack', 'retailBack')`;
const BUY = `('purchaseIn')`;
const BUY_BACK = `('purchaseBack')`;

/** 预警看板: stock below safety, expiring and expired batches, overdue receivables and payables, late orders. */
export async function warningBoard(tx: Tx, s: Session) {
  const stock = await inventoryAlerts(tx, s);
  const money = await tx.one<{ recvCount: number; recvAmount: string; payCount: number; payAmount: string }>(
    `select count(*) filter (where sign = 1)::int as "recvCount", coalesce(sum(balance) filter (where sign = 1), 0)::text as "recvAmount",
            count(*) filter (where sign = -1)::int as "payCount", coalesce(-sum(balance) filter (where sign = -1), 0)::text as "payAmount"
       from fin_open_item where tenant_id = $1 and balance <> 0 and doc_date < current_date - $2::int`,
    [s.tenantId, OVERDUE_DAYS],
  );
  const late = await tx.one<{ saleOrders: number; purchaseOrders: number }>(
    `select count(*) filter (where doc_key = 'saleOrder')::int as "saleOrders", count(*) filter (where doc_key = 'purchaseOrder')::int as "purchaseOrders"
       from depot_head where tenant_id = $1 and doc_key in ('saleOrder', 'purchaseOrder') and not delete_flag
        and status in ('1', '3') and delivery_date < current_date`,
    [s.tenantId],
  );
  const m = money!;
  return {
    overdueDays: OVERDUE_DAYS,
    figures: [
      { key: 'belowSafety', count: stock.belowMin, link: '/report/stock_warning' },
      { key: 'aboveSafety', count: stock.aboveMax, link: '/report/stock_warning' },
      { key: 'expiringBatches', count: stock.expiring, link: '/report/batch_inventory' },
      { key: 'expiredBatches', count: stock.expired, link: '/report/batch_inventory' },
      { key: 'overdueReceivables', count: m.recvCount, amount: m.recvAmount, link: '/report/customer_account' },
      { key: 'overduePayables', count: m.payCount, amount: s.priceMasked ? null : m.payAmount, link: '/report/vendor_account' },
      { key: 'lateSaleOrders', count: late!.saleOrders, link: '/bill/sale_order' },
      { key: 'latePurchaseOrders', count: late!.purchaseOrders, link: '/bill/purchase_order' },
    ],
  };
}

/** 经营看板: 30 days of sales and purchases (net of returns) per day, this month against last, top customers, what is owed. */
export async function operationsBoard(tx: Tx, s: Session) {
  const days = await tx.query<{ day: string; sale: string; buy: string }>(
    `select to_char(g, 'YYYY-MM-DD') as day,
            coalesce(sum(d.amount) filter (where d.doc_key in ${SALE}), 0) - coalesce(sum(d.amount) filter (where d.doc_key in ${SALE_BACK}), 0) as sale,
            coalesce(sum(d.amount) filter (where d.doc_key in ${BUY}), 0) - coalesce(sum(d.amount) filter (where d.doc_key in ${BUY_BACK}), 0) as buy
       from generate_series(current_date - 29, current_date, interval '1 day') g
       left join doc_day_summary d on d.tenant_id = $1 and d.day = g::date
      group by g order by g`,
    [s.tenantId],
  );
  const net = (plus: string, minus: string, from: string, to: string) =>
    `(coalesce(sum(amount) filter (where doc_key in ${plus} and day >= ${from} and day < ${to}), 0)
      - coalesce(sum(amount) filter (where doc_key in ${minus} and day >= ${from} and day < ${to}), 0))::text`;
  const THIS = `date_trunc('month', current_date)::date`;
  const NEXT = `(date_trunc('month', current_date) + interval '1 month')::date`;
  const LAST = `(date_trunc('month', current_date) - interval '1 month')::date`;
  const months = await tx.one<{ saleThis: string; saleLast: string; buyThis: string; buyLast: string }>(
    `select ${net(SALE, SALE_BACK, THIS, NEXT)} as "saleThis", ${net(SALE, SALE_BACK, LAST, THIS)} as "saleLast",
            ${net(BUY, BUY_BACK, THIS, NEXT)} as "buyThis", ${net(BUY, BUY_BACK, LAST, THIS)} as "buyLast"
       from doc_day_summary where tenant_id = $1 and day >= ${LAST}`,
    [s.tenantId],
  );
  const topCustomers = await tx.query<{ organId: number; name: string; amount: string }>(
    `select d.organ_id as "organId", p.name, sum(case when d.doc_key in ${SALE} then d.amount else -d.amount end)::text as amount
       from partner_day_summary d join partner p on p.tenant_id = d.tenant_id and p.id = d.organ_id
      where d.tenant_id = $1 and d.day >= date_trunc('month', current_date)::date and d.doc_key in ('saleOut', 'retailOut', 'saleBack', 'retailBack')
      group by d.organ_id, p.name order by 3 desc, 1 limit 5`,
    [s.tenantId],
  );
  const owed = await tx.one<{ receivable: string; payable: string }>(
    `select coalesce(sum(balance) filter (where sign = 1), 0)::text as receivable, coalesce(-sum(balance) filter (where sign = -1), 0)::text as payable
       from fin_open_item where tenant_id = $1 and balance <> 0`,
    [s.tenantId],
  );
  const mask = s.priceMasked;
  return {
    days: days.map((d) => ({ day: d.day, sale: String(d.sale), buy: mask ? null : String(d.buy) })),
    months: { ...months!, ...(mask ? { buyThis: null, buyLast: null } : {}) },
    topCustomers,
    owed: { receivable: owed!.receivable, payable: mask ? null : owed!.payable },
    links: {
      sale: '/bill/sale_out',
      buy: '/bill/purchase_in',
      customers: '/report/customer_account',
      receivable: '/report/customer_account',
      payable: '/report/vendor_account',
    },
  };
}

/** 工作台: the global, business and depot workbenches — today's and this month's figures, each with the list it opens. */
export async function workbench(tx: Tx, s: Session) {
  const docs = await tx.query<{ docKey: string; todayDocs: number; todayAmount: string; monthDocs: number; monthAmount: string }>(
    `select doc_key as "docKey", coalesce(sum(docs) filter (where day = current_date), 0)::int as "todayDocs",
            coalesce(sum(amount) filter (where day = current_date), 0)::text as "todayAmount",
            sum(docs)::int as "monthDocs", sum(amount)::text as "monthAmount"
       from doc_day_summary where tenant_id = $1 and day >= date_trunc('month', current_date)::date
      group by doc_key order by doc_key`,
    [s.tenantId],
  );
  const by = new Map(docs.map((d) => [d.docKey, d]));
  const fig = (docKey: string, link: string, buy = false) => {
    const d = by.get(docKey);
    const hide = buy && s.priceMasked;
    return {
      key: docKey,
      link,
      todayDocs: d?.todayDocs ?? 0,
      monthDocs: d?.monthDocs ?? 0,
      todayAmount: hide ? null : (d?.todayAmount ?? '0'),
      monthAmount: hide ? null : (d?.monthAmount ?? '0'),
    };
  };
  const open = await tx.one<{ unaudited: number; openSaleOrders: number; openPurchaseOrders: number }>(
    // the unaudited documents (index depot_head_unaudited) and the open orders (depot_head_status), never the audited
    // documents of the company's history
    `select (select count(*) from depot_head where tenant_id = $1 and status = '0' and not delete_flag)::int as unaudited,
            count(*) filter (where doc_key = 'saleOrder')::int as "openSaleOrders",
            count(*) filter (where doc_key = 'purchaseOrder')::int as "openPurchaseOrders"
       from depot_head where tenant_id = $1 and not delete_flag and doc_key in ('saleOrder', 'purchaseOrder') and status in ('1', '3')`,
    [s.tenantId],
  );
  const moved = await tx.one<{ inQty: string; outQty: string; items: number }>(
    `select coalesce(sum(in_qty), 0)::text as "inQty", coalesce(sum(out_qty), 0)::text as "outQty", count(distinct material_id)::int as items
       from stock_day_summary where tenant_id = $1 and day = current_date`,
    [s.tenantId],
  );
  const alerts = await inventoryAlerts(tx, s);
  return {
    global: {
      unaudited: open!.unaudited,
      alerts: alerts.total,
      figures: [fig('saleOut', '/bill/sale_out'), fig('purchaseIn', '/bill/purchase_in', true), fig('retailOut', '/bill/retail_out')],
    },
    business: {
      openSaleOrders: open!.openSaleOrders,
      openPurchaseOrders: open!.openPurchaseOrders,
      figures: [fig('saleOrder', '/bill/sale_order'), fig('saleOut', '/bill/sale_out'), fig('purchaseOrder', '/bill/purchase_order', true)],
    },
    depot: {
      todayInQty: moved!.inQty,
      todayOutQty: moved!.outQty,
      todayItems: moved!.items,
      belowSafety: alerts.belowMin,
      expiring: alerts.expiring + alerts.expired,
      figures: [fig('otherIn', '/bill/other_in'), fig('otherOut', '/bill/other_out'), fig('transfer', '/bill/allocation_out')],
    },
  };
}
