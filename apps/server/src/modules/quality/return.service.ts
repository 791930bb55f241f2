import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { addDocument, documentSaveSchema } from '../inventory/index.ts';
import { release } from './quarantine.ts';
import { lockInspection, lotOf } from './inspection.service.ts';
import { nowText } from './disposition.service.ts';

/**
 * Returns a failed incoming lot to its supplier in one step: what it holds in quarantine goes back to
 * its warehouse and leaves at once on an audited purchase return (退货) at the price it came in at;
 * the non-conformance record closes with the return's number.
 */
export async function returnToSupplier(c: RequestCtx, id: number) {
  const r = await lockInspection(c, id);
  if (r.status !== 'fail') throw new BusinessError(`质检单 ${r.number} 未判定不合格，不能退货`);
  if (r.source_kind !== 'purchaseIn' || !r.source_item_id) throw new BusinessError(`质检单 ${r.number} 不是采购入库的来料检验，不能退货给供应商`);
  const held = new Decimal(r.held_qty);
  if (held.lte(0)) throw new BusinessError(`质检单 ${r.number} 已没有待检隔离的货物`);
  const rework = await c.tx.one<{ mo_no: string }>(
    `select m.mo_no from quality_nonconformance n join mfg_make_order m on m.tenant_id = n.tenant_id and m.id = n.rework_make_order_id
      where n.tenant_id = $1 and n.inspection_id = $2 and n.status = 'open' limit 1`,
    [c.session.tenantId, id],
  );
  if (rework) throw new BusinessError(`质检单 ${r.number} 的货物正在返工（返工单 ${rework.mo_no}），返工完成并复检后再处理`);
  const src = (await c.tx.one<{ material_extend_id: number; oper_number: string; basic_number: string; all_price: string }>(
    `select material_extend_id, oper_number::text, basic_number::text, all_price::text from depot_item where tenant_id = $1 and id = $2`,
    [c.session.tenantId, r.source_item_id],
  ))!;
  const base = new Decimal(src.basic_number);
  const ratio = new Decimal(src.oper_number).div(base);
  const unitPrice = new Decimal(src.all_price).div(src.oper_number);
  await release(c.tx, c.session.tenantId, lotOf(r), held, 'quality-return');
  const input = documentSaveSchema.parse({
    info: {
      type: '出库',
      subType: '采购退货',
      operTime: nowText(),
      organId: r.partner_id ?? undefined,
      status: '1',
      remark: `质检不合格退货：${r.number}（来源 ${r.source_number}）`,
    },
    rows: [
      {
        materialExtendId: Number(src.material_extend_id),
        operNumber: held.times(ratio).toDecimalPlaces(3).toFixed(),
        unitPrice: unitPrice.toDecimalPlaces(3).toFixed(),
        depotId: r.depot_id!,
        ...(r.batch_number && { batchNumber: r.batch_number }),
      },
    ],
  });
  const doc = await addDocument(c, input);
  await c.tx.query(
    `update quality_nonconformance set status = 'closed', disposition = 'return', return_header_id = $3 where tenant_id = $1 and inspection_id = $2 and status = 'open'`,
    [c.session.tenantId, id, doc.id],
  );
  return { returnId: doc.id, returnNumber: doc.number, message: '退货成功' };
}
