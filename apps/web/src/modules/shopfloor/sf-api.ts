import { http, unwrap } from '../../platform/http.ts';

export interface WoCard {
  id: number;
  woNo: string;
  moNo: string | null;
  seq: number;
  status: string;
  product: string;
  workCentre: string;
  process: string | null;
  quantity: string;
  received: string;
  goodQty: string;
  scrapQty: string;
  available: string;
  progress: number;
}
export interface ReportBody {
  workOrderId: number;
  goodQty: string;
  scrapQty?: string;
  defectTypeId?: number;
  person?: string;
  teamId?: number;
  workstationId?: number;
  hours?: string;
  /** 补报: when the units were made (the server's wall clock, as documents' dates) */
  reportTime?: string;
}
export interface StatRow {
  key: string;
  label: string;
  goodQty: number;
  scrapQty: number;
  hours: number;
  reports: number;
}
export interface Panel {
  today: { goodQty: number; scrapQty: number };
  openProgress: number;
  days: Array<{ day: string; goodQty: number; scrapQty: number }>;
  byStatus: Array<{ status: string; count: number }>;
  byCentre: StatRow[];
  latest: Array<{ woNo: string; goodQty: number; scrapQty: number; person: string; at: string }>;
}
export interface DayBar {
  id: number;
  woNo: string;
  workCentreId: number;
  materialName: string;
  quantity: string;
  status: string;
  plannedStart: string;
  plannedEnd: string;
}
export interface DayPlan {
  centres: Array<{ id: number; name: string }>;
  bars: DayBar[];
  conflicts: Array<{ id: number; kind: string }>;
}
type Msg = { message: string };

export const sfApi = {
  scan: async (code: string) => unwrap(await http.get<WoCard>('/shopfloor/scan', { code })),
  card: async (id: number) => unwrap(await http.get<WoCard>('/shopfloor/card', { id })),
  /** `time`: 补报, when it happened (the server's wall clock) */
  execute: async (workOrderId: number, action: 'start' | 'pause' | 'resume' | 'finish', time?: string) =>
    unwrap(await http.post<{ status: string } & Msg>('/shopfloor/execute', { workOrderId, action, ...(time && { time }) })),
  report: async (body: ReportBody) => unwrap(await http.post<{ goodQty: string; progress: number } & Msg>('/shopfloor/report', body)),
  stats: async (by: string, from?: string, to?: string) =>
    unwrap(await http.get<StatRow[]>('/shopfloor/reportStats', { by, ...(from && { from }), ...(to && { to }) })),
  panel: async () => unwrap(await http.get<Panel>('/shopfloor/panel')),
  day: async (from: string, to: string) => unwrap(await http.get<DayPlan>('/schedule/gantt', { from, to })),
  scheduleForward: async () => unwrap(await http.post<{ scheduled: number }>('/schedule/run', { direction: 'forward' })),
};
