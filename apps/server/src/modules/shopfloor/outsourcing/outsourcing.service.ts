import { Decimal } from 'decimal.js';
import { DOC_TYPE_BY_KEY } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { addValueToLine, saveDocument, type DocumentInput } from '../../inventory/index.ts';
import { chartOf, cr, dr, openItemFor, postEntry } from '../../finance/index.ts';
import { extendIds, nowText } from '../materials/work-order-documents.ts';
import { checkWorkOrder, linkToWorkOrder, reportOutsourced } from './outsource-work-order.ts';

const round = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

export interface SendInput {
  supplierId: number;
  fromDepotId: number;
  supplierDepotId: number;
  lines: Array<{ materialId: number; qty: string }>;
  /** the work order the materials go out for (optional) */
  workOrderId?: number;
}

export interface ReceiveInput {
  supplierId: number;
  supplierDepotId: number;
  toDepotId: number;
  productId: number;
  qty: string;
  components: Array<{ materialId: number; qty: string }>;
  /** the work order the goods come back for (optional) */
  workOrderId?: number;
}

async function checkSupplier(c: RequestCtx, supplierId: number) {
  const s = await c.tx.one<{ name: string }>("select name from partner where tenant_id = $1 and id = $2 and type = '供应商' and not delete_flag", [
    c.session.tenantId,
    supplierId,
  ]);
  if (!s) throw new BusinessError('委外供应商不存在');
  return s.name;
}

function rowsOf(ext: Map<number, number>, lines: Array<{ materialId: number; qty: string }>, extra: (l: { materialId: number }) => object) {
  return lines.map((l) => {
    const id = ext.get(l.materialId);
    if (!id) throw new BusinessError(`物料 ${l.materialId} 没有条码`);
    return { materialExtendId: id, operNumber: new Decimal(l.qty).toFixed(), ...extra(l) };
  });
}

/** 委外发料: materials move to the warehouse the outsourcing supplier holds (a transfer; stock stays ours). */
export async function sendToSupplier(c: RequestCtx, s: SendInput) {
  await checkSupplier(c, s.supplierId);
  if (s.fromDepotId === s.supplierDepotId) throw new BusinessError('发料仓库与委外仓库不能相同');
  await checkWorkOrder(c, s.workOrderId);
  const t = DOC_TYPE_BY_KEY.outsourceOut;
  const ext = await extendIds(
    c.tx,
    c.session.tenantId,
    s.lines.map((l) => l.materialId),
  );
  const input: DocumentInput = {
    info: { type: t.type, subType: t.subType, operTime: nowText(), organId: s.supplierId, payType: '现付', status: '1' },
    rows: rowsOf(ext, s.lines, () => ({ depotId: s.fromDepotId, anotherDepotId: s.supplierDepotId })),
  };
  const doc = await saveDocument(c, input);
  await linkToWorkOrder(c, doc.id, s.workOrderId);
  return { ...doc, message: '委外发料成功' };
}

/**
 * 委外入库: the finished goods come back; the components they used leave the supplier's warehouse and
 * give the goods their value, the supplier's fee (outsourcing price × quantity) is added to it and
 * owed to the supplier through the finance journal (an open payable item).
 */
export async function receiveFromSupplier(c: RequestCtx, r: ReceiveInput) {
  const { tx, session } = c;
  const name = await checkSupplier(c, r.supplierId);
  if (r.workOrderId) await reportOutsourced(c, r.workOrderId, r.productId, r.qty, name);
  const price = await tx.one<{ price: string }>('select price from sf_outsource_price where tenant_id = $1 and supplier_id = $2 and material_id = $3', [
    session.tenantId,
    r.supplierId,
    r.productId,
  ]);
  if (!price) throw new BusinessError(`请先设置“${name}”的委外价格`);
  const fee = round(new Decimal(price.price).times(r.qty));
  const t = DOC_TYPE_BY_KEY.outsourceIn;
  const ext = await extendIds(tx, session.tenantId, [r.productId, ...r.components.map((l) => l.materialId)]);
  const input: DocumentInput = {
    info: { type: t.type, subType: t.subType, operTime: nowText(), organId: r.supplierId, payType: '现付', status: '1' },
    rows: [
      ...rowsOf(ext, [{ materialId: r.productId, qty: r.qty }], () => ({ depotId: r.toDepotId, materialType: '组合件' as const })),
      ...rowsOf(ext, r.components, () => ({ depotId: r.supplierDepotId, materialType: '普通子件' as const })),
    ],
  };
  const doc = await saveDocument(c, input);
  const line = await tx.one<{ id: number }>('select id from depot_item where tenant_id = $1 and header_id = $2 and not delete_flag order by line_no limit 1', [
    session.tenantId,
    doc.id,
  ]);
  await addValueToLine(tx, session.tenantId, doc.id, { itemId: Number(line!.id), materialId: r.productId, depotId: r.toDepotId }, fee);
  if (fee.gt(0)) {
    const chart = await chartOf(tx, session.tenantId);
    const day = nowText().slice(0, 10);
    const openItem = await openItemFor(tx, session.tenantId, { kind: 'depot', id: doc.id, account: chart.payable, partner: r.supplierId, sign: -1, date: day });
    await postEntry(
      tx,
      session.tenantId,
      { kind: 'depot', id: doc.id },
      day,
      [dr(chart.inventory, fee), cr(chart.payable, fee, { partner: r.supplierId, openItem })],
      session.userId,
    );
  }
  await linkToWorkOrder(c, doc.id, r.workOrderId);
  return { ...doc, fee: fee.toFixed(), message: '委外入库成功' };
}
