import { http, unwrap } from '../../platform/http.ts';
import type { DocType } from '../../../../../packages/entities/src/inventory/document-types.ts';

/** Calls and shapes of the inventory documents (docs/api.md "Inventory documents"). */
export interface BillRow {
  id: number;
  number: string;
  operTime: string;
  organId: number | null;
  organName: string | null;
  accountId: number | null;
  materialsList: string | null;
  totalNumber: number | null;
  totalPrice: number | null;
  discount: number | null;
  discountMoney: number | null;
  discountLastMoney: number | null;
  otherMoney: number | null;
  changeAmount: number | null;
  debt: number | null;
  status: string;
  linkNumber: string | null;
  remark: string | null;
  creatorName: string | null;
}

export interface DetailLine {
  id: number;
  materialExtendId: number;
  barCode: string;
  materialName: string;
  standard: string | null;
  model: string | null;
  unit: string | null;
  operNumber: number;
  unitPrice: number | null;
  taxRate: number | null;
  depotId: number | null;
  anotherDepotId: number | null;
  batchNumber: string | null;
  snList: string | null;
  linkId: number | null;
  materialType: string | null;
  openNumber?: number;
  remark: string | null;
}

export interface BillDetail extends BillRow {
  rows: DetailLine[];
}

export interface ListReply {
  rows: BillRow[];
  total: number;
  sums?: Record<string, number>;
}

export interface Material {
  id: number;
  name: string;
  standard: string | null;
  model: string | null;
  unit: string | null;
  meId: number;
  barCode: string;
  commodityUnit: string | null;
  purchaseDecimal: number | null;
  wholesaleDecimal: number | null;
  commodityDecimal: number | null;
  enableSerialNumber?: boolean;
  enableBatchNumber?: boolean;
  stock?: number;
}

export interface Option {
  id: number;
  name: string;
}

export const billApi = {
  list: async (t: DocType, params: Record<string, string | number | undefined>) =>
    unwrap(await http.get<ListReply>('/depotHead/list', { type: t.type, subType: t.subType, ...params })),
  detail: async (number: string) => unwrap(await http.get<BillDetail>('/depotHead/getDetailByNumber', { number })),
  deleteBatch: async (ids: number[]) => unwrap(await http.delete<{ message: string }>('/depotHead/deleteBatch', { ids: ids.join(',') })),
  setStatus: async (status: '0' | '1', ids: number[]) => unwrap(await http.post<{ message: string }>('/depotHead/batchSetStatus', { status, ids: ids.join(',') })),
  save: async (body: { info: Record<string, unknown>; rows: Record<string, unknown>[] }) =>
    unwrap(
      await (body.info.id
        ? http.put<{ id: number; number: string; message: string }>('/depotHead/updateDepotHeadAndDetail', body)
        : http.post<{ id: number; number: string; message: string }>('/depotHead/addDepotHeadAndDetail', body)),
    ),
  partners: async (partner: NonNullable<DocType['partner']>) => {
    const suffix = { 供应商: 'sup', 客户: 'cus', 会员: 'retail' }[partner];
    return unwrap(await http.get<Option[]>(`/supplier/findBySelect_${suffix}`));
  },
  accounts: async () => unwrap(await http.get<Option[]>('/account/getAccount')),
  depots: async () => unwrap(await http.get<{ rows: Option[] }>('/depot/list', { pageSize: 1000 })).rows,
  byBarCode: async (barCode: string): Promise<Material | undefined> => {
    const env = await http.get<Material>('/material/getMaterialByBarCode', { barCode }, { silent: true }).catch(() => undefined);
    return env?.code === 200 ? env.data : undefined;
  },
  findMaterials: async (q: string, depotId?: number) =>
    unwrap(await http.get<{ rows: Material[] }>('/material/findBySelect', { q: q || undefined, depotId, pageSize: 50 })).rows,
  price: async (materialExtendId: number, organId: number | undefined, type: 'buy' | 'sale' | 'retail'): Promise<number | undefined> => {
    const env = await http.get<{ price: number | null }>('/depotItem/buyOrSalePrice', { materialExtendId, organId, type }, { silent: true }).catch(() => undefined);
    return env?.code === 200 && env.data.price != null ? env.data.price : undefined;
  },
};

/** SPEC §5 numbers: integers or up to 3 decimals. */
export const NUMBER_RE = /^\d+(\.\d{1,3})?$/;

/** Money and quantities in thousandths, so sums do not drift. */
export const milli = (v: string | number | null | undefined): number => {
  const n = Number(v);
  return Number.isFinite(n) ? Math.round(n * 1000) : 0;
};
export const fromMilli = (m: number) => m / 1000;
/** Display: at most 3 decimals, trailing zeros kept to 2 for money. */
export const money = (v: number | null | undefined) => (v == null ? '' : (Math.round(v * 1000) / 1000).toFixed(Math.round(v * 1000) % 10 ? 3 : 2));
export const qty = (v: number | null | undefined) => (v == null ? '' : String(Math.round(v * 1000) / 1000));
