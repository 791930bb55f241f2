import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { loadWorkOrder } from '../execution/work-order-state.ts';

/** Checks a work order is the company's (before the document is written), so a refusal writes nothing. */
export async function checkWorkOrder(c: RequestCtx, workOrderId: number | undefined) {
  if (workOrderId) await loadWorkOrder(c.tx, c.session.tenantId, workOrderId, false);
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
