import type { Payload } from './request-adapters.ts';

type Envelope = { code?: number; data?: unknown };
type Row = Record<string, unknown>;
/** GET one of our routes as the caller; null when it refuses. */
type Get = (url: string) => Promise<unknown>;

/** The price a new line of a document starts at, by jshERP's number prefix (its getMaterialByBarCode). */
const priceFor = (prefixNo: unknown, m: Row) => {
  const p = String(prefixNo ?? '');
  if (p === 'LSCK' || p === 'LSTH') return m.commodityDecimal;
  if (p === 'XSDD' || p === 'XSCK' || p === 'XSTH') return m.wholesaleDecimal;
  return m.purchaseDecimal;
};

/**
 * BillModalMixin.scanPressEnter reads the scanned barcode as a list of lines ready for its table: the
 * warehouse (the one asked for, else the user's default), its stock there, the unit and the price for the
 * document being written (billPrice), tax at 0. Ours answers the material and barcode; the warehouse and
 * stock are asked of our own routes as the caller, so the data scope applies.
 */
export async function scannedLine(out: Envelope, { query, get }: Payload & { get: Get }) {
  const m = out.data as Row | null;
  if (!m) return { ...out, data: [] };
  let depotId = query.depotId ? Number(query.depotId) : undefined;
  if (!depotId) {
    const depots = ((await get('/depot/findDepotByCurrentUser')) ?? []) as Array<{ id: number; isDefault?: boolean }>;
    depotId = (depots.find((d) => d.isDefault) ?? depots[0])?.id;
  }
  const stock = depotId
    ? ((await get(`/depotItem/findStockByDepotAndBarCode?depotId=${depotId}&barCode=${encodeURIComponent(String(m.barCode))}`)) as { stock?: unknown } | null)
    : null;
  const billPrice = priceFor(query.prefixNo, m) ?? null;
  return {
    ...out,
    data: [{ ...m, depotId, stock: stock?.stock ?? 0, billPrice, taxRate: 0, taxMoney: 0, taxLastMoney: billPrice, mBarCode: m.barCode }],
  };
}
