import type { Payload } from './request-adapters.ts';
import { searchOf } from './search-text.ts';

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

type Reroute = (p: Payload) => { path: string; query: Record<string, unknown>; reply: (out: Envelope, ctx: { get: Get }) => unknown };
const WAIT_FILTERS = ['type', 'subType', 'status', 'number', 'materialParam', 'beginTime', 'endTime'];

/**
 * WaitBillList.vue / BatchWaitBillList.vue (其它入库/其它出库's 选择单据): the audited or partly done documents of
 * several sub types at once ('采购,销售退货', status '1,3'). The total is our waitBillCount of the same filters (which
 * validates them); the page is each sub type's list as the caller (its data scope and own-data rule), merged newest
 * first — each list asked for as many rows as the page ends at (at most 1000).
 */
export const waitBillList: Reroute = ({ query }) => {
  const f = searchOf(query);
  const filters = Object.fromEntries(WAIT_FILTERS.filter((k) => f[k] !== undefined && f[k] !== null && f[k] !== '').map((k) => [k, f[k]]));
  const page = Math.max(1, Number(query.currentPage) || 1);
  const size = Math.min(1000, Math.max(1, Number(query.pageSize) || 10));
  return {
    path: '/depotHead/waitBillCount',
    query: filters,
    reply: async (out, { get }) => {
      const total = (out.data as { total?: number }).total ?? 0;
      const upTo = Math.min(1000, page * size);
      const lists = await Promise.all(
        String(filters.subType ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(async (subType) => {
            const q = new URLSearchParams(Object.entries({ ...filters, subType, currentPage: '1', pageSize: String(upTo) }).map(([k, v]) => [k, String(v)]));
            return (((await get(`/depotHead/list?${q.toString()}`)) as { rows?: Row[] } | null)?.rows ?? []) as Row[];
          }),
      );
      const rows = lists
        .flat()
        .sort((a, b) => String(b.operTime).localeCompare(String(a.operTime)) || Number(b.id) - Number(a.id))
        .slice((page - 1) * size, page * size)
        .map((r) => ({ ...r, operTimeStr: r.operTime, userName: r.creatorName, materialCount: r.totalNumber }));
      return { ...out, data: { rows, total } };
    },
  };
};

/** jshERP's text for a barcode in the picker: 条码_名称(助记码)(规格)(型号)(颜色)(单位), the empty parts left out. */
const materialStr = (r: Row) =>
  `${String(r.barCode)}_${String(r.name)}${[r.mnemonic, r.standard, r.model, r.color, r.commodityUnit ?? r.unit]
    .filter((x) => x !== null && x !== undefined && x !== '')
    .map((x) => `(${String(x)})`)
    .join('')}`;

/**
 * JEditableTable's 条码 cell (JSelectList.vue: the bill forms' lines): the first 20 barcodes of enabled materials
 * matching the keyword, as {barCode, materialStr}, from our material picker (/material/findBySelect: barcode, name,
 * model or mnemonic — jshERP also matches the specification).
 */
export const materialByParam: Reroute = ({ query }) => ({
  path: '/material/findBySelect',
  query: { ...(typeof query.q === 'string' && query.q.trim() ? { q: query.q } : {}), currentPage: 1, pageSize: 20 },
  reply: (out) => ({ ...out, data: ((out.data as { rows?: Row[] }).rows ?? []).map((r) => ({ barCode: r.barCode, materialStr: materialStr(r) })) }),
});
