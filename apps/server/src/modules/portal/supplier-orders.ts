import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, forbidden, notFound } from '../../platform/errors.ts';

/**
 * The supplier's side of its purchase orders (issue 22). Every query names the tenant AND the supplier of the
 * session (the data layer's boundary); the request also runs as erp_portal, whose policies keep that one
 * supplier's rows whatever a query says (db/migrations/200, the second boundary).
 */
export const PORTAL_MSG = {
  order: '订单不存在或不属于本供应商',
  line: (n: number) => `第${n}行：订单明细不存在或不属于该订单`,
  closed: '订单已完成或未审核，不能操作',
  pastDate: (what: string) => `${what}不能早于今天`,
  proposal: (n: number) => `第${n}行：请填写建议数量或建议交期`,
  over: (n: number, open: string) => `第${n}行：发货数量超出订单未发数量 ${open}`,
} as const;

export function supplierOf(c: RequestCtx): number {
  if (!c.session.supplierId) throw forbidden();
  return c.session.supplierId;
}

const today = () => new Date().toISOString().slice(0, 10);
export function notPast(date: string | undefined, what: string) {
  if (date && date < today()) throw new BusinessError(PORTAL_MSG.pastDate(what));
}

const LINE_COLUMNS = `i.id as "itemId", h.id as "orderId", h.number as "orderNumber", to_char(h.oper_time, 'YYYY-MM-DD') as "orderDate",
  to_char(h.delivery_date, 'YYYY-MM-DD') as "deliveryDate", h.status as "orderStatus", i.line_no as "lineNo",
  m.name as "materialName", m.standard as "standard", m.model as "model", i.material_unit as "unit",
  i.oper_number::float8 as "qty", (i.finished_number * case when i.basic_number = 0 then 1 else i.oper_number / i.basic_number end)::float8 as "received",
  i.unit_price::float8 as "unitPrice", coalesce(pl.confirm_status, 'none') as "confirmStatus", pl.proposed_qty::float8 as "proposedQty",
  to_char(pl.proposed_date, 'YYYY-MM-DD') as "proposedDate", pl.confirm_remark as "confirmRemark", pl.progress_percent::float8 as "progressPercent",
  to_char(pl.expected_ship_date, 'YYYY-MM-DD') as "expectedShipDate", pl.progress_remark as "progressRemark"`;

/** The supplier's order lines, newest order first (the portal's main list; bench:portal measures it). */
export async function supplierOrderLines(c: RequestCtx, q: { currentPage: number; pageSize: number; number?: string; open?: boolean; orderId?: number }) {
  const supplierId = supplierOf(c);
  const where = `h.tenant_id = $1 and h.organ_id = $2 and h.doc_key = 'purchaseOrder' and h.status in ('1', '2', '3') and not h.delete_flag
    and ($3::text is null or h.number like '%' || $3 || '%') and (not $4 or h.status <> '2') and ($5::bigint is null or h.id = $5)`;
  const params = [c.session.tenantId, supplierId, q.number ?? null, q.open ?? false, q.orderId ?? null];
  // one statement: the supplier's orders matching the filters, their live line counts through the checked function
  // (the line policy costs ~20 µs a row, so no line the page skips is read), the pager's total as their sum, the
  // orders the page falls on by a running sum, then only their lines, the material (through the checked function:
  // erp_portal reads no material row) and the supplier's answers for those rows alone (db/migrations/205). The total
  // rides on every row, and on a single empty row past the last page.
  const found = await c.tx.query<Record<string, unknown> & { itemId: number | null; _total: number }>(
    `with heads as materialized (
       select h.id, h.number, h.oper_time, h.delivery_date, h.status from depot_head h where ${where}),
     counted as materialized (
       select h.*, sum(c.lines) over (order by h.oper_time desc, h.id desc rows unbounded preceding) - c.lines as before, c.lines
         from heads h join erp_portal_line_counts((select array_agg(id) from heads)) c on c.header_id = h.id),
     chosen as materialized (select * from counted where before < $6::int + $7::int and before + lines > $7::int),
     page as materialized (
       select h.id, h.number, h.oper_time, h.delivery_date, h.status, i.id as item_id, i.line_no from chosen h
        cross join lateral (select i.id, i.line_no from depot_item i where i.tenant_id = $1 and i.header_id = h.id and not i.delete_flag offset 0) i
        order by h.oper_time desc, h.id desc, i.line_no limit $6 offset $7::int - (select coalesce(min(before), 0) from chosen))
     select ${LINE_COLUMNS}, t.total as "_total"
       from (select coalesce(sum(lines), 0)::int as total from counted) t
       left join (page h
         join depot_item i on i.tenant_id = $1 and i.id = h.item_id
         join erp_portal_item_material((select array_agg(item_id) from page)) m on m.item_id = i.id
         left join portal_line pl on pl.tenant_id = i.tenant_id and pl.item_id = i.id and pl.supplier_id = $2) on true
      order by h.oper_time desc, h.id desc, i.line_no`,
    [...params, q.pageSize, (q.currentPage - 1) * q.pageSize],
  );
  const rows = found.filter((r) => r.itemId !== null).map(({ _total, ...row }) => row);
  return { rows, total: found[0]?._total ?? 0 };
}

