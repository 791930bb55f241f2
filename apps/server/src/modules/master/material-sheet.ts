import Decimal from 'decimal.js';
import { ENTITIES } from '@erp/entities';
import type { HookCtx, SheetColumn, SheetHook } from '../../platform/crud/controller.ts';
import { cell } from '../../platform/crud/export.ts';
import { fromCell } from '../../platform/crud/import.ts';
import { BusinessError } from '../../platform/errors.ts';

/**
 * A material in its spreadsheet (docs/decisions.md "Material export and import"): one row per
 * barcode, the material's own columns repeated on each; the barcode columns after them; then three
 * columns per warehouse (opening quantity, min and max safety stock), filled on the material's
 * first row. Re-importing rebuilds the material with these barcodes and warehouse rows.
 */
const BARCODE_COLUMNS = [
  ['barCode', '条码'],
  ['commodityUnit', '条码单位'],
  ['purchaseDecimal', '采购价'],
  ['commodityDecimal', '零售价'],
  ['wholesaleDecimal', '销售价'],
  ['lowDecimal', '最低售价'],
  ['defaultFlag', '基础条码'],
] as const;
const STOCK_COLUMNS = [
  ['initNumber', '期初数量'],
  ['lowSafeStock', '最低安全库存'],
  ['highSafeStock', '最高安全库存'],
] as const;
const STOCK_HEADER = /^(期初数量|最低安全库存|最高安全库存)\[(.+)\]$/;

type Row = Record<string, unknown>;
const materialExtend = ENTITIES.materialExtend;
const materialInitialStock = ENTITIES.materialInitialStock;
const exact = (v: unknown) => (v === null || v === undefined ? '' : new Decimal(v as string).toString());
const barcodeColumns = (masked: boolean) => BARCODE_COLUMNS.filter(([k]) => !(masked && k === 'purchaseDecimal'));
const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

async function exportRows({ tx, session }: HookCtx, records: Row[]) {
  const ids = records.map((r) => Number(r.id));
  const codes = await tx.query<Row & { materialId: string }>(
    `select material_id::text as "materialId", bar_code as "barCode", commodity_unit as "commodityUnit", purchase_decimal::text as "purchaseDecimal",
            commodity_decimal::text as "commodityDecimal", wholesale_decimal::text as "wholesaleDecimal", low_decimal::text as "lowDecimal", default_flag as "defaultFlag"
       from material_extend where tenant_id = $1 and material_id = any($2::bigint[]) and not delete_flag order by material_id, not default_flag, id`,
    [session.tenantId, ids],
  );
  const stocks = await tx.query<{
    materialId: string;
    depotId: string;
    depot: string;
    initNumber: string | null;
    lowSafeStock: string | null;
    highSafeStock: string | null;
  }>(
    `select i.material_id::text as "materialId", i.depot_id::text as "depotId", d.name as depot, i.init_number::text as "initNumber",
            i.low_safe_stock::text as "lowSafeStock", i.high_safe_stock::text as "highSafeStock"
       from material_initial_stock i join depot d on d.tenant_id = i.tenant_id and d.id = i.depot_id
      where i.tenant_id = $1 and i.material_id = any($2::bigint[]) order by d.id`,
    [session.tenantId, ids],
  );
  const depots = [...new Map(stocks.map((s) => [s.depotId, s.depot])).entries()];
  const columns: SheetColumn[] = [
    ...barcodeColumns(session.priceMasked).map(([key, header]) => ({ key, header })),
    ...depots.flatMap(([id, name]) => STOCK_COLUMNS.map(([k, h]) => ({ key: `stock:${id}:${k}`, header: `${h}[${name}]` }))),
  ];
  const rows: Row[] = [];
  for (const r of records) {
    const mine = codes.filter((c) => Number(c.materialId) === Number(r.id));
    const first: Row = { ...r };
    for (const s of stocks.filter((x) => Number(x.materialId) === Number(r.id))) {
      for (const [k] of STOCK_COLUMNS) first[`stock:${s.depotId}:${k}`] = exact(s[k]);
    }
    // a material without barcodes (not possible through the API) still gets its row
    (mine.length ? mine : [{} as Row]).forEach((c: Row, i) => {
      const row: Row = i === 0 ? first : { ...r };
      for (const [k] of barcodeColumns(session.priceMasked)) {
        row[k] = k === 'defaultFlag' ? cell(materialExtend.fields.defaultFlag, c[k]) : k === 'barCode' || k === 'commodityUnit' ? (c[k] ?? '') : exact(c[k]);
      }
      rows.push(row);
    });
  }
  return { columns, rows };
}

