import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { onMakeOrderDone, openReworkOrder, type FinishedOrder } from '../manufacturing/index.ts';
import { createInspectionFor, type InspectionRow } from './inspection.service.ts';
import { scrapOut } from './disposition.service.ts';

/** What a verdict of 返工 on a bought lot may say: how much of the held lot to rework (all by default) and where. */
export interface ReworkInput {
  reworkQty?: string;
  workCentreId?: number;
}

/** Refuses a rework quantity the lot does not hold, before anything is written. */
export function reworkQtyOf(r: InspectionRow, v: ReworkInput): Decimal {
  const held = new Decimal(r.held_qty);
  const qty = v.reworkQty === undefined ? held : new Decimal(v.reworkQty);
  if (!qty.gt(0)) throw new BusinessError('返工数量必须大于0');
  if (qty.gt(held)) throw new BusinessError(`质检单 ${r.number} 返工数量 ${qty.toFixed()} 超过待检隔离数量 ${held.toFixed()}`);
  return qty;
}

/**
 * 返工 of a failed bought lot (docs/quality.md "Rework of a bought lot"): a rework make order with one work order for
 * the quantity, through manufacturing; the goods stay in quarantine under this inspection until the order is done.
 */
export async function openLotRework(c: RequestCtx, r: InspectionRow, ncrId: number, v: ReworkInput) {
  const qty = reworkQtyOf(r, v);
  const mo = await openReworkOrder(c, {
    materialId: Number(r.material_id),
    qty,
    workCentreId: v.workCentreId ?? null,
    ref: r.number,
    remark: `质检不合格返工：${r.number}（来源 ${r.source_number ?? ''}）`,
  });
  await c.tx.query('update quality_nonconformance set qty = $3, rework_make_order_id = $4 where tenant_id = $1 and id = $2', [
    c.session.tenantId,
    ncrId,
    qty.toFixed(),
    mo.id,
  ]);
  return mo;
}

/**
 * A rework order of a failed lot is done: the units it lost (reworked less good) leave stock from quarantine on an
 * audited 其它出库 (库存调整 debited, 库存商品 credited at the lot's cost, as a scrap disposition posts); the good
 * units stay in quarantine under a new incoming inspection (`rework_of`) whose verdict decides them; the NCR closes.
 */
async function reworkDone(c: RequestCtx, o: FinishedOrder) {
  const t = c.session.tenantId;
  const n = await c.tx.one<{ ncr_id: number; qty: string; inspection: InspectionRow }>(
    `select n.id as ncr_id, n.qty::text as qty,
            json_build_object('id', q.id, 'number', q.number, 'stage', q.stage, 'source_kind', q.source_kind, 'source_id', q.source_id,
                              'source_item_id', q.source_item_id, 'source_number', q.source_number, 'partner_id', q.partner_id,
                              'material_id', q.material_id, 'depot_id', q.depot_id, 'batch_number', q.batch_number, 'held_qty', q.held_qty::text) as inspection
       from quality_nonconformance n join quality_inspection q on q.tenant_id = n.tenant_id and q.id = n.inspection_id
      where n.tenant_id = $1 and n.rework_make_order_id = $2 and n.status = 'open' for update of q`,
    [t, o.id],
  );
  if (!n) return;
  const r = n.inspection;
  const reworked = new Decimal(n.qty);
  const good = Decimal.min(o.good, reworked);
  const lost = reworked.minus(good);
  const scrap = lost.gt(0) ? await scrapOut(c, r, lost, `返工报废：${o.moNo}（质检单 ${r.number}）`) : null;
  let again: { id: number; number: string } | null = null;
  if (good.gt(0)) {
    again = await createInspectionFor(c.tx, t, c.session.userId, {
      stage: 'incoming',
      sourceKind: r.source_kind,
      sourceId: r.source_id,
      sourceItemId: r.source_item_id,
      sourceNumber: r.source_number,
      partnerId: r.partner_id,
      materialId: Number(r.material_id),
      depotId: r.depot_id,
      batch: r.batch_number,
      qty: good,
    });
    if (!again) throw new BusinessError(`商品没有启用的来料检验模板，返工后不能复检（质检单 ${r.number}）`);
    // the good units stay in quarantine: they pass from the failed inspection to the re-inspection
    await c.tx.query(
      `update quality_inspection set held_qty = case when id = $2 then held_qty - $4::numeric else $4::numeric end,
              rework_of = case when id = $3 then $2 else rework_of end, updated_at = now()
        where tenant_id = $1 and id in ($2, $3)`,
      [t, r.id, again.id, good.toFixed()],
    );
  }
  await c.tx.query(`update quality_nonconformance set status = 'closed', scrap_header_id = coalesce($3, scrap_header_id) where tenant_id = $1 and id = $2`, [
    t,
    n.ncr_id,
    scrap?.id ?? null,
  ]);
}

onMakeOrderDone('rework', reworkDone);
