import Decimal from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { PER_UNIT, PLAN_BOMS } from './bom-sql.ts';

export interface CostRollup {
  materialCost: string;
  operationCost: string;
  total: string;
  unitCost: string;
}

/**
 * The cost of `qty` of a product from its BOM and route (the quotation's price basis): bought
 * components at their purchase price, plus each made level's operations — setup once plus run per
 * unit — at its work centre's hourly rate. Phantoms are exploded through.
 */
export async function costRollup(tx: Tx, tenantId: number, materialId: number, qty: string): Promise<CostRollup> {
  const r = await tx.one<{ material: string | null; operation: string | null }>(
    `with recursive pb as (${PLAN_BOMS}),
     tree(level, material_id, qty) as (
       select 0, $2::bigint, $3::numeric
       union all
       select t.level + 1, l.material_id, t.qty * ${PER_UNIT}
         from tree t join pb on pb.material_id = t.material_id join mfg_bom_line l on l.tenant_id = $1 and l.bom_id = pb.id
        where t.level < 30),
     price as (select distinct on (e.material_id) e.material_id, coalesce(e.purchase_decimal, 0) as p
                 from material_extend e where e.tenant_id = $1 and not e.delete_flag order by e.material_id, e.default_flag desc, e.id)
     select (select sum(t.qty * coalesce(pr.p, 0)) from tree t left join price pr on pr.material_id = t.material_id
              where t.level > 0 and not exists (select 1 from pb where pb.material_id = t.material_id)) as material,
            (select sum((o.setup_minutes + o.run_minutes * t.qty) / 60 * coalesce(w.cost_per_hour, 0))
               from tree t join pb on pb.material_id = t.material_id
               join mfg_route_operation o on o.tenant_id = $1 and o.route_id = pb.route_id
               join mfg_work_centre w on w.tenant_id = $1 and w.id = o.work_centre_id) as operation`,
    [tenantId, materialId, qty],
  );
  const m = new Decimal(r?.material ?? 0);
  const o = new Decimal(r?.operation ?? 0);
  const total = m.plus(o);
  return {
    materialCost: m.toFixed(2),
    operationCost: o.toFixed(2),
    total: total.toFixed(2),
    unitCost: new Decimal(qty).gt(0) ? total.div(qty).toFixed(6) : '0',
  };
}