/** The barcode lines of the rows that carry one; each cell read as the barcode entity's field. */
async function barcodeLines(c: HookCtx, cells: Row[]): Promise<Row[]> {
  const lines: Row[] = [];
  for (const row of cells) {
    const cols = barcodeColumns(c.session.priceMasked).filter(([, h]) => h in row);
    if (cols.every(([, h]) => isEmpty(row[h]))) continue;
    const line: Row = {};
    for (const [k, h] of cols) {
      const v = await fromCell(c.tx, c.session, materialExtend, materialExtend.fields[k], row[h]);
      if (v !== undefined) line[k] = v;
    }
    lines.push(line);
  }
  return lines;
}

/** Warehouse rows from the `…[warehouse]` columns (the first non-empty cell of the record's rows); undefined when the sheet has none. */
async function stockLines(c: HookCtx, cells: Row[]): Promise<{ lines: Row[]; named: Set<number> } | undefined> {
  const byDepot = new Map<string, Row>();
  for (const header of Object.keys(cells[0] ?? {})) {
    const m = STOCK_HEADER.exec(header);
    if (!m) continue;
    const key = STOCK_COLUMNS.find(([, h]) => h === m[1])![0];
    const value = cells.map((r) => r[header]).find((v) => !isEmpty(v));
    const line = byDepot.get(m[2]) ?? {};
    line[key] = value === undefined ? null : await fromCell(c.tx, c.session, materialInitialStock, materialInitialStock.fields[key], value);
    byDepot.set(m[2], line);
  }
  if (!byDepot.size) return undefined;
  const names = [...byDepot.keys()];
  const found = await c.tx.query<{ id: number; name: string }>(
    'select id, name from depot where tenant_id = $1 and name = any($2::text[]) and not delete_flag',
    [c.session.tenantId, names],
  );
  const unknown = names.filter((n) => !found.some((d) => d.name === n));
  if (unknown.length) throw new BusinessError(`仓库“${unknown.join('、')}”不存在`);
  // a warehouse whose cells are all empty has no row (an update removes it)
  const depots = names.map((n) => found.find((d) => d.name === n)!);
  const lines = depots.map((d): Row => ({ depotId: Number(d.id), ...byDepot.get(d.name) })).filter((l) => STOCK_COLUMNS.some(([k]) => l[k] !== null));
  return { lines, named: new Set(depots.map((d) => Number(d.id))) };
}

/**
 * Create or update by barcode: the record whose live barcodes include one of the sheet's is
 * updated (its barcodes become exactly the sheet's; warehouses not in the sheet are kept),
 * otherwise a new material is made. Barcodes of two different materials in one record are refused.
 */
async function importRecord(c: HookCtx, body: Row, cells: Row[]) {
  const { tx, session } = c;
  const barCodes = await barcodeLines(c, cells);
  const codes = barCodes.map((l) => l.barCode).filter((b): b is string => typeof b === 'string');
  const owners = await tx.query<{ id: number }>(
    `select distinct m.id from material_extend e join material m on m.tenant_id = e.tenant_id and m.id = e.material_id and not m.delete_flag
      where e.tenant_id = $1 and e.bar_code = any($2::text[]) and not e.delete_flag`,
    [session.tenantId, codes],
  );
  if (owners.length > 1) throw new BusinessError('这些条码分属不同的商品');
  const id = owners[0] ? Number(owners[0].id) : undefined;
  const stocks = await stockLines(c, cells);
  if (id !== undefined) {
    const stored = await tx.query<{ id: number; barCode: string }>(
      'select id, bar_code as "barCode" from material_extend where tenant_id = $1 and material_id = $2 and not delete_flag',
      [session.tenantId, id],
    );
    for (const l of barCodes) {
      const same = stored.find((s) => s.barCode === l.barCode);
      if (same) l.id = Number(same.id);
    }
    if (stocks) {
      const kept = await tx.query<{ id: number; depotId: number }>(
        'select id, depot_id as "depotId" from material_initial_stock where tenant_id = $1 and material_id = $2',
        [session.tenantId, id],
      );
      for (const k of kept) {
        const line = stocks.lines.find((l) => l.depotId === Number(k.depotId));
        if (line) line.id = Number(k.id);
        else if (!stocks.named.has(Number(k.depotId))) stocks.lines.push({ id: Number(k.id), depotId: Number(k.depotId) });
      }
    }
  }
  return { body: { ...body, barCodes, ...(stocks ? { stocks: stocks.lines } : {}) }, id };
}

export const materialSheet: SheetHook = { exportRows, importRecord };
