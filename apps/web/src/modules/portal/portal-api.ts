import { http, messageOf, unwrap, BusinessError } from '../../platform/http.ts';
import { feedback } from '../../platform/feedback.ts';

/** A purchase order line as the supplier sees it (server: modules/portal/supplier-orders.ts). */
export interface OrderLine {
  itemId: number;
  orderId: number;
  orderNumber: string;
  orderDate: string;
  deliveryDate: string | null;
  orderStatus: string;
  lineNo: number;
  materialName: string;
  standard: string | null;
  model: string | null;
  unit: string;
  qty: number;
  received: number;
  unitPrice: number;
  confirmStatus: 'none' | 'confirmed' | 'proposed' | 'accepted' | 'rejected';
  proposedQty: number | null;
  proposedDate: string | null;
  progressPercent: number | null;
  expectedShipDate: string | null;
}

export interface Advice {
  id: number;
  number: string;
  orderId: number;
  orderNumber: string;
  supplierName: string;
  shipDate: string;
  expectedDate: string | null;
  carrier: string | null;
  trackingNo: string | null;
  status: 'sent' | 'received' | 'cancelled';
  inboundNumber: string | null;
  createTime: string;
}

export interface Proposal {
  itemId: number;
  orderNumber: string;
  supplierName: string;
  lineNo: number;
  materialName: string;
  qty: number;
  deliveryDate: string | null;
  proposedQty: number | null;
  proposedDate: string | null;
  remark: string | null;
}

export interface AdviceLineInput {
  itemId: number;
  qty: string;
  batchNumber?: string;
  expirationDate?: string;
}

type Page<T> = { rows: T[]; total: number };

export const portalApi = {
  lines: async (q: { currentPage: number; pageSize: number; open?: '1' }) => unwrap(await http.get<Page<OrderLine>>('/portal/order/list', q)),
  confirm: async (orderId: number, lines: Array<{ itemId: number; action: 'confirm' | 'propose'; qty?: string; date?: string }>) =>
    unwrap(await http.post('/portal/order/confirm', { orderId, lines })),
  progress: async (b: { itemId: number; percent: string; expectedShipDate?: string; remark?: string }) => unwrap(await http.post('/portal/order/progress', b)),
  advices: async (q: { currentPage: number; pageSize: number }) => unwrap(await http.get<Page<Advice>>('/portal/advice/list', q)),
  sendAdvice: async (b: { orderId: number; shipDate: string; carrier?: string; trackingNo?: string; lines: AdviceLineInput[] }) =>
    unwrap(await http.post<{ id: number; number: string }>('/portal/advice/add', b)),
  acceptInvite: async (token: string, password: string) => unwrap(await http.post<{ loginName: string }>('/portal/invite/accept', { token, password })),
  // the buyer's side
  buyerAdvices: async (q: { currentPage: number; pageSize: number; status?: string }) => unwrap(await http.get<Page<Advice>>('/portal/buyer/advice/list', q)),
  toInbound: async (id: number) => unwrap(await http.post<{ id: number; number: string }>('/portal/buyer/advice/toInbound', { id })),
  proposals: async () => unwrap(await http.get<Proposal[]>('/portal/buyer/proposals')),
  decide: async (itemIds: number[], accept: boolean) => unwrap(await http.post('/portal/buyer/decide', { itemIds, accept })),
  invite: async (b: { supplierId: number; loginName: string; username: string }) =>
    unwrap(await http.post<{ link: string; userId: number }>('/portal/user/invite', b)),
  suppliers: async () => unwrap(await http.get<Array<{ id: number; supplier: string }>>('/supplier/findBySelect_sup')),
};

/** Runs a write; a business refusal shows its message (the HTTP client already shows transport errors). */
export async function attempt<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof BusinessError) feedback.message.error(messageOf(e.data) ?? String(e.message));
    return undefined;
  }
}

export const today = () => new Date().toISOString().slice(0, 10);
