import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { bySize, colourSize } from '../../platform/colour-size.ts';

// a shipped line's SKU as colour and size (shared with manufacturing's quantity grid)
export { colourSize };

/**
 * Where a shipped line sits in a grid: a two-part SKU of its barcode (one material, its SKUs), else the material's own
 * colour (颜色) and specification (规格, the size) — variants kept as materials of one name and model, one grid per style.
 */
export function cellOf(l: { material_id: number; name: string; model: string | null; color: string | null; standard: string | null; sku: string | null }) {
  const sku = colourSize(l.sku);
  if (sku) return { key: `m${l.material_id}`, title: l.name, ...sku };
  const colour = l.color?.trim();
  const size = l.standard?.trim();
  if (!colour || !size) return null;
  const model = l.model?.trim();
  return { key: `s${l.name}\u0000${model ?? ''}`, title: model ? `${l.name} ${model}` : l.name, colour, size };
}

export interface GridCell {
  colour: string;
  size: string;
  inspectionId: number;
  inspectionNumber: string;
  status: string;
  lotQty: string;
  sampleSize: number;
  defective: number;
}

/**
 * The outgoing inspections of a sale outbound as colour × size grids (SPEC "outgoing shoes"): one grid per material
 * (SKU lines) or style (variants with colour and size), one cell per colour and size with the latest inspection of its line.
 */
export async function outgoingGrid(tx: Tx, tenantId: number, number: string) {
  const head = await tx.one<{ id: number }>(`select id from depot_head where tenant_id = $1 and number = $2 and doc_key = 'saleOut' and not delete_flag`, [
    tenantId,
    number,
  ]);
  if (!head) throw notFound('销售出库单不存在');
  const rows = await tx.query<{
    material_id: number;
    name: string;
    model: string | null;
    color: string | null;
    standard: string | null;
    sku: string | null;
    id: number;
    number: string;
    status: string;
    lot_qty: string;
    sample_size: number;
    defective: number;
  }>(
    `select i.material_id::int as material_id, m.name, m.model, m.color, m.standard, i.sku, q.id::int as id, q.number, q.status, q.lot_qty::text as lot_qty, q.sample_size,
            coalesce(q.defective_qty, 0)::int as defective
       from depot_item i join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
       join lateral (select * from quality_inspection x where x.tenant_id = i.tenant_id and x.source_kind = 'saleOut' and x.source_item_id = i.id
                      order by x.id desc limit 1) q on true
      where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag order by i.line_no`,
    [tenantId, head.id],
  );
  const grids = new Map<string, { key: string; name: string; colours: string[]; sizes: string[]; cells: GridCell[] }>();
  for (const r of rows) {
    const at = cellOf(r);
    if (!at) continue;
    const g = grids.get(at.key) ?? { key: at.key, name: at.title, colours: [], sizes: [], cells: [] };
    grids.set(at.key, g);
    if (!g.colours.includes(at.colour)) g.colours.push(at.colour);
    if (!g.sizes.includes(at.size)) g.sizes.push(at.size);
    g.cells.push({
      colour: at.colour,
      size: at.size,
      inspectionId: r.id,
      inspectionNumber: r.number,
      status: r.status,
      lotQty: new Decimal(r.lot_qty).toFixed(),
      sampleSize: r.sample_size,
      defective: Number(r.defective),
    });
  }
  return { number, grids: [...grids.values()].map((g) => ({ ...g, sizes: [...g.sizes].sort(bySize) })) };
}
