import { http, unwrap } from '../../platform/http.ts';

export type TimeStatus = 'draft' | 'submitted' | 'approved' | 'rejected';
export interface TimeEntry {
  id: number;
  taskId: number;
  taskName: string;
  userId: number;
  username: string;
  workDate: string;
  hours: string;
  content: string | null;
  status: TimeStatus;
  resourcePriceId: number | null;
  resourceName: string | null;
  cost: string | null;
  rejectReason: string | null;
}
export interface OnlineRecord {
  id: number;
  onlineDate: string;
  scope: string;
  signer: string | null;
  signDate: string | null;
  remark: string | null;
}
export interface ResourcePrice {
  id: number;
  resourceType: 'role' | 'person' | 'device';
  name: string;
  unit: 'hour' | 'day';
  rate: string;
}
type Saved = { id: number; number?: string };

/** Calls of the time-entry, go-live, organization, warranty and resource-price forms. */
export const workApi = {
  time: async (projectId: number) => unwrap(await http.get<{ rows: TimeEntry[]; approvedHours: string; labour: string }>('/project/time/list', { projectId })),
  logTime: async (body: Record<string, unknown>) => unwrap(await http.post<Saved & { status: TimeStatus }>('/project/time/add', body)),
  updateTime: async (body: Record<string, unknown>) => unwrap(await http.post<Saved & { status: TimeStatus }>('/project/time/update', body)),
  deleteTime: async (id: number) => unwrap(await http.post<unknown>('/project/time/delete', { id })),
  submitTime: async (id: number) => unwrap(await http.post<unknown>('/project/time/submit', { id })),
  decideTime: async (id: number, approve: boolean, reason?: string) => unwrap(await http.post<unknown>('/project/time/decide', { id, approve, reason })),
  online: async (projectId: number) => unwrap(await http.get<OnlineRecord[]>('/project/online/list', { projectId })),
  addOnline: async (body: Record<string, unknown>) => unwrap(await http.post<Saved>('/project/online/add', body)),
  members: async (projectId: number, members: Array<{ userId: number; role: string }>) =>
    unwrap(await http.post<unknown>('/project/members', { projectId, members })),
  warranty: async (id: number, startDate: string) => unwrap(await http.post<Saved>('/project/warranty', { id, startDate })),
  prices: async () => unwrap(await http.get<{ rows: ResourcePrice[] }>('/resourcePrice/list', { currentPage: 1, pageSize: 500 })).rows,
  addPrice: async (body: Record<string, unknown>) => unwrap(await http.post<Saved>('/resourcePrice/add', body)),
};
