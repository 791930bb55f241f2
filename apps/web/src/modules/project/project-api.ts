import { http, unwrap } from '../../platform/http.ts';

export type ProjectStatus = 'new' | 'progress' | 'online' | 'acceptance' | 'summary' | 'closed';
export const STATUSES: ProjectStatus[] = ['new', 'progress', 'online', 'acceptance', 'summary', 'closed'];
export type MoneyKind = 'collection' | 'payment' | 'expense';
export type LinkKind = 'FS' | 'SS' | 'FF' | 'SF';

export interface ProjectRow {
  id: number;
  number: string;
  name: string;
  categoryId: number | null;
  categoryName: string | null;
  status: ProjectStatus;
  startDate: string;
  endDate: string | null;
  budget: string;
  managerName: string | null;
  partnerName: string | null;
}
export interface Task {
  id: number;
  parentId: number | null;
  seq: number;
  name: string;
  duration: number;
  pinnedStart: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  progress: number;
  startDate: string | null;
  endDate: string | null;
  totalFloat: number | null;
  critical: boolean;
}
export interface Link {
  id: number;
  predId: number;
  succId: number;
  kind: LinkKind;
  lag: number;
}
export interface Detail {
  project: ProjectRow & { isTemplate: boolean; managerId: number | null; remark: string | null; warrantyOf: number | null };
  members: Array<{ userId: number; role: string; username: string }>;
  tasks: Task[];
  links: Link[];
  risks: Array<{ id: number; name: string; probability: number; impact: number; status: string; warnDate: string | null; ownerName: string | null }>;
}
export interface MoneyRow {
  id: number;
  kind: MoneyKind;
  number: string;
  billDate: string;
  amount: string;
  accountName: string | null;
  partnerName: string | null;
  contractName: string | null;
  remark: string | null;
}
export interface Pnl {
  income: string;
  cost: string;
  expense: string;
  profit: string;
  labour: string;
  approvedHours: string;
  net: string;
}
export interface Panel {
  byStatus: Array<{ status: ProjectStatus; n: number }>;
  top: Array<{ id: number; name: string; income: string; cost: string }>;
  income: string;
  cost: string;
}
export interface Option {
  id: number;
  name: string;
}
/** The url segment of each kind of money (SPEC menus: 项目收款, 项目付款, 项目费用). */
export const MONEY_URL: Record<MoneyKind, string> = { collection: 'collection', payment: 'payment', expense: 'expenses' };
type Saved = { id: number; number?: string };

export const projectApi = {
  list: async (q: { name?: string; status?: string; categoryId?: number; template?: '0' | '1'; currentPage: number; pageSize: number }) =>
    unwrap(await http.get<{ rows: ProjectRow[]; total: number }>('/project/list', q)),
  detail: async (id: number) => unwrap(await http.get<Detail>('/project/detail', { id })),
  add: async (body: Record<string, unknown>) => unwrap(await http.post<Saved>('/project/add', body)),
  transition: async (id: number, to: ProjectStatus) => unwrap(await http.post<{ status: ProjectStatus }>('/project/transition', { id, to })),
  addTask: async (body: Record<string, unknown>) => unwrap(await http.post<Saved>('/project/task/add', body)),
  updateTask: async (body: Record<string, unknown>) =>
    unwrap(await http.put<{ id: number; moved: number[]; finish: string | null }>('/project/task/update', body)),
  addLink: async (body: { predId: number; succId: number; kind: LinkKind; lag: number }) => unwrap(await http.post<Saved>('/project/link/add', body)),
  deleteLink: async (id: number) => unwrap(await http.post<unknown>('/project/link/delete', { id })),
  money: async (projectId: number) => unwrap(await http.get<MoneyRow[]>('/project/money/list', { projectId })),
  addMoney: async (kind: MoneyKind, body: Record<string, unknown>) => unwrap(await http.post<Saved>(`/project/${MONEY_URL[kind]}/add`, body)),
  pnl: async (projectId: number) => unwrap(await http.get<Pnl>('/project/pnl', { projectId })),
  panel: async () => unwrap(await http.get<Panel>('/project/panel')),
  addContract: async (body: Record<string, unknown>) => unwrap(await http.post<Saved>('/project/contract/add', body)),
  addRisk: async (body: Record<string, unknown>) => unwrap(await http.post<Saved>('/project/risk/add', body)),
  users: async () =>
    unwrap(await http.get<{ rows: Array<{ id: number; username: string }> }>('/user/list', { currentPage: 1, pageSize: 9999 })).rows.map((u) => ({
      id: u.id,
      name: u.username,
    })),
  accounts: async () => unwrap(await http.get<Option[]>('/account/getAccount')),
  partners: async () => unwrap(await http.get<Option[]>('/supplier/findBySelect_organ')),
};
