import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { PLAN_MSG, checkPlanLines, insertPlanLines, type PlanInput } from './shipping-plan.ts';

/**
 * The buyer changes a shipping plan (issue 22): while the supplier has not acknowledged it, its lines and remark
 * may be replaced (checked as when published) or the plan cancelled with a reason. An acknowledged or cancelled
 * plan is refused with a message saying why; the supplier keeps seeing a cancelled plan, with the reason.
 */
export const PLAN_CHANGE_MSG = {
  ackedEdit: '供应商已确认该发货计划，不能修改',
  ackedCancel: '供应商已确认该发货计划，不能取消',
  cancelled: '发货计划已取消，不能再修改或取消',
} as const;

/** The plan, locked against the supplier's acknowledgement, if still published; else a refusal naming why. */
async function lockPublished(c: RequestCtx, id: number, acked: string) {
  const plan = await c.tx.one<{ status: string; supplierId: number; number: string }>(
    `select status, supplier_id as "supplierId", number from portal_shipping_plan where tenant_id = $1 and id = $2 for update`,
    [c.session.tenantId, id],
  );
  if (!plan) throw notFound(PLAN_MSG.missing);
  if (plan.status === 'acknowledged') throw new BusinessError(acked);
  if (plan.status === 'cancelled') throw new BusinessError(PLAN_CHANGE_MSG.cancelled);
  return { ...plan, supplierId: Number(plan.supplierId) };
}

/** Replaces the lines (and remark) of a plan the supplier has not acknowledged; the supplier stays the same. */
export async function editPlan(c: RequestCtx, body: { id: number; remark?: string; lines: PlanInput['lines'] }) {
  const plan = await lockPublished(c, body.id, PLAN_CHANGE_MSG.ackedEdit);
  await checkPlanLines(c, plan.supplierId, body.lines);
  await c.tx.query(`delete from portal_shipping_plan_line where tenant_id = $1 and plan_id = $2`, [c.session.tenantId, body.id]);
  await insertPlanLines(c, body.id, plan.supplierId, body.lines);
  await c.tx.query(`update portal_shipping_plan set remark = $3, updated_at = now() where tenant_id = $1 and id = $2`, [
    c.session.tenantId,
    body.id,
    body.remark ?? null,
  ]);
  await logWrite(c.tx, c.session, c.ip, 'edit', 'shippingPlan', [body.id], { number: plan.number, lines: body.lines.length });
  return { id: body.id, number: plan.number };
}

/** Cancels a plan the supplier has not acknowledged, with the reason the supplier will read. */
export async function cancelPlan(c: RequestCtx, body: { id: number; reason: string }) {
  const plan = await lockPublished(c, body.id, PLAN_CHANGE_MSG.ackedCancel);
  await c.tx.query(
    `update portal_shipping_plan set status = 'cancelled', cancel_reason = $3, cancelled_by = $4, cancelled_at = now(), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [c.session.tenantId, body.id, body.reason, c.session.userId],
  );
  await logWrite(c.tx, c.session, c.ip, 'cancel', 'shippingPlan', [body.id], { number: plan.number, reason: body.reason });
  return { id: body.id, number: plan.number };
}
