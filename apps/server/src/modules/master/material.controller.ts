import { defineController, type DeleteHook, type ListFilter, type ListHook, type SaveHook } from '../../platform/crud/controller.ts';
import { fuzzyWhere } from '../../platform/crud/list-query.ts';
import { BusinessError } from '../../platform/errors.ts';
import { postOpeningStock } from '../inventory/index.ts';
import { materialSheet } from './material-sheet.ts';

type Line = Record<string, unknown>;

/**
 * A material has one unit (text) or a multi-unit (unitId), never both; each barcode is in one of
 * its units, one barcode is the base one (the base unit's), and no warehouse appears twice.
 */
const beforeSave: SaveHook = async ({ tx, session }, row, id) => {
  const stored = id
    ? await tx.one<{ unit: string | null; unitId: number | null }>('select unit, unit_id as "unitId" from material where tenant_id = $1 and id = $2', [
        session.tenantId,
        id,
      ])
    : undefined;
  const unit = row.unit !== undefined ? (row.unit as string | null) : (stored?.unit ?? null);
  const unitId = row.unitId !== undefined ? (row.unitId as number | null) : (stored?.unitId ?? null);
  if (unit && unitId) throw new BusinessError('单位和多单位只能选择一种');
  const lines = row.barCodes as Line[] | undefined;
  if (lines !== undefined) {
    if (id === undefined && !lines.length) throw new BusinessError('请至少填写一个条码');
    const codes = lines.map((l) => l.barCode);
    if (new Set(codes).size !== codes.length) throw new BusinessError('条码不能重复');
    let units: string[] = unit ? [unit] : [];
    let base = unit;
    if (unitId) {
      const u = await tx.one<{ basic: string; others: string[] }>(
        `select basic_unit as basic, array_remove(array[other_unit, other_unit_two, other_unit_three], null) as others
           from unit where tenant_id = $1 and id = $2 and not delete_flag`,
        [session.tenantId, unitId],
      );
      if (!u) throw new BusinessError('多单位不存在');
      units = [u.basic, ...u.others];
      base = u.basic;
    }
    for (const l of lines) {
      if (units.length && !units.includes(l.commodityUnit as string)) throw new BusinessError(`条码 ${String(l.barCode)} 的单位须为 ${units.join('/')} 之一`);
    }
    if (lines.length && !lines.some((l) => l.defaultFlag === true)) {
      // the base unit's barcode (else the first) is the base barcode
      (lines.find((l) => l.commodityUnit === base) ?? lines[0]).defaultFlag = true;
    }
    if (lines.filter((l) => l.defaultFlag === true).length > 1) throw new BusinessError('只能有一个基础条码');
    const units2 = lines.map((l) => l.commodityUnit);
    if (new Set(units2).size !== units2.length) throw new BusinessError('每个单位只能有一个条码');
  }
  const stocks = row.stocks as Line[] | undefined;
  for (const s of stocks ?? []) {
    if (s.lowSafeStock != null && s.highSafeStock != null && Number(s.lowSafeStock) > Number(s.highSafeStock)) {
      throw new BusinessError('最低安全库存不能大于最高安全库存');
    }
  }
  if (stocks && new Set(stocks.map((s) => s.depotId)).size !== stocks.length) throw new BusinessError('同一仓库只能设置一行期初库存');
};

const EXT_KEYS = ['barCode', 'purchaseDecimal', 'commodityDecimal', 'wholesaleDecimal', 'lowDecimal'];
/**
 * The list shows the base barcode with its prices and the opening stock over all warehouses, in
 * one statement for the page (one round trip, not one per column group).
 */
const listFill: ListHook = async ({ tx, session }, rows) => {
  const found = await tx.query<Record<string, unknown>>(
    `select m.id, e.bar_code as "barCode", e.purchase_decimal::float8 as "purchaseDecimal",
            e.commodity_decimal::float8 as "commodityDecimal", e.wholesale_decimal::float8 as "wholesaleDecimal", e.low_decimal::float8 as "lowDecimal",
            coalesce((select sum(s.init_number) from material_initial_stock s where s.tenant_id = $1 and s.material_id = m.id), 0)::float8 as "initialStock"
       from unnest($2::bigint[]) m(id)
       left join material_extend e on e.tenant_id = $1 and e.material_id = m.id and e.default_flag and not e.delete_flag`,
    [session.tenantId, rows.map((r) => r.id as number)],
  );
  const byId = new Map(found.map((f) => [f.id, f]));
  // assigned in place: no object per row (a page is 100 rows on every list view)
  const keys = session.priceMasked ? EXT_KEYS.filter((k) => k !== 'purchaseDecimal') : EXT_KEYS;
  for (const r of rows) {
    const f = byId.get(r.id);
    for (const k of keys) r[k] = f?.[k] ?? null;
    r.initialStock = f?.initialStock ?? 0;
  }
};

/** Searching the list by barcode matches any of the material's barcodes. */
const barCode: ListFilter = (value, w) => {
  if (typeof value !== 'string') return;
  // through the trigram index (list-query.ts fuzzyWhere): any live barcode of the material
  fuzzyWhere(
    w,
    'material_extend.bar_code',
    value,
    (p) => `exists (select 1 from material_extend e where e.tenant_id = t.tenant_id and e.material_id = t.id and not e.delete_flag and e.bar_code ilike ${p})`,
  );
};

/** Opening stock is stock: it goes into the ledger like any other movement. */
const afterSave: SaveHook = async ({ tx, session }, row, id) => {
  if (row.stocks !== undefined && id) await postOpeningStock(tx, session.tenantId, id);
};

/** A deleted material gives up its barcodes (kept as deleted rows for history), so they can be used again. */
const beforeDelete: DeleteHook = async ({ tx, session }, ids) => {
  await tx.query(
    'update material_extend set delete_flag = true, updated_at = now() where tenant_id = $1 and material_id = any($2::bigint[]) and not delete_flag',
    [session.tenantId, ids],
  );
};

export const materialController = defineController({
  entity: 'material',
  beforeSave,
  afterSave,
  beforeDelete,
  listFill,
  filters: { barCode },
  sheet: materialSheet,
});
