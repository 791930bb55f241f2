import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { planItems } from './results.service.ts';

export interface ListFilter {
  stage?: string;
  status?: string;
  number?: string;
  currentPage: number;
  pageSize: number;
}

const COLUMNS = `q.id, q.number, q.stage, q.status, q.source_kind as "sourceKind", q.source_number as "sourceNumber", q.batch_number as "batchNumber",
  q.lot_qty::float8 as "lotQty", q.held_qty::float8 as "heldQty", q.sample_size as "sampleSize", q.accept_number as "acceptNumber",
  q.reject_number as "rejectNumber", q.defective_qty as "defectiveQty", q.material_id as "materialId", m.name as "materialName",
  p.name as "partnerName", d.name as "depotName", u.username as "inspectorName", q.inspected_at as "inspectedAt", q.created_at as "createdAt",
  q.remark, q.pictures, q.template_id as "templateId"`;
const FROM = `from quality_inspection q
  join material m on m.tenant_id = q.tenant_id and m.id = q.material_id
  left join partner p on p.tenant_id = q.tenant_id and p.id = q.partner_id
  left join depot d on d.tenant_id = q.tenant_id and d.id = q.depot_id
  left join sys_user u on u.tenant_id = q.tenant_id and u.id = q.inspector_id`;

/** Inspections, newest first, by stage, status and number. */
export async function listInspections(tx: Tx, tenantId: number, f: ListFilter) {
  const where = ['q.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  if (f.stage) where.push(`q.stage = $${params.push(f.stage)}`);
  if (f.status) where.push(`q.status = $${params.push(f.status)}`);
  if (f.number) where.push(`(q.number ilike $${params.push(`%${f.number}%`)} or q.source_number ilike $${params.length})`);
  const w = where.join(' and ');
  const rows = await tx.query(`select ${COLUMNS} ${FROM} where ${w} order by q.id desc limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}`, params);
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from quality_inspection q where ${w}`, params);
  return { rows, total: total!.n };
}

/** One inspection with the items to enter (template limits applied), the values entered so far and its non-conformance records. */
export async function inspectionDetail(tx: Tx, tenantId: number, id: number) {
  const head = await tx.one<{ templateId: number }>(`select ${COLUMNS} ${FROM} where q.tenant_id = $1 and q.id = $2`, [tenantId, id]);
  if (!head) throw notFound('质检单不存在');
  const items = await planItems(tx, tenantId, head.templateId);
  const results = await tx.query(
    `select sample_no as "sampleNo", item_id as "itemId", value, ok, defect_type_id as "defectTypeId"
       from quality_inspection_result where tenant_id = $1 and inspection_id = $2 order by sample_no, item_id`,
    [tenantId, id],
  );
  const ncrs = await tx.query(
    `select n.id, n.number, n.qty::float8 as qty, n.disposition, n.status, n.remark, t.name as "defectTypeName", h.number as "returnNumber",
            s.number as "scrapNumber", mo.mo_no as "reworkOrder"
       from quality_nonconformance n left join defect_type t on t.tenant_id = n.tenant_id and t.id = n.defect_type_id
       left join mfg_make_order mo on mo.tenant_id = n.tenant_id and mo.id = n.rework_make_order_id
       left join depot_head h on h.tenant_id = n.tenant_id and h.id = n.return_header_id
       left join depot_head s on s.tenant_id = n.tenant_id and s.id = n.scrap_header_id
      where n.tenant_id = $1 and n.inspection_id = $2 order by n.id`,
    [tenantId, id],
  );
  return { ...head, items, results, ncrs };
}

/** The pending inspections an area opened for its sources (an operation report's work orders), per source id. */
export async function pendingInspectionsOf(tx: Tx, tenantId: number, sourceKind: string, sourceIds: number[]) {
  const rows = await tx.query<{ source_id: number; id: number; number: string; lot_qty: string }>(
    `select source_id::int as source_id, id::int as id, number, lot_qty::text as lot_qty from quality_inspection
      where tenant_id = $1 and source_kind = $2 and source_id = any($3::bigint[]) and status = 'pending' order by id`,
    [tenantId, sourceKind, sourceIds],
  );
  return rows.map((r) => ({ sourceId: Number(r.source_id), id: Number(r.id), number: r.number, lotQty: new Decimal(r.lot_qty).toFixed() }));
}
