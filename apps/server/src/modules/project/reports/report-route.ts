import { z } from 'zod';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { EXPORT_EMPTY, exportStamp } from '../../../platform/crud/export.ts';
import { newWorkbook } from '../../../platform/spreadsheet.ts';

export interface ReportColumn {
  key: string;
  header: string;
  width?: number;
  /** the spreadsheet shows a code's label */
  labels?: Record<string, string>;
}

export interface ReportResult {
  rows: Array<Record<string, unknown>>;
  total: number;
}

const MAX_EXPORT_ROWS = 20000;
export const REPORT = '/project/report';
/** The spreadsheet columns of each project report by url (tests read exports back with them). */
export const PROJECT_REPORT_COLUMNS = new Map<string, ReportColumn[]>();
const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? '是' : '否') : v);

/**
 * A 项目报表 cut as two GET calls with the same filters: `url` (a page of rows and the total) and
 * `url/exportExcel` (every row as a spreadsheet, button 3). Both run the one `run`, so screen and export agree.
 */
export function defineProjectReport<S extends z.ZodRawShape>(def: {
  url: string;
  title: string;
  summary: string;
  filters: S;
  columns: ReportColumn[];
  run(tx: Tx, s: Session, f: z.output<z.ZodObject<S>>, page: { currentPage: number; pageSize: number }): Promise<ReportResult>;
}): RouteSpec[] {
  PROJECT_REPORT_COLUMNS.set(def.url, def.columns);
  type F = z.output<z.ZodObject<S>>;
  const paging = {
    currentPage: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(20),
  };
  const list = defineRoute({
    method: 'GET',
    url: def.url,
    summary: def.summary,
    tags: ['project'],
    access: { menu: REPORT },
    query: z.strictObject({ ...def.filters, ...paging }),
    handler: ({ tx, session, query }) => {
      const { currentPage, pageSize, ...f } = query as Record<string, unknown> & { currentPage: number; pageSize: number };
      return def.run(tx, session, f as F, { currentPage, pageSize });
    },
  });
  const exportExcel = defineRoute({
    method: 'GET',
    url: `${def.url}/exportExcel`,
    summary: `${def.summary}: as a spreadsheet`,
    tags: ['project'],
    access: { menu: REPORT, btn: '3' },
    query: z.strictObject(def.filters),
    handler: async ({ tx, session, query, reply }) => {
      const r = await def.run(tx, session, query as F, { currentPage: 1, pageSize: MAX_EXPORT_ROWS });
      if (!r.rows.length) throw new BusinessError(EXPORT_EMPTY);
      if (r.total > MAX_EXPORT_ROWS) throw new BusinessError(`导出不能超过${MAX_EXPORT_ROWS}行，请缩小查询范围`);
      const wb = await newWorkbook();
      const ws = wb.addWorksheet(def.title);
      ws.columns = def.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
      ws.getRow(1).font = { bold: true };
      const value = (c: ReportColumn, v: unknown) => cell(c.labels && typeof v === 'string' ? (c.labels[v] ?? v) : v);
      for (const row of r.rows) ws.addRow(Object.fromEntries(def.columns.map((c) => [c.key, value(c, row[c.key])])));
      const name = `${def.title}${exportStamp()}.xls`;
      return reply
        .header('content-type', 'application/vnd.ms-excel')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('download-filename', encodeURIComponent(name))
        .send(Buffer.from(await wb.xlsx.writeBuffer()));
    },
  });
  return [list, exportExcel];
}
