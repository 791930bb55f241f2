import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { createInspectionFor } from './inspection.service.ts';
import { templateFor } from './sampling.ts';

interface SaleLine {
  id: number;
  material_id: number;
  depot_id: number;
  batch_number: string | null;
  qty: string;
  organ_id: number | null;
  number: string;
  name: string;
  verdict: string | null;
}

async function saleLines(tx: Tx, tenantId: number, where: string, arg: unknown): Promise<SaleLine[]> {
  return tx.query<SaleLine>(
    `select i.id, i.material_id, i.depot_id, i.batch_number, i.basic_number::text as qty, h.organ_id, h.number, m.name,
            (select string_agg(q.status, ',' order by q.id desc) from quality_inspection q
              where q.tenant_id = h.tenant_id and q.source_kind = 'saleOut' and q.source_item_id = i.id) as verdict
       from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
       join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
      where h.tenant_id = $1 and ${where} and h.doc_key = 'saleOut' and not h.delete_flag order by i.line_no`,
    [tenantId, arg],
  );
}

/** Opens the outgoing inspections of an unaudited sale outbound: one per line with an outgoing template and none open or passed yet. */
export async function createOutgoingForSale(tx: Tx, session: Session, number: string) {
  const lines = await saleLines(tx, session.tenantId, 'h.number = $2', number);
  if (!lines.length) throw notFound('销售出库单不存在');
  const created: string[] = [];
  for (const l of lines) {
    if (l.verdict && /pending|pass|concession/.test(l.verdict)) continue;
    const r = await createInspectionFor(tx, session.tenantId, session.userId, {
      stage: 'outgoing',
      sourceKind: 'saleOut',
      sourceId: null,
      sourceItemId: l.id,
      sourceNumber: l.number,
      partnerId: l.organ_id,
      materialId: l.material_id,
      depotId: l.depot_id,
      batch: l.batch_number,
      qty: new Decimal(l.qty),
    });
    if (r) created.push(r.number);
  }
  if (!created.length) throw new BusinessError(`销售出库单 ${number} 没有需要出货检验的商品`);
  return { numbers: created, message: '已生成出货检验单' };
}

/** A sale outbound is audited only when every line whose material has an outgoing template passed (or was conceded) its outgoing inspection. */
export async function refuseUninspectedSale(tx: Tx, tenantId: number, headerId: number) {
  const lines = await saleLines(tx, tenantId, 'h.id = $2', headerId);
  for (const l of lines) {
    const ok = l.verdict?.split(',')[0];
    if (ok === 'pass' || ok === 'concession') continue;
    if (!(await templateFor(tx, tenantId, l.material_id, 'outgoing'))) continue;
    throw new BusinessError(`商品“${l.name}”须先通过出货检验才能审核销售出库单 ${l.number}（在出货检验中为本单生成质检单）`);
  }
}
