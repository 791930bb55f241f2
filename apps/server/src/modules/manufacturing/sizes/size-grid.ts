import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { bySize } from '../../../platform/colour-size.ts';

/**
 * 尺码横排 (issue 16): variants are kept as materials of one name and model (a style) with their 颜色 (colour) and
 * 规格 (the size) — as quality's outgoing grid reads them. A grid is one style: colours × sizes, a cell per variant.
 */
export interface Variant {
  materialId: number;
  colour: string;
  size: string;
}

export interface Style {
  key: string;
  name: string;
  colours: string[];
  sizes: string[];
  variants: Variant[];
}

/** One cell of a grid with its quantity (a make order line, a day's tasks, a planned make order). */
export interface SizeCell extends Variant {
  quantity: string;
}

export const cellKey = (colour: string, size: string) => `${colour}\u0000${size}`;

/**
 * The styles of some materials: every live, enabled variant of the same name and model with a colour and a size.
 * A material without colour or size is in no style. One statement.
 */
export async function stylesOf(tx: Tx, tenantId: number, materialIds: number[]) {
  const rows = materialIds.length
    ? await tx.query<{ id: number; name: string; model: string | null; colour: string; size: string }>(
        `select distinct m.id::int as id, m.name, m.model, trim(m.color) as colour, trim(m.standard) as size
           from material s join material m on m.tenant_id = s.tenant_id and m.name = s.name and coalesce(m.model, '') = coalesce(s.model, '')
          where s.tenant_id = $1 and s.id = any($2::bigint[]) and coalesce(trim(s.color), '') <> '' and coalesce(trim(s.standard), '') <> ''
            and not m.delete_flag and m.enabled and coalesce(trim(m.color), '') <> '' and coalesce(trim(m.standard), '') <> ''
          order by 1`,
        [tenantId, materialIds],
      )
    : [];
  const styles = new Map<string, Style>();
  /** the style each material belongs to */
  const byMaterial = new Map<number, Style>();
  for (const r of rows) {
    const key = `${r.name}\u0000${r.model ?? ''}`;
    const st = styles.get(key) ?? { key, name: r.model ? `${r.name} ${r.model}` : r.name, colours: [], sizes: [], variants: [] };
    styles.set(key, st);
    // one variant per colour and size (the first made)
    if (st.variants.some((v) => v.colour === r.colour && v.size === r.size)) continue;
    if (!st.colours.includes(r.colour)) st.colours.push(r.colour);
    if (!st.sizes.includes(r.size)) st.sizes.push(r.size);
    st.variants.push({ materialId: r.id, colour: r.colour, size: r.size });
    byMaterial.set(r.id, st);
  }
  for (const st of styles.values()) st.sizes.sort(bySize);
  return { styles: [...styles.values()], byMaterial };
}

/** Row (per colour) and column (per size) totals and the grand total of a grid's cells. */
export function totals(cells: Array<{ colour: string; size: string; quantity: string }>) {
  const byColour: Record<string, string> = {};
  const bySizeTotal: Record<string, string> = {};
  let total = new Decimal(0);
  for (const c of cells) {
    byColour[c.colour] = new Decimal(byColour[c.colour] ?? 0).plus(c.quantity).toFixed();
    bySizeTotal[c.size] = new Decimal(bySizeTotal[c.size] ?? 0).plus(c.quantity).toFixed();
    total = total.plus(c.quantity);
  }
  return { byColour, bySize: bySizeTotal, total: total.toFixed() };
}

/** A style's grid with the quantities of some materials (summed per variant), for the screens. */
export function gridOf(style: Style, quantities: Array<{ material_id: number; quantity: string }>) {
  const per = new Map<number, Decimal>();
  for (const q of quantities) per.set(q.material_id, (per.get(q.material_id) ?? new Decimal(0)).plus(q.quantity));
  const cells: SizeCell[] = style.variants.filter((v) => per.has(v.materialId)).map((v) => ({ ...v, quantity: per.get(v.materialId)!.toFixed() }));
  return { key: style.key, name: style.name, colours: style.colours, sizes: style.sizes, variants: style.variants, cells, ...totals(cells) };
}
