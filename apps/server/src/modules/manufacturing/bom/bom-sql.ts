/**
 * The BOM each product is planned with: its default version, else its newest enabled one. A CTE body
 * over $1 (the tenant), used by the explosion, where-used, the cost roll-up and MRP.
 */
export const PLAN_BOMS = `select distinct on (b.material_id) b.id, b.material_id, b.qty, b.route_id
    from mfg_bom b where b.tenant_id = $1 and not b.delete_flag and b.enabled
   order by b.material_id, b.is_default desc, b.id desc`;

/** Component quantity per unit of the parent, scrap included: qty / output × (1 + scrap%). */
export const PER_UNIT = `(l.qty / pb.qty * (1 + coalesce(l.scrap_rate, 0) / 100))`;
