import { transitionRefusal } from '@erp/entities';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';

/**
 * 以销定购 (purchase by sales order): a purchase order may name an audited sales order as its linked
 * document when the company's switch is on. It only records the number: its lines claim nothing, so
 * the sales order's own fulfilment (by outbounds) is untouched.
 */
export async function checkSaleOrderLink(c: RequestCtx, number: string, status: string, linesLinked: boolean) {
  const cfg = await c.tx.one<{ on: boolean }>('select purchase_by_sale_flag as on from system_config where tenant_id = $1', [c.session.tenantId]);
  if (!cfg?.on) throw new BusinessError('未启用以销定购，采购订单不能关联销售订单');
  const refusal = transitionRefusal('link', status, number);
  if (refusal) throw new BusinessError(refusal);
  if (linesLinked) throw badRequest('以销定购的明细不能关联销售订单行');
}
