import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { postMovements, type Movement } from './stock-ledger.ts';

/**
 * A material's opening stock per warehouse (material_initial_stock) enters the ledger as
 * 'opening' rows, so ledger sums always equal the balances. Changing it later posts only the
 * difference, valued at the base barcode's purchase price.
 */
export async function postOpeningStock(tx: Tx, tenantId: number, materialId: number): Promise<void> {
  const diff = await tx.query<{ depot_id: number; diff: string; price: string | null }>(
    `with wanted as (select depot_id, coalesce(init_number, 0) as q from material_initial_stock where tenant_id = $1 and material_id = $2),
          posted as (select depot_id, sum(qty_change) as q from stock_ledger
                      where tenant_id = $1 and material_id = $2 and header_id is null and reason = 'opening' group by depot_id)
     select coalesce(w.depot_id, p.depot_id) as depot_id, coalesce(w.q, 0) - coalesce(p.q, 0) as diff,
            (select purchase_decimal from material_extend e where e.tenant_id = $1 and e.material_id = $2 and e.default_flag and not e.delete_flag) as price
       from wanted w full join posted p on p.depot_id = w.depot_id
      where coalesce(w.q, 0) <> coalesce(p.q, 0)`,
    [tenantId, materialId],
  );
  if (!diff.length) return;
  const allowNegative = (await tx.one<{ f: boolean }>('select minus_stock_flag as f from system_config where tenant_id = $1', [tenantId]))!.f;
  const moves: Movement[] = diff.map((d) => ({
    itemId: null,
    materialId,
    depotId: d.depot_id,
    batch: '',
    qty: new Decimal(d.diff),
    unitCost: new Decimal(d.price ?? 0),
    reason: 'opening',
  }));
  await postMovements(tx, tenantId, null, moves, { allowNegative });
}
