import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';

/**
 * A BOM cycle: a product that, through the live BOMs of the company (any version), needs itself.
 * Returns the material names along the cycle, first and last the same, or undefined.
 */
export async function findBomCycle(tx: Tx, tenantId: number, bomId: number): Promise<string[] | undefined> {
  const r = await tx.one<{ names: string[] }>(
    `with recursive walk(material_id, path) as (
       select l.material_id, array[b.material_id, l.material_id]
         from mfg_bom b join mfg_bom_line l on l.tenant_id = b.tenant_id and l.bom_id = b.id
        where b.tenant_id = $1 and b.id = $2
       union all
       select l.material_id, w.path || l.material_id
         from walk w
         join mfg_bom b on b.tenant_id = $1 and b.material_id = w.material_id and not b.delete_flag
         join mfg_bom_line l on l.tenant_id = b.tenant_id and l.bom_id = b.id
        where not (w.material_id = any(w.path[1:cardinality(w.path) - 1])) and cardinality(w.path) < 60)
     select (select array_agg(m.name order by p.i) from unnest(w.path) with ordinality p(id, i)
               join material m on m.tenant_id = $1 and m.id = p.id) as names
       from walk w where w.material_id = w.path[1] limit 1`,
    [tenantId, bomId],
  );
  return r?.names;
}

export async function refuseBomCycle(tx: Tx, tenantId: number, bomId: number): Promise<void> {
  const cycle = await findBomCycle(tx, tenantId, bomId);
  if (cycle) throw new BusinessError(`BOM存在循环引用：${cycle.join(' → ')}`);
}
