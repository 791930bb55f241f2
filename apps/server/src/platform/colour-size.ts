/**
 * Colour × size variants (shoes, clothes): a SKU written as colour and size ("红色,38", "红色/38", "黑色|XL").
 * Shared by quality's outgoing-inspection grid and manufacturing's quantity grid (尺码横排).
 */

/** A SKU as colour and size: two non-empty parts, else null. */
export function colourSize(sku: string | null | undefined): { colour: string; size: string } | null {
  const parts = (sku ?? '').split(/[,，/|]/).map((p) => p.trim());
  return parts.length === 2 && parts[0] && parts[1] ? { colour: parts[0], size: parts[1] } : null;
}

/** Sizes in their natural order: numbers by value (36, 37 … 44), then the rest (S, M, L …) as first met. */
export const bySize = (a: string, b: string) => {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return Number.isFinite(na) ? -1 : Number.isFinite(nb) ? 1 : 0;
};
