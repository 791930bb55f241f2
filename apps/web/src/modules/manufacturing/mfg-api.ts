import { http, unwrap } from '../../platform/http.ts';

export interface MrpRun {
  id: number;
  status: 'running' | 'done' | 'failed';
  planDate: string;
  /** How the run netted demand: per ISO week (the default) or per day. */
  bucket: 'day' | 'week';
  items: number;
  demands: number;
  proposals: number;
  levels: number;
  statements: number;
  millis: number;
  error: string | null;
  jobId: number | null;
  jobState: string | null;
  progress: number | null;
  progressMessage: string | null;
}
export interface Proposal {
  id: number;
  kind: 'make' | 'buy';
  llc: number;
  materialName: string;
  standard: string | null;
  /** a variant's colour (with its size in standard: the proposal opens the colour × size grid) */
  color: string | null;
  unit: string | null;
  qty: string;
  netQty: string;
  needDate: string;
  dueDate: string;
  startDate: string;
  late: boolean;
  status: 'proposed' | 'confirmed';
  docNo: string | null;
}
export interface Peg {
  /** 'd' + a demand row's id, or 'p' + the parent proposal's id for a planned make order's components. */
  key: string;
  demandId: number | null;
  kind: string;
  refNo: string | null;
  needDate: string;
  qty: string;
  parentName: string | null;
}
export interface GanttBar {
  id: number;
  woNo: string;
  workCentreId: number;
  seq: number;
  materialName: string;
  moNo: string | null;
  quantity: string;
  plannedStart: string;
  plannedEnd: string;
  dueDate: string | null;
}
export interface GanttData {
  centres: Array<{ id: number; name: string; capacity: number }>;
  bars: GanttBar[];
  conflicts: Array<{ id: number; kind: string }>;
}
type Msg = { message: string };

export const mfgApi = {
  latest: async () => unwrap(await http.get<MrpRun | null>('/mrp/latest')),
  run: async (planDate: string | undefined, bucket: 'day' | 'week') =>
    unwrap(await http.post<{ jobId: number } & Msg>('/mrp/run', { ...(planDate && { planDate }), bucket })),
  proposals: async (q: { currentPage: number; pageSize: number; status?: string }) =>
    unwrap(await http.get<{ rows: Proposal[]; total: number }>('/mrp/proposals', q)),
  pegging: async (id: number) => unwrap(await http.get<Peg[]>('/mrp/pegging', { id })),
  confirm: async (ids: number[]) => unwrap(await http.post<{ makeOrders: number; purchaseRequests: number } & Msg>('/mrp/confirm', { ids })),
  gantt: async (from: string, to: string) => unwrap(await http.get<GanttData>('/schedule/gantt', { from, to })),
  reschedule: async (id: number, plannedStart: string) =>
    unwrap(await http.post<{ plannedStart: string; conflicts: GanttData['conflicts'] }>('/workOrder/reschedule', { id, plannedStart })),
  schedule: async (direction: 'forward' | 'backward') => unwrap(await http.post<{ scheduled: number }>('/schedule/run', { direction })),
  release: async (id: number) => unwrap(await http.post<{ workOrders: number } & Msg>('/makeOrder/release', { id })),
  fromSale: async (number: string) => unwrap(await http.post<{ id: number; moNo: string } & Msg>('/makeOrder/fromSaleOrder', { number })),
  toSale: async (id: number) => unwrap(await http.post<{ number: string } & Msg>('/quotation/toSaleOrder', { id })),
};
