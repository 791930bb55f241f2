import { z } from 'zod';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { allowedIds } from '../../../platform/auth/data-scope.ts';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet } from '../../../platform/crud/export.ts';

export type Row = Record<string, unknown>;

export interface Column {
  key: string;
  header: string;
  /** a value or cost: null under price masking, and left out of the spreadsheet */
  price?: boolean;
  width?: number;
}

export interface Result {
  rows: Row[];
  total: number;
  /** totals, opening/closing balances… (their price keys are masked like the rows') */
  [extra: string]: unknown;
}

export interface RunCtx {
  tx: Tx;
  session: Session;
  /** the user's warehouses (data scope); null = all */
  scope: number[] | null;
}

export interface ReportDef<S extends z.ZodRawShape> {
  url: string;
  menu: string | readonly string[];
  title: string;
  summary: string;
  filters: S;
  columns: Column[];
  /** keys outside the rows that hold values, e.g. opening.value */
  alsoMask?: string[];
  run(c: RunCtx, f: z.output<z.ZodObject<S>>, page: { limit: number; offset: number }): Promise<Result>;
  /** rows around the listed ones in the spreadsheet (opening balance, totals) */
  sheet?(r: Result): { before?: Row[]; after?: Row[] };
}

export const MAX_EXPORT_ROWS = 50000;
/** The spreadsheet columns of each report by url (tests read exports back with them). */
export const REPORT_COLUMNS = new Map<string, Column[]>();
export const paging = {
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
};

function maskDeep(v: unknown, keys: Set<string>): unknown {
  if (Array.isArray(v)) return v.map((x) => maskDeep(x, keys));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, keys.has(k) ? null : maskDeep(x, keys)]));
  return v;
}

/**
 * A report as two GET calls with the same filters: `url` (paged JSON) and `url/exportExcel` (the
 * same rows as a spreadsheet, button 3). Both run the one `run` function, so they cannot disagree;
 * the warehouse data scope is worked out here, so no report can forget it.
 */
export function defineReport<S extends z.ZodRawShape>(def: ReportDef<S>): RouteSpec[] {
  REPORT_COLUMNS.set(def.url, def.columns);
  const priceKeys = new Set([...def.columns.filter((c) => c.price).map((c) => c.key), ...(def.alsoMask ?? [])]);
  const tags = ['report'];
  const exec = async (tx: Tx, session: Session, f: z.output<z.ZodObject<S>>, page: { limit: number; offset: number }) => {
    // a report sums a few thousand summary rows: with several users on few cores, a parallel plan's workers cost
    // more than they save (bench:reports at 10,000,000 rows: the large company's plans went parallel, ~2× slower).
    // And every statement is planned for its own dates: a report's statements are named (prepared) after their second
    // run, and a plan made once for any dates is far slower (库龄分析's main statement: 183 ms generic, 24 ms planned).
    await tx.query(`select set_config('max_parallel_workers_per_gather', '0', true), set_config('plan_cache_mode', 'force_custom_plan', true)`);
    const r = await def.run({ tx, session, scope: await allowedIds(tx, session, 'depot') }, f, page);
    return session.priceMasked ? (maskDeep(r, priceKeys) as Result) : r;
  };
  const list = defineRoute({
    method: 'GET',
    url: def.url,
    summary: def.summary,
    tags,
    access: { menu: def.menu },
    query: z.strictObject({ ...def.filters, ...paging }),
    handler: ({ tx, session, query }) => {
      const { currentPage, pageSize, ...f } = query as Row & { currentPage: number; pageSize: number };
      return exec(tx, session, f as z.output<z.ZodObject<S>>, { limit: pageSize, offset: (currentPage - 1) * pageSize });
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
      const r = await exec(tx, session, query as z.output<z.ZodObject<S>>, { limit: MAX_EXPORT_ROWS, offset: 0 });
      if (!r.rows.length) throw new BusinessError(EXPORT_EMPTY);
      if (r.total > MAX_EXPORT_ROWS) throw new BusinessError(`导出不能超过${MAX_EXPORT_ROWS}行，请缩小查询范围`);
      const cols = def.columns.filter((c) => !(c.price && session.priceMasked));
      const extra = def.sheet?.(r) ?? {};
      return sendSheet(reply, def.title, cols, [...(extra.before ?? []), ...r.rows, ...(extra.after ?? [])]);
    },
  });
  return [list, exportExcel];
}

/**
 * One page of rows, with the count and the sums over the whole filter computed in the same
 * statement (window aggregates), so a heavy `with` part runs once. Sums: output key → expression.
 */
export async function paged(
  tx: Tx,
  params: unknown[],
  o: {
    with?: string;
    select: string;
    body: string;
    order: string;
    sums?: Record<string, string>;
    page: { limit: number; offset: number };
    /**
     * Joins made for the page's rows only: `body` then reads one alias (`late.alias`) without them, and its rows are
     * counted, summed and paged in `late.order` (the same order as `order`) before the joins — a report of 8,000
     * rows joins 100 to their materials and warehouses, not 8,000 (bench:reports: ~40 % of the statement).
     */
    late?: { alias: string; order: string; joins: string };
  },
): Promise<{ rows: Row[]; total: number; sums?: Row }> {
  const w = o.with ? `with ${o.with} ` : '';
  const sums = Object.entries(o.sums ?? {});
  const win = sums.map(([, e], i) => `, coalesce(sum(${e}) over (), 0)::float8 as "__s${i}"`).join('');
  const limit = `limit ${o.page.limit} offset ${o.page.offset}`;
  const sql = o.late
    ? `${w}select ${o.select}, ${o.late.alias}."__total"${sums.map((_, i) => `, ${o.late!.alias}."__s${i}"`).join('')}
         from (select ${o.late.alias}.*, count(*) over ()::int as "__total"${win} ${o.body} order by ${o.late.order} ${limit}) ${o.late.alias}
         ${o.late.joins} order by ${o.order}`
    : `${w}select ${o.select}, count(*) over ()::int as "__total"${win} ${o.body} order by ${o.order} ${limit}`;
  const rows = await tx.query<Row>(sql, params);
  let agg: Row;
  if (rows.length) agg = { total: rows[0].__total, ...Object.fromEntries(sums.map(([k], i) => [k, rows[0][`__s${i}`]])) };
  else if (o.page.offset === 0) agg = { total: 0, ...Object.fromEntries(sums.map(([k]) => [k, 0])) };
  // past the last page: the totals still describe the filter
  else
    agg = (await tx.one<Row>(
      `${w}select count(*)::int as total${sums.map(([k, e]) => `, coalesce(sum(${e}), 0)::float8 as "${k}"`).join('')} ${o.body}`,
      params,
    ))!;
  for (const r of rows) {
    delete r.__total;
    sums.forEach((_, i) => delete r[`__s${i}`]);
  }
  const { total, ...rest } = agg;
  return { rows, total: total as number, ...(o.sums ? { sums: rest } : {}) };
}
