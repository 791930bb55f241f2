import { Decimal } from 'decimal.js';
import { DOC_TYPE_BY_KEY } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { saveDocument, type DocumentInput } from '../../inventory/index.ts';

export type WoDocKind = 'productionPick' | 'backflush' | 'productionReturn' | 'finishedIn';

export interface DocLine {
  materialId: number;
  qty: Decimal;
  /** inbound lines: the unit cost they enter at */
  unitPrice?: Decimal;
}

/** The company's wall clock, as documents carry it. */
export const nowText = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** Each material's default barcode row (documents name a line by it). */
export async function extendIds(tx: Tx, tenantId: number, materialIds: number[]): Promise<Map<number, number>> {
  const rows = await tx.query<{ material_id: number; id: number }>(
    `select distinct on (material_id) material_id, id from material_extend
      where tenant_id = $1 and material_id = any($2::bigint[]) and not delete_flag order by material_id, default_flag desc, id`,
    [tenantId, materialIds],
  );
  return new Map(rows.map((r) => [Number(r.material_id), Number(r.id)]));
}

/**
 * Saves and approves an inventory document of one of the shop floor's types for a work order: it is
 * posted to the stock ledger like any other document (same locking, same reversal on un-audit), and
 * remembered as the work order's.
 */
export async function workOrderDocument(c: RequestCtx, kind: WoDocKind, woId: number, woNo: string, depotId: number, lines: DocLine[]) {
  const ext = await extendIds(
    c.tx,
    c.session.tenantId,
    lines.map((l) => l.materialId),
  );
  const doc = await saveWoDocument(c, kind, woNo, depotId, lines, ext);
  await c.tx.query('insert into sf_wo_document(tenant_id, header_id, work_order_id, kind) values ($1, $2, $3, $4)', [c.session.tenantId, doc.id, woId, kind]);
  return doc;
}

/** The document alone, its lines named by the barcode rows given (`ext`: material → barcode row); the caller links it to the work order. */
export async function saveWoDocument(
  c: RequestCtx,
  kind: WoDocKind,
  woNo: string,
  depotId: number,
  lines: DocLine[],
  ext: Map<number, number>,
  /** a back-dated report's time (补报): the document is dated then */
  operTime = nowText(),
) {
  const t = DOC_TYPE_BY_KEY[kind];
  const input: DocumentInput = {
    info: { type: t.type, subType: t.subType, operTime, remark: `工单 ${woNo}`, payType: '现付', status: '1' },
    rows: lines.map((l) => {
      const id = ext.get(l.materialId);
      if (!id) throw new BusinessError(`物料 ${l.materialId} 没有条码`);
      return { materialExtendId: id, operNumber: l.qty.toFixed(), depotId, ...(l.unitPrice && { unitPrice: l.unitPrice.toFixed() }) };
    }),
  };
  return saveDocument(c, input);
}

/** Per material, what the job's documents took out of stock net of returns: quantity and ledger value. */
export async function issuedOf(tx: Tx, tenantId: number, woIds: number[]): Promise<Map<number, { qty: Decimal; value: Decimal }>> {
  const rows = await tx.query<{ material_id: number; qty: string; value: string }>(
    `select l.material_id, -sum(l.qty_change) as qty, -sum(l.value_change) as value
       from sf_wo_document d join stock_ledger l on l.tenant_id = d.tenant_id and l.header_id = d.header_id
      where d.tenant_id = $1 and d.work_order_id = any($2::bigint[]) and d.kind in ('productionPick', 'backflush', 'productionReturn')
      group by l.material_id`,
    [tenantId, woIds],
  );
  return new Map(rows.map((r) => [Number(r.material_id), { qty: new Decimal(r.qty), value: new Decimal(r.value) }]));
}

/** The work order's material lines show what was issued (from the ledger, so reversals count), in one statement. */
export async function refreshIssued(tx: Tx, tenantId: number, materialWoId: number, jobIds: number[]) {
  await tx.query(
    `update mfg_work_order_material m set issued_qty = x.q, updated_at = now()
       from (select l.material_id as mid, -sum(l.qty_change) as q
               from sf_wo_document d join stock_ledger l on l.tenant_id = d.tenant_id and l.header_id = d.header_id
              where d.tenant_id = $1 and d.work_order_id = any($3::bigint[]) and d.kind in ('productionPick', 'backflush', 'productionReturn')
              group by l.material_id) x
      where m.tenant_id = $1 and m.work_order_id = $2 and m.material_id = x.mid`,
    [tenantId, materialWoId, jobIds],
  );
}
