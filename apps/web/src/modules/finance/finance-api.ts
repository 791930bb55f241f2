import type { FinDocType } from '@erp/entities/finance-types';
import { http, unwrap } from '../../platform/http.ts';

/** Calls and shapes of the finance documents (docs/finance.md "Finance documents"). */
export interface FinRow {
  id: number;
  type: string;
  billNo: string;
  billTime: string;
  organId: number | null;
  organName: string | null;
  handsPersonName: string | null;
  accountId: number | null;
  accountName: string | null;
  changeAmount: number;
  discountMoney: number;
  totalPrice: number;
  status: string;
  remark: string | null;
  creatorName: string | null;
}

export interface FinLine {
  accountId: number | null;
  accountName?: string | null;
  inOutItemId: number | null;
  inOutItemName?: string | null;
  billId: number | null;
  billNumber?: string | null;
  needDebt?: number | null;
  billDebt?: number | null;
  eachAmount: number;
  remark: string | null;
}

export type FinDetail = FinRow & { rows: FinLine[] };

export interface OpenBill {
  billId: number;
  billNumber: string;
  billType: string;
  operTime: string;
  needDebt: number;
  billDebt: number;
}

export interface Option {
  id: number;
  name: string;
}

export const financeApi = {
  list: async (t: FinDocType, params: Record<string, string | number | undefined>) =>
    unwrap(await http.get<{ rows: FinRow[]; total: number; sums?: Record<string, number | null> }>('/accountHead/list', { type: t.type, ...params })),
  info: async (id: number) => unwrap(await http.get<FinDetail>('/accountHead/info', { id })),
  deleteBatch: async (ids: number[]) => unwrap(await http.delete<{ message: string }>('/accountHead/deleteBatch', { ids: ids.join(',') })),
  setStatus: async (status: '0' | '1', ids: number[]) =>
    unwrap(await http.post<{ message: string }>('/accountHead/batchSetStatus', { status, ids: ids.join(',') })),
  save: async (body: { info: Record<string, unknown>; rows: Record<string, unknown>[] }) =>
    unwrap(
      await (body.info.id
        ? http.put<{ id: number; number: string; message: string }>('/accountHead/updateAccountHeadAndDetail', body)
        : http.post<{ id: number; number: string; message: string }>('/accountHead/addAccountHeadAndDetail', body)),
    ),
  openBills: async (organId: number, type: '收款' | '付款') => unwrap(await http.get<OpenBill[]>('/accountHead/getDebtBills', { organId, type })),
  partners: async () => unwrap(await http.get<Option[]>('/supplier/findBySelect_organ')),
  accounts: async () => unwrap(await http.get<Option[]>('/account/getAccount')),
  items: async (type: '收入' | '支出') => unwrap(await http.get<Option[]>('/inOutItem/findBySelect', { type })),
  handlers: async () => unwrap(await http.get<Option[]>('/person/getPersonByType', { type: '财务员' })),
};
