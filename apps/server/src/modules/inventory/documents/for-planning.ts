import { DOC_TRANSITIONS, sqlStatuses } from '@erp/entities';

/**
 * What planning (manufacturing MRP, make orders from sales orders, quotations) reads and writes
 * through inventory, so it never names inventory's tables itself.
 *
 * OPEN_ORDER_LINES: a select over $1 (the tenant) of the order lines still open — sales orders,
 * purchase orders and purchase requests that may still be linked (audited or partly done) —
 * with the quantity not yet fulfilled in the base unit and the date it is due.
 */
export const OPEN_ORDER_LINES = `select h.doc_key, h.id as header_id, h.number, h.organ_id, h.sales_man, i.id as line_id, i.line_no, i.material_id,
         i.basic_number - i.finished_number as open_qty, coalesce(h.delivery_date, h.oper_time::date) as due_date
    from depot_item i join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
   where i.tenant_id = $1 and not i.delete_flag and not h.delete_flag and h.status in ${sqlStatuses(DOC_TRANSITIONS.link.from)}
     and h.doc_key in ('saleOrder', 'purchaseOrder', 'purchaseApply') and i.basic_number > i.finished_number`;

/** A select over $1 of the stock on hand per material, all warehouses and batches. */
export const STOCK_ON_HAND = `select material_id, sum(qty) as qty from stock_balance where tenant_id = $1 group by material_id`;

/** Saving a document (a purchase request from MRP, a sales order from a quotation) goes through inventory's own rules. */
export { addDocument } from './document.service.ts';
