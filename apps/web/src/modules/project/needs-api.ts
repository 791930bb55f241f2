import { http, unwrap } from '../../platform/http.ts';

export interface NeedRow {
  id: number;
  projectId: number;
  projectNumber: string;
  projectName: string;
  materialId: number;
  materialName: string;
  standard: string | null;
  unit: string | null;
  qty: string;
  needDate: string;
  status: 'open' | 'requested';
  requestId: number | null;
  requestNumber: string | null;
  remark: string | null;
}

/** 采购需求 calls (server: modules/project/needs.routes.ts). */
export const needsApi = {
  list: async (q: { projectId?: number; status?: string; currentPage: number; pageSize: number }) =>
    unwrap(await http.get<{ rows: NeedRow[]; total: number }>('/project/procurementNeeds/list', q)),
  add: async (body: { projectId: number; materialId: number; qty: string; needDate: string; remark?: string }) =>
    unwrap(await http.post<{ id: number }>('/project/procurementNeeds/add', body)),
  toRequest: async (body: { projectId: number; ids: number[] }) =>
    unwrap(await http.post<{ id: number; number: string; count: number }>('/project/procurementNeeds/toRequest', body)),
  materials: async (q: string) =>
    unwrap(
      await http.get<{ rows: Array<{ id: number; name: string; barCode?: string; standard?: string }> }>('/material/findBySelect', {
        q: q || undefined,
        pageSize: 50,
      }),
    ).rows,
};
