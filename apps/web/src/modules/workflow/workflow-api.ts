import type { FactFields, FlowGraph } from '@erp/entities';
import { http, unwrap } from '../../platform/http.ts';

/** A task as the to-do, done and all-task lists show it (GET /workflow/task/*). */
export interface Task {
  id: number;
  instanceId: number;
  nodeName: string;
  status: string;
  docType: string;
  docLabel: string;
  busId: number;
  busNumber: string;
  processName: string;
  initiatorName: string;
  assigneeName: string;
  ownerName: string | null;
  comment: string | null;
  createTime: string;
  doneTime: string | null;
}

export interface Flow {
  id: number;
  processId: string | null;
  processName: string;
  modelKey: string;
  version: number | null;
  deployId: number | null;
  processType: string;
  enabled: boolean;
  deployTime: string | null;
}

export interface TimelineAction {
  action: string;
  nodeName: string | null;
  actorName: string | null;
  onBehalfOfName: string | null;
  targetUserName: string | null;
  comment: string | null;
  time: string;
}

export interface Instance {
  id: number;
  status: string;
  processName: string;
  version: number;
  startTime: string;
  endTime: string | null;
  actions: TimelineAction[];
  pending: Array<{ id: number; nodeName: string; status: string; assigneeName: string; ownerName: string | null }>;
}

/** An approval I started (GET /workflow/instance/mine). */
export interface MyInstance {
  id: number;
  docLabel: string;
  busNumber: string;
  status: string;
  processName: string;
  version: number;
  nodeName: string | null;
  startTime: string;
  endTime: string | null;
}

export interface Delegation {
  id: number;
  principalName: string;
  agentName: string;
  beginDate: string;
  endDate: string;
  remark: string | null;
  active: boolean;
}

/** A flow with its draft graph (GET /workflow/flow/detail). */
export interface FlowDetail {
  id: number;
  processName: string;
  modelKey: string;
  processType: string;
  enabled: boolean;
  graph: FlowGraph;
  webhookUrl: string | null;
  hasWebhookSecret: boolean;
  versions: Array<{ deployId: number; version: number; deployTime: string }>;
}
/** One webhook delivery (GET /workflow/flow/webhookLog). */
export interface Delivery {
  id: number;
  event: string;
  status: string;
  attempts: number;
  responseCode: number | null;
  error: string | null;
  createTime: string;
}

export type FlowDraft = { processName: string; modelKey: string; processType: string; graph: FlowGraph };

export type TaskScope = 'todo' | 'done' | 'all';
type Done = { message: string };

export const workflowApi = {
  tasks: async (scope: TaskScope, q: { currentPage: number; pageSize: number; number?: string; taskId?: number }) =>
    unwrap(await http.get<{ rows: Task[]; total: number }>(`/workflow/task/${scope}`, q)),
  todoCount: async () => unwrap(await http.get<{ count: number }>('/workflow/task/todoCount')),
  pass: async (taskId: number, comment?: string) => unwrap(await http.post<Done>('/workflow/task/pass', { taskId, comment })),
  reject: async (taskId: number, comment: string) => unwrap(await http.post<Done>('/workflow/task/reject', { taskId, comment })),
  flows: async (q: { currentPage: number; pageSize: number }) => unwrap(await http.get<{ rows: Flow[]; total: number }>('/workflow/flow/list', q)),
  types: async () => unwrap(await http.get<Array<{ docType: string; label: string; fields: FactFields }>>('/workflow/flow/types')),
  detail: async (id: number) => unwrap(await http.get<FlowDetail>('/workflow/flow/detail', { id })),
  addFlow: async (d: FlowDraft) => unwrap(await http.post<Done & { id: number }>('/workflow/flow/add', d)),
  updateFlow: async (id: number, d: { processName: string; graph: FlowGraph }) => unwrap(await http.put<Done>('/workflow/flow/update', { id, ...d })),
  setWebhook: async (id: number, webhookUrl: string | null, webhookSecret?: string) =>
    unwrap(await http.put<Done>('/workflow/flow/update', { id, webhookUrl, ...(webhookSecret ? { webhookSecret } : {}) })),
  webhookLog: async (id: number) =>
    unwrap(await http.get<{ rows: Delivery[]; total: number }>('/workflow/flow/webhookLog', { id, currentPage: 1, pageSize: 50 })),
  roles: async () => unwrap(await http.get<Array<{ id: number; name: string }>>('/role/allList')),
  deploy: async (id: number) => unwrap(await http.post<Done & { version: number }>('/workflow/flow/deploy', { id })),
  enable: async (id: number, enabled: boolean) => unwrap(await http.put<Done>('/workflow/flow/update', { id, enabled })),
  remove: async (id: number) => unwrap(await http.delete<Done>('/workflow/flow/delete', { id })),
  exportBpmn: async (id: number) => unwrap(await http.get<{ xml: string }>('/workflow/flow/exportBpmn', { id })),
  importBpmn: async (xml: string, processType: string) => unwrap(await http.post<Done & { id: number }>('/workflow/flow/importBpmn', { xml, processType })),
  timeline: async (docType: string, busId: number) => unwrap(await http.get<Instance[]>('/workflow/timeline', { docType, busId })),
  submit: async (docType: string, busId: number) => unwrap(await http.post<Done>('/workflow/submit', { docType, busId })),
  mine: async (q: { currentPage: number; pageSize: number }) => unwrap(await http.get<{ rows: MyInstance[]; total: number }>('/workflow/instance/mine', q)),
  users: async () => unwrap(await http.get<{ rows: Array<{ id: number; username: string }> }>('/user/list', { currentPage: 1, pageSize: 9999 })).rows,
  agents: async (q: { currentPage: number; pageSize: number }) => unwrap(await http.get<{ rows: Delegation[]; total: number }>('/workflow/agent/list', q)),
  addAgent: async (d: { agentId: number; beginDate: string; endDate: string; remark?: string }) => unwrap(await http.post<Done>('/workflow/agent/add', d)),
  removeAgent: async (id: number) => unwrap(await http.delete<Done>('/workflow/agent/delete', { id })),
  withdraw: async (instanceId: number) => unwrap(await http.post<Done>('/workflow/withdraw', { instanceId })),
};
