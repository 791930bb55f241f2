import { Decimal } from 'decimal.js';
import { DOC_TYPE_BY_KEY } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { saveDocument, type DocumentInput } from '../../inventory/index.ts';
import { extendIds, nowText } from '../materials/work-order-documents.ts';

export interface PartsIssue {
  repairOrderId: number;
  depotId: number;
  lines: Array<{ materialId: number; qty: string }>;
}

async function repairOf(tx: Tx, tenantId: number, id: number) {
  const r = await tx.one<{ repair_no: string; status: string }>('select repair_no, status from sf_repair_order where tenant_id = $1 and id = $2', [
    tenantId,
    id,
  ]);
  if (!r) throw new BusinessError('维修单不存在');
  return r;
}

/** The parts a repair took from stock, net of reversed documents, at ledger cost; and their total: the repair's cost. */
export async function repairParts(tx: Tx, tenantId: number, repairOrderId: number) {
  await repairOf(tx, tenantId, repairOrderId);
  const rows = await tx.query<{ materialId: number; name: string; qty: string; cost: string }>(
    `select l.material_id::int as "materialId", m.name, (-sum(l.qty_change))::text as qty, (-sum(l.value_change))::text as cost
       from sf_repair_part p join stock_ledger l on l.tenant_id = p.tenant_id and l.header_id = p.header_id
       join material m on m.tenant_id = l.tenant_id and m.id = l.material_id
      where p.tenant_id = $1 and p.repair_order_id = $2
      group by l.material_id, m.name having sum(l.qty_change) <> 0 or sum(l.value_change) <> 0 order by m.name`,
    [tenantId, repairOrderId],
  );
  const cost = rows.reduce((s, r) => s.plus(r.cost), new Decimal(0));
  return { rows, cost: cost.toFixed(2) };
}

/**
 * 维修领料: spare parts out of a warehouse for a repair, as an approved 其它出库 document posted on the stock
 * ledger (the oversell refusal, locking, un-audit reversal and journal of any document), linked to the repair.
 */
export async function issueRepairParts(c: RequestCtx, p: PartsIssue) {
  const { tx, session } = c;
  const r = await repairOf(tx, session.tenantId, p.repairOrderId);
  if (r.status === 'closed') throw new BusinessError(`维修单 ${r.repair_no} 已关闭，不能领用备件`);
  const lines = p.lines.filter((l) => new Decimal(l.qty).gt(0));
  if (!lines.length) throw new BusinessError('请填写领用的备件和数量');
  const ext = await extendIds(
    tx,
    session.tenantId,
    lines.map((l) => l.materialId),
  );
  const t = DOC_TYPE_BY_KEY.otherOut;
  const input: DocumentInput = {
    info: { type: t.type, subType: t.subType, operTime: nowText(), remark: `维修单 ${r.repair_no} 备件`, payType: '现付', status: '1' },
    rows: lines.map((l) => {
      const id = ext.get(l.materialId);
      if (!id) throw new BusinessError(`物料 ${l.materialId} 不存在或没有条码`);
      return { materialExtendId: id, operNumber: new Decimal(l.qty).toFixed(), depotId: p.depotId };
    }),
  };
  const doc = await saveDocument(c, input);
  await tx.query('insert into sf_repair_part(tenant_id, header_id, repair_order_id) values ($1, $2, $3)', [session.tenantId, doc.id, p.repairOrderId]);
  const parts = await repairParts(tx, session.tenantId, p.repairOrderId);
  return { ...doc, ...parts, message: '备件领用成功' };
}
