import { Decimal } from 'decimal.js';

type Envelope = { code?: number; data?: unknown };
type Row = Record<string, unknown>;
/** GET one of our routes as the caller; null when it refuses. */
type Get = (url: string) => Promise<unknown>;
interface StockUnit {
  materialId: number;
  bigUnit: string | null;
  ratio: number | null;
  opening: Array<{ depotId: number; qty: number }>;
}

/**
 * Stock in the multi-unit's big unit as jshERP's tooltips show it (its MaterialService.getBigUnitStock): the
 * quantity over the first sub-unit's ratio, rounded half up to 2 decimals, then the unit's name ("2.50箱");
 * '' for a material of one unit.
 */
export const bigUnitText = (qty: unknown, u: StockUnit | undefined): string =>
  u?.bigUnit && u.ratio && typeof qty === 'number'
    ? `${new Decimal(String(qty)).div(String(u.ratio)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)}${u.bigUnit}`
    : '';

const idsOf = (rows: Row[], key: string) => [...new Set(rows.map((r) => r[key]).filter((id): id is number => typeof id === 'number'))];

/** Our /material/stockUnits for a page's materials, asked as the caller in one call: big unit, ratio, opening stock per warehouse. */
async function stockUnits(get: Get, ids: number[]): Promise<Map<number, StockUnit>> {
  if (!ids.length) return new Map();
  const found = ((await get(`/material/stockUnits?ids=${ids.join(',')}`)) ?? []) as StockUnit[];
  return new Map(found.map((u) => [u.materialId, u]));
}

/**
 * MaterialList.vue's 库存 column (`stock`): the current stock of each material on the page, summed over the
 * warehouses the user may see, asked of our /material/currentStock as the caller in one call for the page
 * (one read of the stock balances); and the tooltips of 初始库存 and 库存 in the big unit (bigUnitInitialStock,
 * bigUnitStock). Our own material list carries no stock (SPEC's product list has none).
 */
export async function materialListStock(out: Envelope, { get }: { get: Get }) {
  const data = out.data as { rows?: Row[] };
  const rows = data.rows ?? [];
  const ids = idsOf(rows, 'id');
  if (!ids.length) return out;
  const stock = ((await get(`/material/currentStock?ids=${ids.join(',')}`)) ?? []) as Array<{ materialId: number; stock: number }>;
  const byId = new Map(stock.map((s) => [s.materialId, s.stock]));
  const units = await stockUnits(get, ids);
  return {
    ...out,
    data: {
      ...data,
      rows: rows.map((r) => {
        const u = units.get(r.id as number);
        const current = byId.get(r.id as number) ?? null;
        return { ...r, stock: current, bigUnitStock: bigUnitText(current, u), bigUnitInitialStock: bigUnitText(r.initialStock, u) };
      }),
    },
  };
}

/**
 * A stock report's rows (one per material and warehouse) with jshERP's 库存 tooltip in the big unit
 * (`bigUnitStock`, from the row's `qtyKey`) and, where `opening` is asked, 初始库存 (`initialStock`: the
 * opening stock set on the material for the row's warehouse).
 */
export async function withBigUnitStock(out: Envelope, get: Get, qtyKey: string, opening = false) {
  const data = out.data as { rows?: Row[] };
  const rows = data.rows ?? [];
  const units = await stockUnits(get, idsOf(rows, 'id'));
  const initial = (r: Row) => units.get(r.id as number)?.opening.find((o) => o.depotId === r.depotId)?.qty ?? 0;
  return {
    ...out,
    data: {
      ...data,
      rows: rows.map((r) => ({ ...r, bigUnitStock: bigUnitText(r[qtyKey], units.get(r.id as number)), ...(opening ? { initialStock: initial(r) } : {}) })),
    },
  };
}
