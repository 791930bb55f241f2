import { z } from 'zod';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet } from '../../../platform/crud/export.ts';

export type Row = Record<string, unknown>;

export interface FinColumn {
  key: string;
  header: string;
  width?: number;
  /** an amount at purchase or sale prices: null for roles with price masking, and left out of their spreadsheet */
  price?: boolean;
}

export interface FinResult {
  rows: Row[];
  total: number;
  sums?: Row;
  [extra: string]: unknown;
}

export interface FinReportDef<S extends z.ZodRawShape> {
  url: string;
  menu: string | readonly string[];
  title: string;
  summary: string;
  tags?: string[];
  filters: S;
  columns: FinColumn[];
  run(tx: Tx, session: Session, f: z.output<z.ZodObject<S>>, page: { currentPage: number; pageSize: number }): Promise<FinResult>;
}

const MAX_EXPORT_ROWS = 50000;
/** The spreadsheet columns of each finance report by url (tests read exports back with them). */
export const FIN_REPORT_COLUMNS = new Map<string, FinColumn[]>();
export const finPaging = {
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
};
function maskDeep(v: unknown, keys: Set<string>): unknown {
  if (Array.isArray(v)) return v.map((x) => maskDeep(x, keys));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, keys.has(k) ? null : maskDeep(x, keys)]));
  return v;
}

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? '是' : '否') : v);

/**
 * A finance report as two GET calls with the same filters (the recipe of the stock reports): `url` (a page of
 * rows, the total and the 合计 sums) and `url/exportExcel` (every row as a spreadsheet with the 合计 row, button 3).
 * Both run the one `run` function, so the screen and its export cannot disagree.
 */
export function defineFinReport<S extends z.ZodRawShape>(def: FinReportDef<S>): RouteSpec[] {
  FIN_REPORT_COLUMNS.set(def.url, def.columns);
  const tags = def.tags ?? ['finance'];
  type F = z.output<z.ZodObject<S>>;
  // price masking (SPEC §6), as the stock reports do it
  const priceKeys = new Set(def.columns.filter((c) => c.price).map((c) => c.key));
  const run = async (tx: Tx, s: Session, f: F, page: { currentPage: number; pageSize: number }) => {
    const r = await def.run(tx, s, f, page);
    return s.priceMasked && priceKeys.size ? (maskDeep(r, priceKeys) as FinResult) : r;
  };
  const list = defineRoute({
    method: 'GET',
    url: def.url,
    summary: def.summary,
    tags,
    access: { menu: def.menu },
    query: z.strictObject({ ...def.filters, ...finPaging }),
    handler: ({ tx, session, query }) => {
      const { currentPage, pageSize, ...f } = query as Row & { currentPage: number; pageSize: number };
      return run(tx, session, f as F, { currentPage, pageSize });
    },
  });
  const exportExcel = defineRoute({
    method: 'GET',
    url: `${def.url}/exportExcel`,
    summary: `${def.summary}: as a spreadsheet`,
    tags,
    access: { menu: def.menu, btn: '3' },
    query: z.strictObject(def.filters),
    handler: async ({ tx, session, query, reply }) => {
      const r = await run(tx, session, query as F, { currentPage: 1, pageSize: MAX_EXPORT_ROWS });
      const columns = session.priceMasked ? def.columns.filter((c) => !c.price) : def.columns;
      if (!r.rows.length) throw new BusinessError(EXPORT_EMPTY);
      if (r.total > MAX_EXPORT_ROWS) throw new BusinessError(`导出不能超过${MAX_EXPORT_ROWS}行，请缩小查询范围`);
      const asCells = (row: Row) => Object.fromEntries(columns.map((c) => [c.key, cell(row[c.key])]));
      return sendSheet(reply, def.title, columns, r.rows.map(asCells), r.sums && asCells(r.sums));
    },
  });
  return [list, exportExcel];
}
