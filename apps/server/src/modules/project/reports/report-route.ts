import { z } from 'zod';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet } from '../../../platform/crud/export.ts';

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
      // a code's label where the column has labels
      const shown = (c: ReportColumn, v: unknown) => (c.labels && typeof v === 'string' ? (c.labels[v] ?? v) : v);
      const rows = r.rows.map((row) => Object.fromEntries(def.columns.map((c) => [c.key, shown(c, row[c.key])])));
      return sendSheet(reply, def.title, def.columns, rows);
    },
  });
  return [list, exportExcel];
}
