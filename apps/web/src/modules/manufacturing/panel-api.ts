import { http, unwrap } from '../../platform/http.ts';

export interface DataPanel {
  windows: { orderDays: number; outputDays: number; loadDays: number; top: number };
  states: Array<{ status: string; count: number }>;
  late: { orders: number; workOrders: number };
  output: Array<{ day: string; good: string; scrap: string }>;
  top: Array<{ materialId: number; name: string; good: string }>;
  load: Array<{ id: number; name: string; plannedHours: number; availableHours: number; loadPercent: number }>;
}

export interface MakeGlobal {
  draftOrders: number;
  releasedOrders: number;
  openWorkOrders: number;
  startedWorkOrders: number;
  lateWorkOrders: number;
  plannedMake: number;
  plannedBuy: number;
  lastPlanDate: string | null;
  heldWorkOrders: number;
  heldQty: string;
  tasksToday: number;
  tasksTodayDone: number;
  lateOrders: number;
  outputToday: string;
  outputWeek: string;
}

export const panelApi = {
  data: async () => unwrap(await http.get<DataPanel>('/manufacture/dataPanelData')),
  global: async () => unwrap(await http.get<MakeGlobal>('/manufacture/makeGlobalData')),
};
