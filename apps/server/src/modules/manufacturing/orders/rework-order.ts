import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { nextNumber } from './make-order.controller.ts';

/** What opens a rework make order (quality: a failed bought lot disposed 返工). */
export interface ReworkRequest {
  materialId: number;
  qty: Decimal;
  /** where the rework is done; the company's first work centre when not given */
  workCentreId?: number | null;
  /** the document the rework is for (an inspection's number), kept as the order's ref. order */
  ref: string;
  remark?: string;
}

/**
 * A released rework make order (order type 返工) of one product line and one work order at a work centre, for
 * goods that already exist: it consumes nothing (no BOM) and the shop floor reports it as any other work order.
 * Refuses a work centre that is not the company's, or a company without any.
 */
export async function openReworkOrder(c: RequestCtx, r: ReworkRequest) {
  const { tx, session } = c;
  const t = session.tenantId;
  if (!r.qty.gt(0)) throw new BusinessError('返工数量必须大于0');
  const centre = await tx.one<{ id: number }>(
    r.workCentreId
      ? 'select id::int as id from mfg_work_centre where tenant_id = $1 and id = $2'
      : 'select id::int as id from mfg_work_centre where tenant_id = $1 order by id limit 1',
    r.workCentreId ? [t, r.workCentreId] : [t],
  );
  if (!centre) throw new BusinessError(r.workCentreId ? '工作中心不存在' : '请先设置工作中心：返工工单需要在工作中心执行');
  const moNo = await nextNumber(tx, t, 'mfg_make_order', 'mo_no', 'RW');
  const mo = (await tx.one<{ id: number }>(
    `insert into mfg_make_order(tenant_id, mo_no, order_type, ref_order, order_date, promised_date, planner, status, remark, creator, updater)
     values ($1, $2, 'rework', $3, current_date, current_date, $4, 'released', $5, $6, $6) returning id::int as id`,
    [t, moNo, r.ref, session.username, r.remark ?? null, session.userId],
  ))!;
  const line = (await tx.one<{ id: number }>(
    `insert into mfg_make_order_line(tenant_id, make_order_id, line_type, source, material_id, quantity, creator, updater)
     values ($1, $2, 'product', 'rework', $3, $4, $5, $5) returning id::int as id`,
    [t, mo.id, r.materialId, r.qty.toFixed(), session.userId],
  ))!;
  const wo = (await tx.one<{ id: number; wo_no: string }>(
    `insert into mfg_work_order(tenant_id, wo_no, make_order_id, make_order_line_id, material_id, seq, work_centre_id, quantity,
                                setup_minutes, run_minutes, due_date, status, creator, updater)
     values ($1, $2 || '-1', $3, $4, $5, 10, $6, $7, 0, 0, current_date, 'released', $8, $8) returning id::int as id, wo_no`,
    [t, moNo, mo.id, line.id, r.materialId, centre.id, r.qty.toFixed(), session.userId],
  ))!;
  await logWrite(tx, session, c.ip, 'add', 'makeOrder', [mo.id], { rework: r.ref });
  return { id: mo.id, moNo, workOrderId: wo.id, woNo: wo.wo_no };
}

/** A make order whose last work order was just done, with what its last operation reported. */
export interface FinishedOrder {
  id: number;
  moNo: string;
  orderType: string;
  good: Decimal;
  scrap: Decimal;
}
type FinishedHook = (c: RequestCtx, o: FinishedOrder) => Promise<void>;
const finishedHooks = new Map<string, FinishedHook>();

/** An area hears when a make order of a type is done (quality: a rework order's goods are inspected again); one hook per type. */
export function onMakeOrderDone(orderType: string, hook: FinishedHook): void {
  finishedHooks.set(orderType, hook);
}

/** Called by the shop floor when a make order became done; runs the hook of its type, if any (a statement only then). */
export async function makeOrderDone(c: RequestCtx, mo: { id: number; mo_no: string; order_type: string }) {
  const hook = finishedHooks.get(mo.order_type);
  if (!hook) return;
  const q = await c.tx.one<{ good: string; scrap: string }>(
    `select coalesce(good_qty, 0)::text as good, coalesce(scrap_qty, 0)::text as scrap from mfg_work_order
      where tenant_id = $1 and make_order_id = $2 order by seq desc, id desc limit 1`,
    [c.session.tenantId, mo.id],
  );
  await hook(c, { id: Number(mo.id), moNo: mo.mo_no, orderType: mo.order_type, good: new Decimal(q?.good ?? 0), scrap: new Decimal(q?.scrap ?? 0) });
}
