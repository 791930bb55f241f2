import type { Session } from '../../../platform/auth/session.ts';
import { allowedIds } from '../../../platform/auth/data-scope.ts';
import type { Tx } from '../../../platform/db/database.ts';

/**
 * GET /depot/getAllListWithStock (jshERP's material form, its 仓库 tab): every warehouse the material's opening
 * stock may be set in — the enabled ones, and any other still holding an opening row for it, so saving the form
 * (which replaces the opening lines) never drops one — with the material's opening quantity, safety stocks and
 * current stock there. mId 0 (a new material) answers the warehouses with nothing set. Current stock shows only
 * in the warehouses the user may see (null elsewhere), as every stock read does.
 */
export async function depotsWithOpeningStock(tx: Tx, s: Session, materialId: number) {
  const scope = await allowedIds(tx, s, 'depot');
  const rows = await tx.query<{ id: number; name: string; initStock: number; lowSafeStock: number | null; highSafeStock: number | null; currentStock: number }>(
    `select d.id, d.name, coalesce(i.init_number, 0)::float8 as "initStock", i.low_safe_stock::float8 as "lowSafeStock",
            i.high_safe_stock::float8 as "highSafeStock",
            coalesce((select sum(b.qty) from stock_balance b where b.tenant_id = d.tenant_id and b.material_id = $2 and b.depot_id = d.id), 0)::float8 as "currentStock"
       from depot d
       left join material_initial_stock i on i.tenant_id = d.tenant_id and i.depot_id = d.id and i.material_id = $2
      where d.tenant_id = $1 and not d.delete_flag and (d.enabled or i.id is not null)
      order by d.sort nulls last, d.id`,
    [s.tenantId, materialId],
  );
  return rows.map((r) => ({ ...r, currentStock: scope && !scope.includes(Number(r.id)) ? null : r.currentStock }));
}

/**
 * GET /material/stockUnits: for each material named, its multi-unit's big unit (the first sub-unit) and how many
 * base units it holds — what stock "in the big unit" is worked out from — and its opening stock per warehouse
 * the user may see. Materials of one unit have bigUnit and ratio null.
 */
export async function materialStockUnits(tx: Tx, s: Session, ids: number[]) {
  const scope = await allowedIds(tx, s, 'depot');
  const params: unknown[] = [s.tenantId, ids];
  const inScope = scope ? `and i.depot_id = any($${params.push(scope)}::bigint[])` : '';
  const rows = await tx.query<{
    materialId: number;
    unitId: number | null;
    bigUnit: string | null;
    ratio: number | null;
    opening: Array<{ depotId: number; qty: number }>;
  }>(
    `select m.id as "materialId", m.unit_id as "unitId", u.other_unit as "bigUnit", u.ratio::float8 as ratio,
            coalesce((select json_agg(json_build_object('depotId', i.depot_id, 'qty', i.init_number::float8) order by i.depot_id)
                        from material_initial_stock i where i.tenant_id = m.tenant_id and i.material_id = m.id and i.init_number <> 0 ${inScope}), '[]') as opening
       from material m left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id and u.ratio <> 0 and u.other_unit is not null
      where m.tenant_id = $1 and m.id = any($2::bigint[])
      order by m.id`,
    params,
  );
  return rows.map((r) => ({
    ...r,
    materialId: Number(r.materialId),
    unitId: r.unitId === null ? null : Number(r.unitId),
    bigUnit: r.ratio ? r.bigUnit : null,
  }));
}
