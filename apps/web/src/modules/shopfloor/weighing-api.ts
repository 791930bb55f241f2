import type { FrameFormat, ScaleUnit } from '@erp/entities';
import { http, unwrap } from '../../platform/http.ts';

export interface Station {
  id: number;
  name: string;
  devicePath: string;
  baud: number;
  frameFormat: FrameFormat;
  unit: ScaleUnit;
  tare: string;
  stableCount: number;
  tolerance: string;
  workCentreId: number | null;
  workCentre: string | null;
  enabled: boolean;
}
export type StationBody = Omit<Station, 'id' | 'workCentre'>;
export interface Reading {
  stationId: number;
  unit: ScaleUnit;
  tare: string;
  weight: string | null;
  stable: boolean;
  stableWeight: string | null;
  net: string | null;
  frames: number;
  garbage: number;
  at: string | null;
}
export interface WeighWo {
  id: number;
  woNo: string;
  product: string;
  process: string | null;
  status: string;
  quantity: string;
}
export interface WeighReport {
  id: number;
  goodQty: string;
  person: string | null;
  createdAt: string;
}
export interface Weighing {
  id: number;
  takenAt: string;
  stationName: string | null;
  woNo: string;
  product: string;
  reportId: number | null;
  source: 'station' | 'browser';
  gross: string;
  tare: string;
  net: string;
  unit: ScaleUnit;
  creatorName: string | null;
}
export interface RecordBody {
  workOrderId: number;
  reportId?: number;
  stationId?: number;
  tare?: string;
  gross?: string;
  unit?: ScaleUnit;
}
type Msg = { message: string };

const base = '/shopfloor/weighing';
export const weighApi = {
  stations: async () => unwrap(await http.get<Station[]>(`${base}/stations`)),
  addStation: async (b: StationBody) => unwrap(await http.post<Msg & { id: number }>(`${base}/station/add`, b)),
  updateStation: async (b: StationBody & { id: number }) => unwrap(await http.post<Msg>(`${base}/station/update`, b)),
  deleteStation: async (id: number) => unwrap(await http.post<Msg>(`${base}/station/delete`, { id })),
  reading: async (stationId: number) => unwrap(await http.get<Reading>(`${base}/reading`, { stationId }, { silent: true })),
  record: async (b: RecordBody) => unwrap(await http.post<Msg & { net: string; unit: string }>(`${base}/record`, b)),
  list: async (p: { currentPage: number; pageSize: number; from?: string; to?: string; stationId?: number }) =>
    unwrap(await http.get<{ rows: Weighing[]; total: number }>(`${base}/list`, p)),
  workOrders: async (search?: string) => unwrap(await http.get<WeighWo[]>(`${base}/workOrders`, search ? { search } : {})),
  reports: async (workOrderId: number) => unwrap(await http.get<WeighReport[]>(`${base}/reports`, { workOrderId })),
};
