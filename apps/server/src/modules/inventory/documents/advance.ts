import { Decimal } from 'decimal.js';
import { BusinessError } from '../../../platform/errors.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';

/**
 * Retail paid from a member's advance: the amount due leaves the member's balance when the bill is
 * saved (the member row is locked, so two tills cannot spend the same money) and returns when the
 * bill is changed or deleted.
 */
export async function takeAdvance(c: RequestCtx, headerId: number, memberId: number | undefined, due: Decimal) {
  if (!memberId) throw new BusinessError('预付款支付需要选择会员');
  const m = await c.tx.one<{ advance_in: string | null; name: string }>(
    `select advance_in, name from partner where tenant_id = $1 and id = $2 and not delete_flag for update`,
    [c.session.tenantId, memberId],
  );
  const have = new Decimal(m?.advance_in ?? 0);
  if (have.lt(due)) throw new BusinessError(`会员“${m?.name}”预付款余额 ${have.toFixed()} 不足，需支付 ${due.toFixed()}`);
  await c.tx.query('update partner set advance_in = $3 where tenant_id = $1 and id = $2', [c.session.tenantId, memberId, have.minus(due).toFixed()]);
  await c.tx.query('update depot_head set advance_used = $3 where tenant_id = $1 and id = $2', [c.session.tenantId, headerId, due.toFixed()]);
}

export async function returnAdvance(c: RequestCtx, headerId: number) {
  await c.tx.query(
    `with h as (select organ_id, advance_used from depot_head where tenant_id = $1 and id = $2 and advance_used > 0)
     update partner p set advance_in = coalesce(p.advance_in, 0) + h.advance_used from h where p.tenant_id = $1 and p.id = h.organ_id`,
    [c.session.tenantId, headerId],
  );
  await c.tx.query('update depot_head set advance_used = 0 where tenant_id = $1 and id = $2', [c.session.tenantId, headerId]);
}
