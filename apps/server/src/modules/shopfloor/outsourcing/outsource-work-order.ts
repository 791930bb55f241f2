import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { closeMakeOrderWhenDone, loadForReport, loadWorkOrder } from '../execution/work-order-state.ts';
import { checkQuantity, recordReport } from '../execution/report.service.ts';

/** Checks a work order is the company's (before the document is written), so a refusal writes nothing. */
export async function checkWorkOrder(c: RequestCtx, workOrderId: number | undefined) {
  if (workOrderId) await loadWorkOrder(c.tx, c.session.tenantId, workOrderId, false);
}

/**
 * Goods back from the supplier for a work order are that operation's good units (done outside): its quantity,
 * progress and status move as a report moves them, within what the operation received plus the company's
 * tolerance. Nothing is backflushed (the components leave the supplier's warehouse with the receipt) and no hours
 * are booked (the supplier's fee is the cost). Refused for a finished operation or another product; runs before the
 * receipt is written, so a refusal writes nothing.
 */
export async function reportOutsourced(c: RequestCtx, workOrderId: number, productId: number, qty: string, supplier: string) {
  const { w, settings, job } = await loadForReport(c.tx, c.session.tenantId, workOrderId);
  if (w.status === 'done') throw new BusinessError(`工单 ${w.wo_no} 已完工，不能再委外入库`);
  if (w.material_id !== productId) throw new BusinessError(`委外入库的产品须是工单 ${w.wo_no} 的产品`);
  const good = new Decimal(qty);
  const status = checkQuantity(w, job, settings.overReportPct, good) ? 'done' : 'started';
  const zero = new Decimal(0);
  await recordReport(c, w, { workOrderId, goodQty: qty, person: supplier }, { good, scrap: zero, hours: zero, labour: zero, status, backflushId: null });
  if (status === 'done') await closeMakeOrderWhenDone(c, w.make_order_id ? Number(w.make_order_id) : null);
}

/** Remembers an outsourcing document as made for a work order. */
export async function linkToWorkOrder(c: RequestCtx, headerId: number, workOrderId: number | undefined) {
  if (!workOrderId) return;
  await c.tx.query('insert into sf_outsource_wo(tenant_id, header_id, work_order_id) values ($1, $2, $3)', [c.session.tenantId, headerId, workOrderId]);
}

/** A work order's outsourcing documents: number, type, supplier, date, status and the quantity of their lines. */
export async function outsourcingOfWorkOrder(tx: Tx, tenantId: number, workOrderId: number) {
  await loadWorkOrder(tx, tenantId, workOrderId, false);
  const rows = await tx.query<{ id: number; number: string; docKey: string; supplier: string | null; operTime: string; status: string; qty: string }>(
    `select h.id::int as id, h.number, h.doc_key as "docKey", p.name as supplier, to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "operTime", h.status,
            coalesce((select sum(i.oper_number) from depot_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
                        and (h.doc_key = 'outsourceOut' or i.material_type = '组合件')), 0)::text as qty
       from sf_outsource_wo l join depot_head h on h.tenant_id = l.tenant_id and h.id = l.header_id
       left join partner p on p.tenant_id = h.tenant_id and p.id = h.organ_id
      where l.tenant_id = $1 and l.work_order_id = $2 and not h.delete_flag order by h.oper_time, h.id`,
    [tenantId, workOrderId],
  );
  return rows.map((r) => ({ ...r, qty: new Decimal(r.qty).toFixed() }));
}
