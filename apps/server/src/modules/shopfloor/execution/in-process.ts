import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { createInspectionFor, onInspectionDecided, pendingInspectionsOf } from '../../quality/index.ts';
import { jobOf, loadWorkOrder, type WoRow } from './work-order-state.ts';
import { workOrderCard } from './scan.queries.ts';

/**
 * In-process inspection of operation reports (docs/decisions.md "In-process inspection holds the next operation's
 * quantity"): an operation whose route step requires inspection opens an inspection for the good units it reports
 * (when the product has an in-process template); they wait in the work order's held_qty, which the next operation
 * cannot report, until the verdict releases them (pass, concession, use as is), scraps them or returns them to the
 * operation (rework).
 */
export async function inspectReport(c: RequestCtx, w: WoRow, reportId: number, good: Decimal) {
  const { tx, session } = c;
  const made = await createInspectionFor(tx, session.tenantId, session.userId, {
    stage: 'inProcess',
    sourceKind: 'operationReport',
    sourceId: w.id,
    sourceItemId: reportId,
    sourceNumber: w.wo_no,
    materialId: w.material_id,
    qty: good,
  });
  if (made) await tx.query('update mfg_work_order set held_qty = held_qty + $3 where tenant_id = $1 and id = $2', [session.tenantId, w.id, good.toFixed()]);
  return made;
}

onInspectionDecided('operationReport', async (tx, tenantId, userId, o) => {
  const scrap = o.verdict === 'fail' && o.disposition === 'scrap';
  const rework = o.verdict === 'fail' && o.disposition === 'rework';
  // scrap: the units leave the good count for the scrap count; rework: back to the operation to be reported again
  const w = await tx.one<{ make_order_id: number | null }>(
    `update mfg_work_order set held_qty = held_qty - $3,
            good_qty = coalesce(good_qty, 0) - case when $4 or $5 then $3::numeric else 0 end,
            scrap_qty = coalesce(scrap_qty, 0) + case when $4 then $3::numeric else 0 end,
            status = case when $5 and status = 'done' then 'started' else status end, updater = $6, updated_at = now()
      where tenant_id = $1 and id = $2 returning make_order_id`,
    [tenantId, o.sourceId, o.lotQty.toFixed(), scrap, rework, userId],
  );
  if (rework && w?.make_order_id)
    await tx.query(`update mfg_make_order set status = 'released', updated_at = now() where tenant_id = $1 and id = $2 and status = 'done'`, [
      tenantId,
      w.make_order_id,
    ]);
});

/**
 * The operations of a work order's job as the work order screen shows them: each one's card (what it received and
 * may still report, as a report would check it) and the units it holds for pending in-process inspections, with those.
 */
export async function jobHeld(c: RequestCtx, workOrderId: number) {
  const w = await loadWorkOrder(c.tx, c.session.tenantId, workOrderId, false);
  const ops = await jobOf(c.tx, c.session.tenantId, w);
  const cards = [];
  for (const o of ops) cards.push(await workOrderCard(c.tx, c.session.tenantId, o.id));
  const pending = await pendingInspectionsOf(
    c.tx,
    c.session.tenantId,
    'operationReport',
    ops.map((o) => o.id),
  );
  return cards.map((card, i) => ({
    ...card,
    heldQty: new Decimal(ops[i]!.held_qty ?? 0).toFixed(),
    inspections: pending.filter((p) => p.sourceId === card.id).map(({ id, number, lotQty }) => ({ id, number, lotQty })),
  }));
}
