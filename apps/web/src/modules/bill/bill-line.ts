import type { Dayjs } from 'dayjs';
import { milli, qty, type DetailLine } from './bill-api.ts';

/** One editable line; numbers stay strings as typed (SPEC §5: up to 3 decimals, kept exact). */
export interface Line {
  key: number;
  materialExtendId: number;
  barCode: string;
  name: string;
  standard: string;
  unit: string;
  depotId?: number;
  anotherDepotId?: number;
  operNumber: string;
  unitPrice: string;
  taxRate: string;
  batchNumber: string;
  snList: string;
  linkId?: number;
  openNumber?: number;
  materialType?: string;
  remark: string;
  batch: boolean;
  serial: boolean;
}

export interface Header {
  operTime?: Dayjs;
  organId?: number;
  depotId?: number;
  anotherDepotId?: number;
  accountId?: number;
  discount?: string;
  otherMoney?: string;
  changeAmount?: string;
  linkNumber?: string;
  remark?: string;
}

let nextKey = 1;
/** A key for a new grid row (React needs one that survives reordering and deletes). */
export const newLineKey = () => nextKey++;
export const str = (v: number | null | undefined) => (v == null ? '' : qty(v));

/** Amounts of a line in thousandths: amount, tax, amount with tax. */
export function lineMoney(l: Pick<Line, 'operNumber' | 'unitPrice' | 'taxRate'>) {
  const amount = Math.round((milli(l.operNumber) * milli(l.unitPrice)) / 1000);
  const tax = Math.round((amount * milli(l.taxRate)) / 100000);
  return { amount, tax, total: amount + tax };
}

export const fromDetail = (r: DetailLine, withOpen: boolean): Line => ({
  key: newLineKey(),
  materialExtendId: r.materialExtendId,
  barCode: r.barCode,
  name: r.materialName,
  standard: [r.standard, r.model].filter(Boolean).join(' '),
  unit: r.unit ?? '',
  depotId: r.depotId ?? undefined,
  anotherDepotId: r.anotherDepotId ?? undefined,
  operNumber: str(withOpen ? r.openNumber : r.operNumber),
  unitPrice: str(r.unitPrice),
  taxRate: r.taxRate ? str(r.taxRate) : '',
  batchNumber: r.batchNumber ?? '',
  snList: r.snList ?? '',
  linkId: withOpen ? r.id : (r.linkId ?? undefined),
  openNumber: withOpen ? r.openNumber : undefined,
  materialType: r.materialType ?? undefined,
  remark: r.remark ?? '',
  batch: Boolean(r.batchNumber),
  serial: Boolean(r.snList),
});
