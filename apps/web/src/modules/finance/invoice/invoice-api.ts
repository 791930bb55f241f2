import { Decimal } from 'decimal.js';
import { http, unwrap } from '../../../platform/http.ts';

export type InvoiceType = '应收' | '应付';

export interface InvoiceRow {
  id: number;
  number: string;
  invoiceNo: string | null;
  invoiceDate: string;
  organName: string;
  billNumbers: string | null;
  amount: number;
  tax: number;
  total: number;
  remark: string | null;
}

export interface OpenLine {
  depotItemId: number;
  number: string;
  operTime: string;
  materialName: string;
  quantity: string;
  invoiced: string;
  remaining: string;
  unitPrice: string;
  taxRate: string;
}

export const invoiceApi = {
  list: async (params: Record<string, string | number | undefined>) =>
    unwrap(await http.get<{ rows: InvoiceRow[]; total: number; sums: Record<string, number> }>('/finInvoice/list', params)),
  open: async (type: InvoiceType, organId: number) => unwrap(await http.get<{ rows: OpenLine[] }>('/finInvoice/invoicable', { type, organId })).rows,
  add: async (body: object) => unwrap(await http.post<{ id: number; number: string }>('/finInvoice/add', body)),
  remove: async (id: number) => unwrap(await http.delete<{ message: string }>('/finInvoice/delete', { id })),
};

/** A line's amounts as the server computes them: to the cent, tax on the amount excl. tax. */
export function lineAmounts(quantity: Decimal.Value, unitPrice: Decimal.Value, taxRate: Decimal.Value) {
  const amount = new Decimal(quantity).times(unitPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const tax = amount.times(taxRate).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { amount, tax, total: amount.plus(tax) };
}
