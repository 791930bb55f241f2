import type { Draft, DraftLine, DraftSpan, SpanKind, UnitOption } from '@erp/entities';
import { http, unwrap } from '../../platform/http.ts';

/** Calls of text recognition (server: modules/textai) and the pickers and sales order save it uses. */
export type { Draft, DraftLine, DraftSpan, SpanKind, UnitOption };

/** A barcode row of the material picker (GET /material/findBySelect). */
export interface MaterialPick {
  id: number;
  name: string;
  barCode: string;
  commodityUnit: string | null;
  wholesaleDecimal: number | string | null;
  meId: number;
}

export interface AliasRow {
  id: number;
  kind: 'customer' | 'material' | 'unit';
  targetId: number | null;
  targetName: string | null;
  alias: string;
}

export const textaiApi = {
  aliases: async () => unwrap(await http.get<AliasRow[]>('/textai/alias/list')),
  addAlias: async (body: { kind: AliasRow['kind']; targetId?: number; targetText?: string; alias: string }) =>
    unwrap(await http.post<{ id: number }>('/textai/alias/add', body)),
  deleteAlias: async (id: number) => unwrap(await http.delete<null>('/textai/alias/delete', { id })),
  recognize: async (text: string) => unwrap(await http.post<Draft>('/textai/recognize', { text })),
  customers: async () => unwrap(await http.get<{ id: number; name: string }[]>('/supplier/findBySelect_cus')),
  depots: async () => unwrap(await http.get<{ rows: { id: number; name: string; isDefault?: boolean }[] }>('/depot/list', { pageSize: 1000 })).rows,
  materials: async (q: string) => unwrap(await http.get<{ rows: MaterialPick[] }>('/material/findBySelect', { q: q || undefined, pageSize: 50 })).rows,
  saveOrder: async (body: { info: Record<string, unknown>; rows: Record<string, unknown>[] }) =>
    unwrap(await http.post<{ id: number; number: string }>('/depotHead/addDepotHeadAndDetail', body)),
};