/** One order of the supplier with its lines; another supplier's order is "not found", like a made-up id. */
export async function supplierOrder(c: RequestCtx, orderId: number) {
  const supplierId = supplierOf(c);
  const head = await c.tx.one(
    `select h.id, h.number, to_char(h.oper_time, 'YYYY-MM-DD') as "orderDate", to_char(h.delivery_date, 'YYYY-MM-DD') as "deliveryDate",
            h.status, h.remark, h.total_price::float8 as "totalPrice"
       from depot_head h where h.tenant_id = $1 and h.organ_id = $2 and h.id = $3 and h.doc_key = 'purchaseOrder' and h.status in ('1', '2', '3') and not h.delete_flag`,
    [c.session.tenantId, supplierId, orderId],
  );
  if (!head) throw notFound(PORTAL_MSG.order);
  const { rows } = await supplierOrderLines(c, { currentPage: 1, pageSize: 1000, orderId });
  return { ...head, lines: rows };
}

export type OrderLine = { id: number; line_no: number; material_id: number; oper_number: string; open: Decimal };

/**
 * The lines of an open order of this supplier, with what is still to ship: ordered − received − announced in
 * advices not yet received. Locks the order against a concurrent advice (an advisory lock: erp_portal may not
 * lock rows it cannot update).
 */
export async function openOrderLines(tx: Tx, tenantId: number, supplierId: number, orderId: number): Promise<Map<number, OrderLine>> {
  const head = await tx.one<{ status: string }>(
    `select status from depot_head where tenant_id = $1 and organ_id = $2 and id = $3 and doc_key = 'purchaseOrder' and status in ('1', '2', '3') and not delete_flag`,
    [tenantId, supplierId, orderId],
  );
  if (!head) throw new BusinessError(PORTAL_MSG.order);
  if (head.status === '2') throw new BusinessError(PORTAL_MSG.closed);
  await tx.query('select pg_advisory_xact_lock($1, $2)', [tenantId, orderId]);
  const lines = await tx.query<{ id: number; line_no: number; material_id: number; oper_number: string; received: string; announced: string }>(
    `select i.id, i.line_no, i.material_id, i.oper_number,
            i.finished_number * case when i.basic_number = 0 then 1 else i.oper_number / i.basic_number end as received,
            coalesce((select sum(l.qty) from arrival_advice_line l join arrival_advice a on a.tenant_id = l.tenant_id and a.id = l.advice_id
                       where l.tenant_id = i.tenant_id and l.item_id = i.id and a.status = 'sent'), 0) as announced
       from depot_item i where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag order by i.line_no`,
    [tenantId, orderId],
  );
  return new Map(
    lines.map((l) => [
      Number(l.id),
      {
        id: Number(l.id),
        line_no: l.line_no,
        material_id: Number(l.material_id),
        oper_number: l.oper_number,
        open: new Decimal(l.oper_number).minus(l.received).minus(l.announced),
      },
    ]),
  );
}
