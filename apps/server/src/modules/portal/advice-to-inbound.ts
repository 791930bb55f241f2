import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, badRequest } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { addDocument, saveSchema } from '../inventory/index.ts';

/**
 * What runs when an advice becomes an inbound, e.g. the quality module's incoming inspection (issue 18). The
 * quality module registers it through `onArrivalReceived` (exported by the portal's index); none is needed.
 */
export type ArrivalHook = (c: RequestCtx, e: { adviceId: number; inboundId: number; inboundNumber: string; supplierId: number }) => Promise<void>;
const hooks: ArrivalHook[] = [];
export function onArrivalReceived(hook: ArrivalHook): void {
  hooks.push(hook);
}

type AdviceLine = {
  item_id: number;
  qty: string;
  batch_number: string | null;
  sn_list: string | null;
  expiration_date: string | null;
  material_extend_id: number;
  unit_price: string;
  tax_rate: string;
  depot_id: number | null;
};

/** The buyer turns a sent advice into a draft purchase inbound linked to the order, in one step. */
export async function adviceToInbound(c: RequestCtx, body: { id: number; depotId?: number; operTime?: string }) {
  const { tx, session } = c;
  const advice = await tx.one<{
    id: number;
    number: string;
    supplier_id: number;
    status: string;
    order_number: string;
    carrier: string | null;
    tracking_no: string | null;
  }>(
    `select a.id, a.number, a.supplier_id, a.status, h.number as order_number, a.carrier, a.tracking_no from arrival_advice a
       join depot_head h on h.tenant_id = a.tenant_id and h.id = a.order_id where a.tenant_id = $1 and a.id = $2 for update of a`,
    [session.tenantId, body.id],
  );
  if (!advice) throw new BusinessError('发货通知不存在');
  if (advice.status !== 'sent') throw new BusinessError(`发货通知 ${advice.number} 已处理`);
  const lines = await tx.query<AdviceLine>(
    `select l.item_id, l.qty, l.batch_number, l.sn_list, to_char(l.expiration_date, 'YYYY-MM-DD') as expiration_date,
            i.material_extend_id, i.unit_price, i.tax_rate, i.depot_id
       from arrival_advice_line l join depot_item i on i.tenant_id = l.tenant_id and i.id = l.item_id
      where l.tenant_id = $1 and l.advice_id = $2 order by l.line_no`,
    [session.tenantId, advice.id],
  );
  if (lines.some((l) => !l.depot_id && !body.depotId)) throw badRequest('请选择入库仓库');
  const input = saveSchema.parse({
    info: {
      type: '入库',
      subType: '采购',
      operTime: body.operTime ?? new Date().toISOString().slice(0, 19).replace('T', ' '),
      organId: Number(advice.supplier_id),
      linkNumber: advice.order_number,
      remark: `发货通知 ${advice.number}`,
      ...(advice.carrier && { transportCompany: advice.carrier }),
      ...(advice.tracking_no && { transportNumber: advice.tracking_no }),
    },
    rows: lines.map((l) => ({
      materialExtendId: Number(l.material_extend_id),
      // numeric(24,6) as the document schema takes it: no trailing zeros
      operNumber: new Decimal(l.qty).toFixed(),
      unitPrice: new Decimal(l.unit_price).toFixed(),
      taxRate: new Decimal(l.tax_rate).toFixed(),
      depotId: body.depotId ?? Number(l.depot_id),
      linkId: Number(l.item_id),
      ...(l.batch_number && { batchNumber: l.batch_number }),
      ...(l.expiration_date && { expirationDate: l.expiration_date }),
      ...(l.sn_list && { snList: l.sn_list }),
    })),
  });
  const inbound = await addDocument(c, input);
  await tx.query(`update arrival_advice set status = 'received', inbound_id = $3 where tenant_id = $1 and id = $2`, [session.tenantId, advice.id, inbound.id]);
  await logWrite(tx, session, c.ip, 'toInbound', 'arrivalAdvice', [advice.id], { inbound: inbound.number });
  const event = { adviceId: Number(advice.id), inboundId: inbound.id, inboundNumber: inbound.number, supplierId: Number(advice.supplier_id) };
  for (const hook of hooks) await hook(c, event);
  return { id: inbound.id, number: inbound.number };
}
