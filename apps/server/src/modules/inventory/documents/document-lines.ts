import { Decimal } from 'decimal.js';
import type { DocType } from '@erp/entities';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import type { HeaderInput, LineInput } from './document.schemas.ts';

/** A line as stored: resolved material and unit, quantities in the base unit, money worked out. */
export interface Line {
  lineNo: number;
  materialId: number;
  materialName: string;
  materialExtendId: number;
  unit: string;
  sku: string | null;
  operNumber: Decimal;
  basicNumber: Decimal;
  unitPrice: Decimal;
  taxRate: Decimal;
  taxMoney: Decimal;
  allPrice: Decimal;
  taxLastMoney: Decimal;
  depotId: number | null;
  anotherDepotId: number | null;
  batchNumber: string | null;
  reservoirAreaId: number | null;
  expirationDate: string | null;
  snList: string[];
  linkId: number | null;
  materialType: string | null;
  remark: string | null;
  enableSerial: boolean;
  enableBatch: boolean;
}

const money = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

export interface Barcode {
  extend_id: number;
  bar_code: string;
  commodity_unit: string;
  low_decimal: string | null;
  sku: string | null;
  material_id: number;
  name: string;
  enabled: boolean;
  enable_serial_number: boolean;
  enable_batch_number: boolean;
  ratio: string | null;
}

/**
 * Resolves each line's barcode to its material and unit (with the unit's ratio to the base unit),
 * checks warehouses (`depots`: the enabled ones among those named, asked by the caller), batches,
 * serial numbers and the lowest selling price, and works out money.
 */
export function resolveLines(t: DocType, rows: LineInput[], depots: Set<number>, barcodes: Barcode[]): Line[] {
  const byId = new Map(barcodes.map((f) => [Number(f.extend_id), f]));
  const byCode = new Map(barcodes.map((f) => [f.bar_code, f]));
  return rows.map((r, i) => {
    const n = i + 1;
    const b = (r.materialExtendId && byId.get(r.materialExtendId)) || (r.barCode && byCode.get(r.barCode));
    if (!b) throw new BusinessError(`第${n}行：商品条码不存在 ${r.barCode ?? r.materialExtendId ?? ''}`);
    return resolveLine(t, r, n, b, depots);
  });
}

/**
 * The lines' barcodes (by id or by code) with their material and the unit's ratio to the base unit, as a subquery
 * giving one JSON array: a column of the save's context query (saveContext), so the lookup costs no round trip of its
 * own (issue 13). Numbers stay text (never floats). `$` adds a parameter and names it; `tenant` names the company's.
 */
export function barcodesSql(rows: LineInput[], tenant: string, $: (v: unknown) => string): string {
  const ids = [...new Set(rows.map((r) => r.materialExtendId).filter((x): x is number => !!x))];
  const codes = [...new Set(rows.map((r) => r.barCode).filter((x): x is string => !!x))];
  // one index probe per barcode and per material (`offset 0` keeps each lateral a probe): a join left to the planner
  // scanned the company's materials and took the barcodes through their trigram index, 6–36 ms a save on 1,236
  // materials under bench:posting's load against 0.4–0.7 ms this way (bench/RESULTS.md, 2026-11-27 22:45)
  const probe = (list: string, type: string, col: string) =>
    `select e.id, e.bar_code, e.commodity_unit, e.low_decimal, e.sku, e.material_id from unnest(${list}::${type}[]) as k(v)
       cross join lateral (select * from material_extend e where e.tenant_id = ${tenant} and e.${col} = k.v and not e.delete_flag offset 0) e`;
  const found = [...(codes.length ? [probe($(codes), 'text', 'bar_code')] : []), ...(ids.length ? [probe($(ids), 'bigint', 'id')] : [])];
  // a barcode named by id and by code comes once
  const extend = found.length === 2 ? `(select distinct on (id) * from (${found.join(' union all ')}) f)` : `(${found[0] ?? probe($([]), 'text', 'bar_code')})`;
  return `(select coalesce(json_agg(json_build_object('extend_id', e.id, 'bar_code', e.bar_code, 'commodity_unit', e.commodity_unit,
            'low_decimal', e.low_decimal::text, 'sku', e.sku, 'material_id', m.id, 'name', m.name, 'enabled', m.enabled,
            'enable_serial_number', m.enable_serial_number, 'enable_batch_number', m.enable_batch_number,
            'ratio', (case when u.id is null or e.commodity_unit = u.basic_unit then 1
                           when e.commodity_unit = u.other_unit then u.ratio
                           when e.commodity_unit = u.other_unit_two then u.ratio_two
                           when e.commodity_unit = u.other_unit_three then u.ratio_three end)::text)), '[]'::json)
       from ${extend} e
       cross join lateral (select * from material m where m.tenant_id = ${tenant} and m.id = e.material_id and not m.delete_flag offset 0) m
       left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id)`;
}

