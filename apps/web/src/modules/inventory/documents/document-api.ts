import type { DetailLine, DocumentDetail, DocumentList, DocumentRow } from '@erp/entities/api/documents';
import { http, unwrap } from '../../../platform/http.ts';
import type { DocType } from '@erp/entities/document-types';

/** Calls and shapes of the inventory documents (docs/api.md "Inventory documents"); the reply types are shared with the server. */
export type { DetailLine, DocumentDetail, DocumentRow };

export interface ReservoirOption {
  value: number;
  label: string;
  depotId: number;
}

export interface PriceLine {
  lineNo: number;
  applied: boolean;
  purchaseDecimal: string | null;
  commodityDecimal: string | null;
  wholesaleDecimal: string | null;
  lowDecimal: string | null;
  oldPurchaseDecimal: string | null;
  oldCommodityDecimal: string | null;
  oldWholesaleDecimal: string | null;
  oldLowDecimal: string | null;
}

export type ListReply = DocumentList;

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
  lowDecimal?: number | null;
  enableSerialNumber?: boolean;
  enableBatchNumber?: boolean;
  stock?: number;
}

export interface Option {
  id: number;
  name: string;
}
export interface Partner extends Option {
  advanceIn?: number | null;
}

export const documentApi = {
  list: async (t: DocType, params: Record<string, string | number | undefined>) =>
    unwrap(await http.get<ListReply>('/depotHead/list', { type: t.type, subType: t.subType, ...params })),
  detail: async (number: string) => unwrap(await http.get<DocumentDetail>('/depotHead/getDetailByNumber', { number })),
  deleteBatch: async (ids: number[]) => unwrap(await http.delete<{ message: string }>('/depotHead/deleteBatch', { ids: ids.join(',') })),
  setStatus: async (status: '0' | '1', ids: number[]) =>
    unwrap(await http.post<{ message: string }>('/depotHead/batchSetStatus', { status, ids: ids.join(',') })),
  save: async (body: { info: Record<string, unknown>; rows: Record<string, unknown>[] }) =>
    unwrap(
      await (body.info.id
        ? http.put<{ id: number; number: string; message: string }>('/depotHead/updateDepotHeadAndDetail', body)
        : http.post<{ id: number; number: string; message: string }>('/depotHead/addDepotHeadAndDetail', body)),
    ),
  partners: async (partner: NonNullable<DocType['partner']>) => {
    const suffix = { 供应商: 'sup', 客户: 'cus', 会员: 'retail' }[partner];
    return unwrap(await http.get<Partner[]>(`/supplier/findBySelect_${suffix}`));
  },
  accounts: async () => unwrap(await http.get<Option[]>('/account/getAccount')),
  depots: async () => unwrap(await http.get<{ rows: Option[] }>('/depot/list', { pageSize: 1000 })).rows,
  byBarCode: async (barCode: string): Promise<Material | undefined> => {
    const env = await http.get<Material>('/material/getMaterialByBarCode', { barCode }, { silent: true }).catch(() => undefined);
    return env?.code === 200 ? env.data : undefined;
  },
  findMaterials: async (q: string, depotId?: number) =>
    unwrap(await http.get<{ rows: Material[] }>('/material/findBySelect', { q: q || undefined, depotId, pageSize: 50 })).rows,
  salespeople: async () => unwrap(await http.get<Option[]>('/person/getPersonByType', { type: '业务员' })),
  /** 经手人 of a stock document: the warehouse keepers (SPEC §3 warehousePersonnel). */
  keepers: async () => unwrap(await http.get<Option[]>('/person/getPersonByType', { type: '仓管员' })),
  batches: async (materialId: number, depotId: number) =>
    unwrap(
      await http.get<{ batchNumber: string; totalNum: number; expirationDate: string | null }[]>('/depotItem/getBatchNumberList', { materialId, depotId }),
    ),
  serials: async (materialId: number, depotId?: number) =>
    unwrap(await http.get<{ id: number; serialNumber: string }[]>('/serialNumber/getEnableSerialNumberList', { materialId, depotId })),
  /** 库区 of the company when its reservoir area switch is on, else none (issue 24). */
  reservoirAreas: async (): Promise<ReservoirOption[]> => {
    const cfg = unwrap(await http.get<{ reservoirAreaFlag?: boolean }>('/systemConfig/getCurrentInfo'));
    if (!cfg.reservoirAreaFlag) return [];
    const rows = unwrap(
      await http.get<{ rows: { id: number; name: string; depotId: number; enabled: boolean }[] }>('/reservoirArea/list', { pageSize: 1000 }),
    ).rows;
    return rows.filter((r) => r.enabled).map((r) => ({ value: r.id, label: r.name, depotId: r.depotId }));
  },
  purchaseBySale: async () => Boolean(unwrap(await http.get<{ purchaseBySaleFlag?: boolean }>('/systemConfig/getCurrentInfo')).purchaseBySaleFlag),
  priceLines: async (headerId: number) => unwrap(await http.get<{ rows: PriceLine[] }>('/depotItem/priceAdjustLines', { headerId })).rows,
  price: async (materialExtendId: number, organId: number | undefined, type: 'buy' | 'sale' | 'retail'): Promise<number | undefined> => {
    const env = await http
      .get<{ price: number | null }>('/depotItem/buyOrSalePrice', { materialExtendId, organId, type }, { silent: true })
      .catch(() => undefined);
    return env?.code === 200 && env.data.price != null ? env.data.price : undefined;
  },
};
