import { http, unwrap } from '../../platform/http.ts';

export type Scope = 'lead' | 'pool' | 'archive';

/** A customer or lead as the lead, high-seas and archive lists show it. */
export interface CustomerRow {
  id: number;
  name: string;
  contacts: string | null;
  phone: string | null;
  email?: string | null;
  taxNum: string | null;
  customerStage: string | null;
  grade: string | null;
  industry: string | null;
  source: string | null;
  tags: string | null;
  status: 'lead' | 'customer';
  ownerId: number | null;
  ownerName: string | null;
  lastFollowTime: string | null;
  nextFollowDate: string | null;
  createTime: string;
}

export interface TimelineEntry {
  kind: 'follow' | 'pool' | 'opportunity' | 'mail';
  subtype: string;
  text: string;
  nextFollowDate: string | null;
  userName: string | null;
  time: string;
  id: number;
}

export interface Card {
  id: number;
  name: string;
  partnerName: string;
  ownerName: string;
  currency: string;
  amount: string;
  baseAmount: string;
  expectedClose: string | null;
}

export interface BoardStage {
  id: number;
  name: string;
  probability: string;
  count: number;
  total: string;
  weighted: string;
  cards: Card[];
}

export interface Dashboard {
  baseCurrency: string;
  funnel: Array<{ stageId: number; name: string; count: number; total: string }>;
  wonByMonth: Array<{ month: string; total: string; n: number }>;
}

export interface FollowRow {
  id: number;
  partnerId: number;
  partnerName: string;
  kind: string;
  content: string;
  followTime: string;
  nextFollowDate: string | null;
  userName: string;
}

export interface PoolSetting {
  poolEnabled: boolean;
  followDays: number;
  dealDays: number;
  claimCap: number;
  warnDays: number;
}

export interface TaskTemplate {
  id: number;
  name: string;
  items: Array<{ title: string; offsetDays: number; assigneeId?: number | null }>;
}

const LIST_URL: Record<Scope, string> = { lead: '/crm/lead/list', pool: '/crm/pool/list', archive: '/crm/customer/list' };
type Page = { currentPage: number; pageSize: number };

export const crmApi = {
  customers: async (scope: Scope, q: Page & { name?: string; mine?: boolean }) =>
    unwrap(await http.get<{ rows: CustomerRow[]; total: number }>(LIST_URL[scope], { ...q, mine: q.mine ? 'true' : undefined })),
  detail: async (partnerId: number) => unwrap(await http.get<CustomerRow & { timeline: TimelineEntry[] }>('/crm/customer/detail', { partnerId })),
  addLead: async (d: { name: string; contacts?: string; phone?: string; taxNum?: string; toPool?: boolean }) =>
    unwrap(await http.post<{ id: number }>('/crm/lead/add', d)),
  convert: async (partnerId: number) => unwrap(await http.post('/crm/lead/convert', { partnerId })),
  claim: async (partnerId: number) => unwrap(await http.post('/crm/pool/claim', { partnerId })),
  release: async (partnerId: number) => unwrap(await http.post('/crm/pool/release', { partnerId })),
  templates: async () => unwrap(await http.get<TaskTemplate[]>('/crm/taskTemplate/list')),
  saveTemplate: async (d: { id?: number; name: string; items: TaskTemplate['items'] }) => unwrap(await http.post('/crm/taskTemplate/save', d)),
  applyTemplate: async (id: number, templateId: number, startDate?: string) =>
    unwrap(await http.post<Array<{ id: string }>>('/crm/opportunity/applyTemplate', { id, templateId, startDate })),
  removeTemplate: async (id: number) => unwrap(await http.delete('/crm/taskTemplate/delete', { id })),
  setting: async () => unwrap(await http.get<PoolSetting>('/crm/pool/setting')),
  saveSetting: async (d: PoolSetting) => unwrap(await http.put('/crm/pool/setting', d)),
  reclaim: async () => unwrap(await http.post<{ reclaimed: number; warned: number }>('/crm/pool/reclaim')),
  follow: async (d: { partnerId: number; kind: string; content: string; nextFollowDate?: string }) => unwrap(await http.post('/crm/follow/add', d)),
  follows: async (q: Page & { mine?: boolean }) =>
    unwrap(await http.get<{ rows: FollowRow[]; total: number }>('/crm/follow/list', { ...q, mine: q.mine ? 'true' : undefined })),
  due: async () => unwrap(await http.get<Array<{ partnerId: number; name: string; nextFollowDate: string; ownerName: string }>>('/crm/follow/due')),
  board: async (ownerId?: number) => unwrap(await http.get<{ baseCurrency: string; stages: BoardStage[] }>('/crm/board', { ownerId })),
  addOpportunity: async (d: { name: string; partnerId: number; currency: string; amount: string; expectedClose?: string }) =>
    unwrap(await http.post<{ id: number }>('/crm/opportunity/add', d)),
  move: async (id: number, stageId: number) => unwrap(await http.put('/crm/opportunity/move', { id, stageId })),
  close: async (id: number, result: 'won' | 'lost', reason?: string) => unwrap(await http.post('/crm/opportunity/close', { id, result, reason })),
  dashboard: async () => unwrap(await http.get<Dashboard>('/crm/dashboard', { all: 'true' })),
  users: async () => unwrap(await http.get<{ rows: Array<{ id: number; username: string }> }>('/user/list', { currentPage: 1, pageSize: 9999 })).rows,
};
