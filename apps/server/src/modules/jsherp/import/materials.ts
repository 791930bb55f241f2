import type { ImportCtx } from './context.ts';
import { addOne, live } from './master.ts';
import { skipped } from './report.ts';
import { dec, flag, isDeleted, text, type JshRow } from './source.ts';

/** Materials with their barcodes (jsh_material_extend: unit, prices) and opening stock per warehouse. */
export async function importMaterials(c: ImportCtx) {
  const extendsOf = group(
    c.src.jsh_material_extend.filter((e) => !isDeleted(e)),
    'material_id',
  );
  const stocksOf = group(
    c.src.jsh_material_initial_stock.filter((e) => !isDeleted(e)),
    'material_id',
  );
  for (const m of live(c, 'materials', c.src.jsh_material)) {
    const id = Number(m.id);
    const why = unmapped(c, m);
    if (why) {
      skipped(c.report, 'materials', id, why);
      continue;
    }
    const exts = extendsOf.get(id) ?? [];
    const stocks = (stocksOf.get(id) ?? []).filter((s) => c.ids.depot.has(Number(s.depot_id)));
    await addOne(c, 'materials', 'material', 'material', m, materialBody(c, m, exts, stocks));
    if (!c.ids.material.has(id)) continue;
    for (const e of exts) if (text(e.bar_code)) c.barcodeOfExtend.set(Number(e.id), text(e.bar_code)!);
    const def = exts.find((e) => flag(e.default_flag)) ?? exts[0];
    if (def && text(def.bar_code)) c.defaultBarcode.set(id, text(def.bar_code)!);
  }
}

function unmapped(c: ImportCtx, m: JshRow): string | undefined {
  if (m.unit_id !== null && m.unit_id !== undefined && !c.ids.unit.has(Number(m.unit_id))) return `多单位 ${String(m.unit_id)} 不存在或未导入`;
  if (m.category_id !== null && m.category_id !== undefined && Number(m.category_id) > 0 && !c.ids.category.has(Number(m.category_id)))
    return `类别 ${String(m.category_id)} 不存在或未导入`;
  return undefined;
}

function materialBody(c: ImportCtx, m: JshRow, exts: JshRow[], stocks: JshRow[]) {
  const unitId = m.unit_id === null || m.unit_id === undefined ? undefined : c.ids.unit.get(Number(m.unit_id));
  return {
    name: text(m.name),
    categoryId: c.ids.category.get(Number(m.category_id)),
    standard: text(m.standard),
    model: text(m.model),
    color: text(m.color),
    brand: text(m.brand),
    mnemonic: text(m.mnemonic),
    manufacturer: text(m.mfrs),
    unit: unitId ? undefined : text(m.unit),
    unitId,
    weight: dec(m.weight),
    expiryNum: m.expiry_num === null || m.expiry_num === undefined ? undefined : Number(m.expiry_num),
    otherField1: text(m.other_field1),
    otherField2: text(m.other_field2),
    otherField3: text(m.other_field3),
    position: text(m.position),
    enableSerialNumber: flag(m.enable_serial_number),
    enableBatchNumber: flag(m.enable_batch_number),
    remark: text(m.remark),
    barCodes: exts.map((e) =>
      strip({
        barCode: text(e.bar_code),
        commodityUnit: text(e.commodity_unit),
        sku: text(e.sku),
        purchaseDecimal: dec(e.purchase_decimal),
        commodityDecimal: dec(e.commodity_decimal),
        wholesaleDecimal: dec(e.wholesale_decimal),
        lowDecimal: dec(e.low_decimal),
        defaultFlag: flag(e.default_flag),
      }),
    ),
    stocks: stocks.length
      ? stocks.map((s) =>
          strip({
            depotId: c.ids.depot.get(Number(s.depot_id)),
            initNumber: dec(s.number),
            lowSafeStock: dec(s.low_safe_stock),
            highSafeStock: dec(s.high_safe_stock),
          }),
        )
      : undefined,
  };
}

const strip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function group(rows: JshRow[], key: string): Map<number, JshRow[]> {
  const m = new Map<number, JshRow[]>();
  for (const r of rows) {
    const k = Number(r[key]);
    m.set(k, [...(m.get(k) ?? []), r]);
  }
  return m;
}
