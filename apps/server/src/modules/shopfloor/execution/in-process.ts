import type { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { createInspectionFor, onInspectionDecided } from '../../quality/index.ts';
import type { WoRow } from './work-order-state.ts';

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
