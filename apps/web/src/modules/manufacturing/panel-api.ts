import { http, unwrap } from '../../platform/http.ts';

export interface DataPanel {
  windows: { orderDays: number; outputDays: number; loadDays: number; top: number };
  states: Array<{ status: string; count: number }>;
  late: { orders: number; workOrders: number };
  output: Array<{ day: string; good: string; scrap: string }>;
  top: Array<{ materialId: number; name: string; good: string }>;
  load: Array<{ id: number; name: string; plannedHours: number; availableHours: number; loadPercent: number }>;
}

/** 生产工作台's figures (GET /manufacture/workbenchData); 生产总览 answers them too, with its own beside them. */
export interface WorkbenchFigures {
  draftOrders: number;
  releasedOrders: number;
  openWorkOrders: number;
  startedWorkOrders: number;
  lateWorkOrders: number;
  plannedMake: number;
  plannedBuy: number;
  lastPlanDate: string | null;
}

export interface MakeGlobal extends WorkbenchFigures {
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
