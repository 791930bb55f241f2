import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';
import type { Template } from './template.ts';

/** What one label shows: the barcode's content and the fields a template may print. */
export interface LabelRecord {
  id: number;
  code: string;
  name: string;
  spec: string;
  model: string;
  unit: string;
  quantity: string;
  woNo: string;
  moNo: string;
}

type Row = {
  id: number;
  code: string | null;
  name: string;
  spec: string | null;
  model: string | null;
  unit: string | null;
  quantity: string | null;
  wo_no: string | null;
  mo_no: string | null;
};

const MATERIALS = `select m.id, (select e.bar_code from material_extend e where e.tenant_id = m.tenant_id and e.material_id = m.id and not e.delete_flag
           order by e.default_flag desc, e.id limit 1) as code,
         m.name, m.standard as spec, m.model, m.unit, null::text as quantity, null::text as wo_no, null::text as mo_no
    from material m where m.tenant_id = $1 and not m.delete_flag`;
const WORK_ORDERS = `select w.id, w.wo_no as code, m.name, m.standard as spec, m.model, m.unit, w.quantity::text as quantity, w.wo_no, o.mo_no
    from mfg_work_order w join material m on m.tenant_id = w.tenant_id and m.id = w.material_id
    left join mfg_make_order o on o.tenant_id = w.tenant_id and o.id = w.make_order_id
   where w.tenant_id = $1`;

const toRecord = (r: Row): LabelRecord => ({
  id: Number(r.id),
  code: r.code ?? '',
  name: r.name,
  spec: r.spec ?? '',
  model: r.model ?? '',
  unit: r.unit ?? '',
  quantity: r.quantity === null ? '' : new Decimal(r.quantity).toFixed(),
  woNo: r.wo_no ?? '',
  moNo: r.mo_no ?? '',
});

/** The records by id, in the order asked; an id of another company (or none) is refused like a missing one. */
export async function loadRecords(tx: Tx, tenantId: number, target: Template['target'], ids: number[]): Promise<LabelRecord[]> {
  const sql = `${target === 'material' ? MATERIALS : WORK_ORDERS} and ${target === 'material' ? 'm' : 'w'}.id = any($2::bigint[])`;
  const rows = await tx.query<Row>(sql, [tenantId, [...new Set(ids)]]);
  const byId = new Map(rows.map((r) => [Number(r.id), toRecord(r)]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw new BusinessError(target === 'material' ? `物料不存在（id ${id}）` : `工单不存在（id ${id}）`);
    if (!r.code) throw new BusinessError(`物料“${r.name}”没有条码，请先在物料资料中填写条码`);
    return r;
  });
}

/** Materials or work orders to pick from: by code or name, newest first, at most 50. */
export async function searchRecords(tx: Tx, tenantId: number, target: Template['target'], q: string): Promise<LabelRecord[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const sql =
    target === 'material'
      ? `select * from (${MATERIALS}) x where x.code is not null and ($2 = '%%' or x.name ilike $2 or x.code ilike $2) order by x.id desc limit 50`
      : `select * from (${WORK_ORDERS}) x where ($2 = '%%' or x.name ilike $2 or x.code ilike $2) order by x.id desc limit 50`;
  return (await tx.query<Row>(sql, [tenantId, like])).map(toRecord);
}