/** Checks one line (line number n) against its barcode and the document type, and works out its money. */
function resolveLine(t: DocType, r: LineInput, n: number, b: Barcode, depots: Set<number>): Line {
  const movesStock = t.stock !== 0;
  if (!b.enabled) throw new BusinessError(`第${n}行：商品“${b.name}”已禁用`);
  if (b.ratio === null) throw new BusinessError(`第${n}行：商品“${b.name}”的单位 ${b.commodity_unit} 不在其多单位中`);
  for (const d of [r.depotId, r.anotherDepotId]) if (d && !depots.has(d)) throw new BusinessError(`第${n}行：仓库不存在或已禁用`);
  if ((movesStock || t.key === 'stockCheck') && !r.depotId) throw badRequest(`第${n}行：请选择仓库`);
  if (t.stock === 'transfer' && (!r.anotherDepotId || r.anotherDepotId === r.depotId)) throw badRequest(`第${n}行：请选择不同的调入仓库`);
  if (t.stock === 'assembly' || t.stock === 'disassembly') {
    if (!r.materialType) throw badRequest(`第${n}行：请注明组合件或普通子件`);
  }
  const operNumber = new Decimal(r.operNumber);
  if (operNumber.isZero() && t.stock !== 'recount' && t.key !== 'stockCheck') throw badRequest(`第${n}行：数量必须大于0`);
  const basicNumber = money(operNumber.times(b.ratio));
  const unitPrice = new Decimal(r.unitPrice ?? 0);
  if (t.sale && b.low_decimal !== null && unitPrice.lt(b.low_decimal)) {
    throw new BusinessError(`第${n}行：商品“${b.name}”的单价 ${unitPrice.toFixed()} 低于最低售价 ${new Decimal(b.low_decimal).toFixed()}`);
  }
  if (movesStock && b.enable_batch_number && !r.batchNumber) throw new BusinessError(`第${n}行：商品“${b.name}”启用了批号，请填写批号`);
  const snList = (r.snList ?? '').split(/[,，\s]+/).filter(Boolean);
  if (movesStock && b.enable_serial_number && t.stock !== 'recount') {
    if (!basicNumber.isInteger() || snList.length !== basicNumber.toNumber()) {
      throw new BusinessError(`第${n}行：商品“${b.name}”启用了序列号，序列号个数须等于数量 ${basicNumber.toFixed()}`);
    }
    if (new Set(snList).size !== snList.length) throw new BusinessError(`第${n}行：序列号重复`);
  }
  const allPrice = money(operNumber.times(unitPrice));
  const taxRate = new Decimal(r.taxRate ?? 0);
  const taxMoney = money(allPrice.times(taxRate).div(100));
  return {
    lineNo: n,
    materialId: b.material_id,
    materialName: b.name,
    materialExtendId: b.extend_id,
    unit: b.commodity_unit,
    sku: b.sku,
    operNumber,
    basicNumber,
    unitPrice,
    taxRate,
    taxMoney,
    allPrice,
    taxLastMoney: allPrice.plus(taxMoney),
    depotId: r.depotId ?? null,
    anotherDepotId: r.anotherDepotId ?? null,
    batchNumber: r.batchNumber ?? null,
    reservoirAreaId: r.reservoirAreaId ?? null,
    expirationDate: r.expirationDate ?? null,
    snList,
    linkId: r.linkId ?? null,
    materialType: r.materialType ?? null,
    remark: r.remark ?? null,
    enableSerial: b.enable_serial_number,
    enableBatch: b.enable_batch_number,
  };
}

export interface Totals {
  totalPrice: Decimal;
  discountMoney: Decimal;
  discountLastMoney: Decimal;
  otherMoney: Decimal;
  deposit: Decimal;
  changeAmount: Decimal;
  backAmount: Decimal;
  debt: Decimal;
}

/** Header money: total, discount, what is paid now, change given (retail) and what remains owed. */
export function totals(info: HeaderInput, lines: Line[], t: DocType): Totals {
  const totalPrice = lines.reduce((s, l) => s.plus(l.taxLastMoney), new Decimal(0));
  const discountMoney = info.discount !== undefined ? money(totalPrice.times(info.discount).div(100)) : new Decimal(info.discountMoney ?? 0);
  if (discountMoney.gt(totalPrice)) throw new BusinessError('优惠金额不能大于单据金额');
  const discountLastMoney = totalPrice.minus(discountMoney);
  const otherMoney = new Decimal(info.otherMoney ?? 0);
  const deposit = new Decimal(info.deposit ?? 0);
  const due = discountLastMoney.plus(otherMoney).minus(deposit);
  const paid = new Decimal(info.changeAmount ?? (t.key.startsWith('retail') ? due : 0));
  const accounts = info.accounts ?? [];
  if (accounts.length) {
    const sum = accounts.reduce((s, a) => s.plus(a.amount), new Decimal(0));
    if (!sum.eq(paid)) throw new BusinessError(`多账户金额合计 ${sum.toFixed()} 与本次付款 ${paid.toFixed()} 不一致`);
  }
  // retail: what the customer hands over beyond the amount due is change given back
  const backAmount = t.key.startsWith('retail') && paid.gt(due) ? paid.minus(due) : new Decimal(0);
  const debt = t.order || t.stock === 0 ? new Decimal(0) : Decimal.max(due.minus(paid), new Decimal(0));
  return { totalPrice, discountMoney, discountLastMoney, otherMoney, deposit, changeAmount: paid, backAmount, debt };
}
