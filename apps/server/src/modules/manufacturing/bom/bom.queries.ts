import type { Tx } from '../../../platform/db/database.ts';
import { PER_UNIT, PLAN_BOMS } from './bom-sql.ts';

export interface ExplodedLine {
  level: number;
  materialId: number;
  parentId: number;
  name: string;
  unit: string | null;
  qty: string;
  phantom: boolean;
  made: boolean;
}

/** The multi-level explosion of `qty` of a product through its planning BOMs, scrap included, depth first. */
export async function explodeBom(tx: Tx, tenantId: number, materialId: number, qty: string): Promise<ExplodedLine[]> {
  return tx.query<ExplodedLine>(
    `with recursive pb as (${PLAN_BOMS}),
     tree(level, material_id, parent_id, qty, phantom, sort) as (
       select 1, l.material_id, pb.material_id, $3::numeric * ${PER_UNIT}, l.phantom, array[coalesce(l.seq, 0), l.id::int]
         from pb join mfg_bom_line l on l.tenant_id = $1 and l.bom_id = pb.id where pb.material_id = $2
       union all
       select t.level + 1, l.material_id, pb.material_id, t.qty * ${PER_UNIT}, l.phantom, t.sort || array[coalesce(l.seq, 0), l.id::int]
         from tree t join pb on pb.material_id = t.material_id join mfg_bom_line l on l.tenant_id = $1 and l.bom_id = pb.id
        where t.level < 30)
     select t.level, t.material_id::int as "materialId", t.parent_id::int as "parentId", m.name, m.unit,
            trim_scale(round(t.qty, 6))::text as qty, t.phantom,
            exists (select 1 from pb where pb.material_id = t.material_id) as made
       from tree t join material m on m.tenant_id = $1 and m.id = t.material_id
      order by t.sort`,
    [tenantId, materialId, qty],
  );
}

/** Where a material is used: every product above it, level by level, with the BOM version that uses it. */
export async function whereUsed(tx: Tx, tenantId: number, materialId: number) {
  return tx.query(
    `with recursive up(level, material_id, bom_id, qty) as (
       select 1, b.material_id, b.id, l.qty from mfg_bom_line l join mfg_bom b on b.tenant_id = l.tenant_id and b.id = l.bom_id and not b.delete_flag
        where l.tenant_id = $1 and (l.material_id = $2 or l.substitute_id = $2)
       union all
       select u.level + 1, b.material_id, b.id, l.qty from up u
         join mfg_bom_line l on l.tenant_id = $1 and l.material_id = u.material_id
         join mfg_bom b on b.tenant_id = l.tenant_id and b.id = l.bom_id and not b.delete_flag
        where u.level < 30)
     select distinct u.level, u.material_id::int as "materialId", m.name, b.version, u.bom_id::int as "bomId", trim_scale(u.qty)::text as qty
       from up u join material m on m.tenant_id = $1 and m.id = u.material_id join mfg_bom b on b.tenant_id = $1 and b.id = u.bom_id
      order by u.level, m.name`,
    [tenantId, materialId],
  );
}
