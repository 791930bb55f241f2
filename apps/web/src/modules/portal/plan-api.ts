import { http, unwrap } from '../../platform/http.ts';

/** Shipping plans, supplier inventory and the data panel (server: modules/portal/plan-stock.routes.ts). */
export interface Plan {
  id: number;
  number: string;
  supplierId: number;
  supplierName: string;
  remark: string | null;
  status: 'published' | 'acknowledged' | 'cancelled';
  ackRemark: string | null;
  cancelReason: string | null;
  cancelledAt: string | null;
  acknowledgedAt: string | null;
  createTime: string;
  lineCount: number;
  firstDate: string | null;
}

export interface PlanLine {
  lineNo: number;
  itemId: number;
  orderNumber: string;
  materialName: string;
  standard: string | null;
  model: string | null;
  unit: string;
  planDate: string;
  qty: number;
}

export interface OpenLine {
  itemId: number;
  orderNumber: string;
  lineNo: number;
  materialName: string;
  unit: string;
  deliveryDate: string | null;
  openQty: number;
}

export interface StockRow {
  id: number;
  supplierName: string;
  itemId: number;
  materialName: string;
  standard: string | null;
  model: string | null;
  qty: number;
  remark: string | null;
  reportedAt: string;
}

export interface Panel {
  openOrders: number;
  openLines: number;
  lateLines: number;
  receivedLines: number;
  onTimeRate: number | null;
  inspected: number;
  passRate: number | null;
}

type Page<T> = { rows: T[]; total: number };
type Paging = { currentPage: number; pageSize: number };

export const planApi = {
  // the supplier's side
  plans: async (q: Paging) => unwrap(await http.get<Page<Plan>>('/portal/plan/list', q)),
  plan: async (id: number) => unwrap(await http.get<Plan & { lines: PlanLine[] }>('/portal/plan/detail', { id })),
  ack: async (id: number, remark?: string) => unwrap(await http.post('/portal/plan/ack', { id, remark })),
  stock: async (q: Paging) => unwrap(await http.get<Page<StockRow>>('/portal/stock/list', q)),
  reportStock: async (rows: Array<{ itemId: number; qty: string }>) => unwrap(await http.post('/portal/stock/report', { rows })),
  panel: async () => unwrap(await http.get<Panel>('/portal/panel')),
  // the buyer's side
  buyerPlans: async (q: Paging) => unwrap(await http.get<Page<Plan>>('/portal/buyer/plan/list', q)),
  buyerPlan: async (id: number) => unwrap(await http.get<Plan & { lines: PlanLine[] }>('/portal/buyer/plan/detail', { id })),
  openLines: async (supplierId: number) => unwrap(await http.get<OpenLine[]>('/portal/buyer/plan/openLines', { supplierId })),
  publish: async (b: { supplierId: number; remark?: string; lines: Array<{ itemId: number; planDate: string; qty: string }> }) =>
    unwrap(await http.post<{ id: number; number: string }>('/portal/buyer/plan/add', b)),
  editPlan: async (b: { id: number; remark?: string; lines: Array<{ itemId: number; planDate: string; qty: string }> }) =>
    unwrap(await http.post<{ id: number; number: string }>('/portal/buyer/plan/edit', b)),
  cancelPlan: async (id: number, reason: string) => unwrap(await http.post<{ id: number }>('/portal/buyer/plan/cancel', { id, reason })),
  buyerStock: async (q: Paging) => unwrap(await http.get<Page<StockRow>>('/portal/buyer/stock/list', q)),
  buyerPanel: async () => unwrap(await http.get<Array<Panel & { supplierId: number; supplierName: string }>>('/portal/buyer/panel')),
};

/** The tag colour of a plan's status. */
export const PLAN_COLOR = { published: 'orange', acknowledged: 'green', cancelled: 'default' } as const;

/** A rate as text: "—" when nothing was measured. */
export const pct = (v: number | null) => (v === null ? '—' : `${v}%`);
