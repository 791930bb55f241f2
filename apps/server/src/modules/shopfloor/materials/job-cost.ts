import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { costRollup } from '../../manufacturing/index.ts';
import { jobOf, loadWorkOrder, type WoRow } from '../execution/work-order-state.ts';
import { issuedOf } from './work-order-documents.ts';

const round = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

/** The job a work order belongs to: its operations, the one holding the materials (the first) and the last. */
export async function jobFor(tx: Tx, tenantId: number, w: WoRow) {
  const ops = await jobOf(tx, tenantId, w);
  return { ids: ops.map((o) => o.id), first: ops[0], last: ops[ops.length - 1] };
}

/**
 * What reached stock from the job so far: its finished goods receipts (quantity and the cost they took) and the
 * products an outsourcing receipt brought back for its last operation (quantity only: their value is the supplier's
 * components and fee, not the job's cost).
 */
async function receivedOf(tx: Tx, tenantId: number, ids: number[], last: number) {
  const r = await tx.one<{ qty: string; value: string; outsourced: string }>(
    `select coalesce(sum(l.qty_change), 0) as qty, coalesce(sum(l.value_change), 0) as value,
            (select coalesce(sum(i.basic_number), 0) from sf_outsource_wo o
               join depot_head h on h.tenant_id = o.tenant_id and h.id = o.header_id and h.doc_key = 'outsourceIn' and not h.delete_flag
               join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and i.material_type = '组合件' and not i.delete_flag
              where o.tenant_id = $1 and o.work_order_id = $3) as outsourced
       from sf_wo_document d join stock_ledger l on l.tenant_id = d.tenant_id and l.header_id = d.header_id
      where d.tenant_id = $1 and d.work_order_id = any($2::bigint[]) and d.kind = 'finishedIn'`,
    [tenantId, ids, last],
  );
  return { qty: new Decimal(r!.qty).plus(r!.outsourced), value: new Decimal(r!.value) };
}

/**
 * The actual cost of a job (ARCHITECTURE §9 costing): materials issued at their ledger cost, net of
 * returns, plus each report's hours at its work centre's rate; what finished goods took of it so far.
 */
export async function actualCost(tx: Tx, tenantId: number, w: WoRow) {
  const job = await jobFor(tx, tenantId, w);
  const issued = await issuedOf(tx, tenantId, job.ids);
  const materials = [...issued.values()].reduce((s, m) => s.plus(m.value), new Decimal(0));
  const lab = await tx.one<{ labour: string; hours: string }>(
    'select coalesce(sum(labour_cost), 0) as labour, coalesce(sum(hours), 0) as hours from sf_report where tenant_id = $1 and work_order_id = any($2::bigint[])',
    [tenantId, job.ids],
  );
  const labour = new Decimal(lab!.labour);
  const received = await receivedOf(tx, tenantId, job.ids, job.last.id);
  const last = await loadWorkOrder(tx, tenantId, job.last.id, false);
  return { job, issued, materials, labour, hours: new Decimal(lab!.hours), total: materials.plus(labour), received, lastGood: new Decimal(last.good_qty ?? 0) };
}

/** The cost report of a work order's job: actual against the standard roll-up of the quantity made. */
export async function costReport(tx: Tx, tenantId: number, workOrderId: number) {
  const w = await loadWorkOrder(tx, tenantId, workOrderId, false);
  const a = await actualCost(tx, tenantId, w);
  const made = a.lastGood.gt(0) ? a.lastGood : new Decimal(w.quantity);
  const std = await costRollup(tx, tenantId, w.material_id, made.toFixed());
  const standard = new Decimal(std.total);
  return {
    workOrderId: w.id,
    madeQty: made.toFixed(),
    materialCost: a.materials.toFixed(),
    labourCost: a.labour.toFixed(),
    hours: a.hours.toFixed(),
    actualCost: a.total.toFixed(),
    unitCost: made.isZero() ? '0' : round(a.total.div(made)).toFixed(),
    standardCost: standard.toFixed(),
    standardMaterial: new Decimal(std.materialCost).toFixed(),
    standardOperation: new Decimal(std.operationCost).toFixed(),
    variance: a.total.minus(standard).toFixed(),
    receivedQty: a.received.qty.toFixed(),
    receivedValue: a.received.value.toFixed(),
    materials: [...a.issued.entries()].map(([materialId, m]) => ({ materialId, qty: m.qty.toFixed(), value: m.value.toFixed() })),
  };
}
