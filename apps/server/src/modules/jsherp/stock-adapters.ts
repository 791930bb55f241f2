type Envelope = { code?: number; data?: unknown };
type Row = Record<string, unknown>;
/** GET one of our routes as the caller; null when it refuses. */
type Get = (url: string) => Promise<unknown>;

/**
 * MaterialList.vue's 库存 column (`stock`): the current stock of each material on the page, summed over the
 * warehouses the user may see, asked of our /material/currentStock as the caller in one call for the page
 * (one read of the stock balances). Our own material list carries no stock (SPEC's product list has none).
 */
export async function materialListStock(out: Envelope, { get }: { get: Get }) {
  const data = out.data as { rows?: Row[] };
  const rows = data.rows ?? [];
  const ids = rows.map((r) => r.id).filter((id): id is number => typeof id === 'number');
  if (!ids.length) return out;
  const stock = ((await get(`/material/currentStock?ids=${ids.join(',')}`)) ?? []) as Array<{ materialId: number; stock: number }>;
  const byId = new Map(stock.map((s) => [s.materialId, s.stock]));
  return { ...out, data: { ...data, rows: rows.map((r) => ({ ...r, stock: byId.get(r.id as number) ?? null })) } };
}
