import { http, unwrap } from '../../../platform/http.ts';
import { saveFile } from '../../../platform/crud/file-transfer.ts';

/** Calls of the report screens and panels (docs/api.md "Stock reports", "Order tracking and panels"). */
export type ReportRow = Record<string, unknown>;
export type Params = Record<string, string | number | undefined>;

export interface ReportReply {
  rows: ReportRow[];
  total: number;
  sums?: Record<string, number | null>;
  opening?: { qty: number; value: number | null };
  closing?: { qty: number; value: number | null };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** SPEC §7.3: the export is named with an MMddhhmmss suffix. */
function stamp(d = new Date()): string {
  return `${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}

export const reportApi = {
  list: async (url: string, params: Params) => unwrap(await http.get<ReportReply>(url, params)),
  /** the whole filter as a spreadsheet; a refusal (no rows, too many) is shown by the HTTP client */
  exportXls: async (url: string, params: Params, title: string) => {
    const blob = await http.blob(`${url}/exportExcel`, params);
    saveFile({ blob, fileName: `${title}${stamp()}.xls` });
  },
  get: async <T>(url: string, params?: Params) => unwrap(await http.get<T>(url, params)),
};
