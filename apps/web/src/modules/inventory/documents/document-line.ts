import type { Dayjs } from 'dayjs';
import { type DetailLine } from './document-api.ts';
import { qty } from '../../../platform/format.ts';

/** New barcode prices of a price-adjustment line (strings as typed). */
export interface LinePrices {
  purchaseDecimal: string;
  commodityDecimal: string;
  wholesaleDecimal: string;
  lowDecimal: string;
}
export const PRICE_KEYS = ['purchaseDecimal', 'commodityDecimal', 'wholesaleDecimal', 'lowDecimal'] as const;

/** One editable line; numbers stay strings as typed (SPEC §5: up to 3 decimals, kept exact). */
export interface Line {
  key: number;
  materialId?: number;
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
  /** 库区 of an inbound or outbound line (the company's reservoir area switch on) */
  reservoirAreaId?: number;
  expirationDate: string;
  snList: string;
  linkId?: number;
  openNumber?: number;
  materialType?: string;
  remark: string;
  batch: boolean;
  serial: boolean;
  /** price adjustment: the new prices, and the barcode's prices before (shown as hints) */
  prices?: LinePrices;
  oldPrices?: Partial<Record<keyof LinePrices, number | string | null>>;
}

export interface Header {
  operTime?: Dayjs;
  organId?: number;
  depotId?: number;
  anotherDepotId?: number;
  handsPersonId?: number;
  orderType?: string;
  salesMan?: number[];
  accountId?: number;
  discount?: string;
  discountMoney?: string;
  otherMoney?: string;
  deposit?: string;
  changeAmount?: string;
  payType?: '现付' | '预付款';
  linkNumber?: string;
  deliveryDate?: Dayjs;
  transportCompany?: string;
  transportNumber?: string;
  fileName?: string;
  remark?: string;
}

/** A payment split over several accounts (server: info.accounts). */
export interface AccountPart {
  accountId?: number;
  amount: string;
}

/** SPEC §5 numbers: integers or up to 3 decimals. */
export const NUMBER_RE = /^\d+(\.\d{1,3})?$/;

let nextKey = 1;
/** A key for a new grid row (React needs one that survives reordering and deletes). */
export const newLineKey = () => nextKey++;
export const str = (v: number | string | null | undefined) => (v == null ? '' : typeof v === 'string' ? String(Number(v)) : qty(v));
export const emptyPrices = (): LinePrices => ({ purchaseDecimal: '', commodityDecimal: '', wholesaleDecimal: '', lowDecimal: '' });

export const fromDetail = (r: DetailLine, withOpen: boolean): Line => ({
  key: newLineKey(),
  materialId: r.materialId,
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
  reservoirAreaId: r.reservoirAreaId ?? undefined,
  expirationDate: r.expirationDate ?? '',
  snList: r.snList ?? '',
  linkId: withOpen ? r.id : (r.linkId ?? undefined),
  openNumber: withOpen ? r.openNumber : undefined,
  materialType: r.materialType ?? undefined,
  remark: r.remark ?? '',
  // the server sends the material's flags with each line (no lookup per barcode)
  batch: r.enableBatchNumber,
  serial: r.enableSerialNumber,
});

/** What the document form is opened for. */
export type FormMode = { mode: 'add' } | { mode: 'edit' | 'view'; number: string };
