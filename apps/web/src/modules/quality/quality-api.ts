import type { PlanItem } from '@erp/entities';
import { http, unwrap } from '../../platform/http.ts';

export type { PlanItem };

export type Stage = 'incoming' | 'outgoing' | 'inProcess';
export type Verdict = 'pass' | 'fail' | 'concession';
export type Disposition = 'return' | 'rework' | 'scrap' | 'useAsIs';

export interface InspectionRow {
  id: number;
  number: string;
  stage: Stage;
  status: 'pending' | Verdict;
  sourceKind: string;
  sourceNumber: string | null;
  batchNumber: string;
  lotQty: number;
  heldQty: number;
  sampleSize: number;
  acceptNumber: number;
  rejectNumber: number;
  defectiveQty: number | null;
  materialName: string;
  partnerName: string | null;
  depotName: string | null;
  inspectorName: string | null;
  inspectedAt: string | null;
  createdAt: string;
}

export interface InspectionDetail extends InspectionRow {
  items: PlanItem[];
  results: Array<{ sampleNo: number; itemId: number; value: string; ok: boolean }>;
  ncrs: Array<{
    id: number;
    number: string;
    qty: number;
    disposition: Disposition;
    status: string;
    returnNumber: string | null;
    /** the 其它出库 that scrapped a lot held in quarantine */
    scrapNumber: string | null;
    reworkOrder?: string | null;
  }>;
  /** uploaded pictures of the verdict (comma-joined names) */
  pictures: string | null;
}

export interface RateRow {
  name: string;
  total: number;
  passed: number;
  rate: number;
}
export interface Dashboard {
  since: string;
  byDay: Array<{ day: string; total: number; pass: number; fail: number; concession: number; pending: number }>;
  bySupplier: RateRow[];
  byMaterial: RateRow[];
  byInspector: RateRow[];
  pareto: Array<{ name: string; count: number; cumulative: number }>;
}

export interface ResultInput {
  sampleNo: number;
  itemId: number;
  value: string;
}

/** A sale outbound's outgoing inspections as colour × size grids, one per material (GET /quality/inspection/grid). */
export interface OutgoingGrid {
  number: string;
  grids: Array<{
    /** the material (SKU lines) or style (variants of one name and model) */
    key: string;
    name: string;
    colours: string[];
    sizes: string[];
    cells: Array<{
      colour: string;
      size: string;
      inspectionId: number;
      inspectionNumber: string;
      status: string;
      lotQty: string;
      sampleSize: number;
      defective: number;
    }>;
  }>;
}

export const qualityApi = {
  list: async (p: { stage: Stage; status?: string; number?: string; currentPage: number; pageSize: number }) =>
    unwrap(await http.get<{ rows: InspectionRow[]; total: number }>('/quality/inspection/list', p as Record<string, string | number>)),
  detail: async (id: number) => unwrap(await http.get<InspectionDetail>('/quality/inspection/detail', { id })),
  results: async (id: number, results: ResultInput[]) =>
    unwrap(await http.post<{ missing: number; defective: number; suggested: Verdict | null }>('/quality/inspection/results', { id, results })),
  verdict: async (id: number, v: { verdict: Verdict; disposition?: Disposition; remark?: string; pictures?: string }) =>
    unwrap(await http.post<{ status: Verdict; ncrNumber: string | null }>('/quality/inspection/verdict', { id, ...v })),
  returnToSupplier: async (id: number) => unwrap(await http.post<{ returnNumber: string }>('/quality/inspection/returnToSupplier', { id })),
  grid: async (number: string) => unwrap(await http.get<OutgoingGrid>('/quality/inspection/grid', { number })),
  forSaleOut: async (number: string) => unwrap(await http.post<{ numbers: string[] }>('/quality/inspection/forSaleOut', { number })),
  dashboard: async (days = 3) => unwrap(await http.get<Dashboard>('/quality/dashboard', { days })),
};

export const STATUS_COLOR: Record<string, string> = { pending: 'processing', pass: 'success', fail: 'error', concession: 'warning' };

/**
 * The dispositions a failed lot can take (the server refuses the others, docs/quality.md): an in-process lot is
 * reworked, scrapped or used as is; a bought or sold lot is returned, reworked or scrapped (when held in quarantine) or used as is.
 */
export function dispositionsFor(stage: string, heldQty: number): Disposition[] {
  if (stage === 'inProcess') return ['scrap', 'rework', 'useAsIs'];
  // a held bought lot can be reworked on a rework order while it stays in quarantine
  return heldQty > 0 ? ['return', 'rework', 'scrap', 'useAsIs'] : ['return', 'useAsIs'];
}
