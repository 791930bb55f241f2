import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import { column, type EntityDef, type listQuerySchema } from '@erp/entities';
import type { Tx } from '../db/database.ts';
import type { Session } from '../auth/session.ts';
import { afterRow, buildWhere, FuzzyIds, orderBy, type Where } from './list-query.ts';
import { badRequest, notFound } from '../errors.ts';
import { selectParts, toApi } from './rows.ts';
import { runListHook } from './controller.ts';
import { deepPage } from './list-marks.ts';

/** The live rows of the session's company: tenant named explicitly, RLS behind it. */
function baseWhere(def: EntityDef, s: Session): Where {
  return { sql: ['t.tenant_id = $1', ...(def.softDelete ? ['not t.delete_flag'] : [])], params: [s.tenantId] };
}

/**
 * Up to this many matching rows the total is counted exactly (and sums are given); past it the
 * planner's estimate is the total, because counting a million rows per page view is what made a
 * big list slow (decisions.md "Lists at a million rows"). LIST_COUNT_CAP overrides it (tests).
 */
const countCap = () => Number(process.env.LIST_COUNT_CAP ?? 10_000);
const COUNTED = '__counted';
const cappedCount = (table: string, where: string, order: string, cap: number) =>
  `select count(*)::int from (select 1 from ${table} t where ${where} order by ${order} limit ${cap + 1}) c`;

export async function listRows(tx: Tx, def: EntityDef, s: Session, q: z.infer<typeof listQuerySchema>, idList?: number[]) {
  const w = baseWhere(def, s);
  buildWhere(def, q, s.priceMasked, w);
  await resolveFuzzy(tx, w.params);
  if (idList) w.sql.push(`t.id = any($${w.params.push(idList)}::bigint[])`);
  const where = w.sql.join(' and ');
  const { select, joins } = selectParts(def, s.priceMasked);
  const order = orderBy(def, q, s.priceMasked);
  // keyset: from the row after the cursor's (the page number is then not used)
  const cursor = q.cursor === undefined ? undefined : readCursor(q.cursor, order);
  const offset = cursor ? 0 : (q.currentPage - 1) * q.pageSize;
  // a deep page seeks from the nearest page mark before it (list-marks.ts), skipping fewer rows
  const deep = cursor || idList ? undefined : await deepPage(tx, { table: def.table, where, params: w.params, order, offset });
  // the cursor's or mark's values are bound for the page query only (the count and sums take the filter's values)
  const pageParams = cursor ? [...w.params, cursor] : deep ? [...w.params, ...deep.params] : w.params;
  const pageWhere = cursor ? `${where} and ${afterRow(def.table, order, `$${pageParams.length}::bigint`)}` : deep ? `${where} and ${deep.where}` : where;
  const cap = countCap();
  // the page's ids first (an index-only walk when an index matches the order, however deep the
  // page), then the columns and joins for those ids only; the capped count rides along as an
  // uncorrelated subquery (computed once), saving a round trip on every full page
  const rows = await tx.query<Record<string, unknown>>(
    `select ${select}, (${cappedCount(def.table, where, order, cap)}) as "${COUNTED}" from ${def.table} t ${joins}
      where t.tenant_id = $1 and t.id = any(array(select t.id from ${def.table} t where ${pageWhere} order by ${order} limit ${q.pageSize} offset ${deep?.offset ?? offset}))
      order by ${order}`,
    pageParams,
  );
  // the last column added, so deleting it keeps the rows' shape fast
  const counted = rows.length ? (rows[0][COUNTED] as number) : undefined;
  for (const r of rows) delete r[COUNTED];
  const sums = (def.sums ?? []).filter((k) => !(s.priceMasked && def.fields[k].price));
  const total = await countRows(tx, def.table, where, w.params, {
    order,
    offset,
    pageSize: q.pageSize,
    page: rows,
    counted,
    cap,
    sums: sums.map((key) => ({ key, col: column(key) })),
    keyset: !!cursor,
  });
  const apiRows = rows.map((r) => toApi(def, r));
  await runListHook({ tx, session: s, def }, apiRows);
  const out: Record<string, unknown> = { rows: apiRows, total: total.n };
  if (total.estimated) out.totalEstimated = true;
  if (sums.length && total.sums) out.sums = Object.fromEntries(sums.map((k, i) => [k, total.sums![i].toNumber()]));
  // the next page from the row after this page's last one (keyset), beside currentPage
  out.nextCursor = rows.length === q.pageSize ? makeCursor(apiRows.at(-1)!.id as number, order) : null;
  return out;
}

/** A short check of the order a cursor was made for: a cursor of another sort is refused, not misread. */
const orderTag = (order: string) => {
  let h = 0;
  for (const c of order) h = (h * 31 + c.charCodeAt(0)) | 0;
  return (h >>> 0).toString(36);
};
const makeCursor = (id: number, order: string) => Buffer.from(`${id}.${orderTag(order)}`).toString('base64url');
function readCursor(cursor: string, order: string): number {
  const m = /^(\d{1,15})\.([0-9a-z]{1,8})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m || m[2] !== orderTag(order)) throw badRequest('cursor 无效：请使用同一排序下上一页返回的 nextCursor');
  return Number(m[1]);
}

/**
 * The list's total and sums. A first page that is not full is the whole list: both come from it.
 * Else the rows are counted up to the cap, in the list's order so the page's index (index-only)
 * does it and it never costs more than the page did; under the cap they are summed too. Past the
 * cap the total is the planner's estimate (never below the rows already shown, plus one when
 * more may follow) and there are no sums.
 */
async function countRows(
  tx: Tx,
  table: string,
  where: string,
  params: unknown[],
  o: {
    order: string;
    offset: number;
    pageSize: number;
    cap: number;
    counted: number | undefined;
    page: Array<Record<string, unknown>>;
    sums: Array<{ key: string; col: string }>;
    /** a keyset page: where it lies in the list is unknown, so the total is always counted */
    keyset: boolean;
  },
): Promise<{ n: number; estimated: boolean; sums?: Decimal[] }> {
  const got = o.page.length;
  if (got < o.pageSize && o.offset === 0 && !o.keyset) {
    // numeric columns are still exact strings here (toApi has not run)
    const sums = o.sums.map(({ key }) => o.page.reduce((a, r) => a.plus((r[key] as string | number | null) ?? 0), new Decimal(0)));
    return { n: got, estimated: false, sums };
  }
  let n = o.offset + got;
  if (got === o.pageSize || got === 0 || o.keyset) {
    // an empty page past the end carried no count: ask for it
    const c = o.counted ?? (await tx.one<{ count: number }>(cappedCount(table, where, o.order, o.cap), params))!.count;
    // never below the rows already shown (a page past the end shows none: only the cap bounds it)
    const shown = got && !o.keyset ? o.offset + got + (got === o.pageSize ? 1 : 0) : 0;
    if (c > o.cap) return { n: await estimate(tx, table, where, params, Math.max(o.cap + 1, shown)), estimated: true };
    n = c;
  }
  // sums only over as many rows as are counted exactly (a last page of a huge list gets none either)
  if (!o.sums.length || n > o.cap) return { n, estimated: false };
  const agg = await tx.one<Record<string, string>>(
    `select ${o.sums.map(({ col }, i) => `coalesce(sum(t.${col}), 0) as s${i}`).join(', ')} from ${table} t where ${where}`,
    params,
  );
  return { n, estimated: false, sums: o.sums.map((_, i) => new Decimal(agg![`s${i}`])) };
}

/**
 * The planner's row estimate for a filter past the cap, at least `floor`. Kept a minute per
 * process (the key holds the tenant, $1, and every bound value): an estimate is approximate
 * anyway, and paging through a big list then costs no extra round trip per page.
 */
const estimates = new Map<string, { n: number; until: number }>();
const ESTIMATE_MS = 60_000;
async function estimate(tx: Tx, table: string, where: string, params: unknown[], floor: number): Promise<number> {
  const key = `${table}\n${where}\n${JSON.stringify(params)}`;
  const now = Date.now();
  let hit = estimates.get(key);
  if (!hit || hit.until < now) {
    const plan = await tx.one<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      `explain (format json) select 1 from ${table} t where ${where}`,
      params,
    );
    if (estimates.size >= 1000) estimates.clear();
    hit = { n: Math.round(plan!['QUERY PLAN'][0].Plan['Plan Rows']), until: now + ESTIMATE_MS };
    estimates.set(key, hit);
  }
  return Math.max(hit.n, floor);
}

/** Fuzzy matches become their ids once, as array text, so the page, count and sums share one index search. */
async function resolveFuzzy(tx: Tx, params: unknown[]): Promise<void> {
  for (const [i, p] of params.entries()) {
    if (!(p instanceof FuzzyIds)) continue;
    const r = await tx.one<{ ids: string }>(`select coalesce(array_agg(id), '{}')::text as ids from erp_fuzzy_ids($1, $2) id`, [p.target, p.pattern]);
    params[i] = r!.ids;
  }
}

export async function info(tx: Tx, def: EntityDef, s: Session, id: number) {
  const w = baseWhere(def, s);
  w.sql.push(`t.id = $${w.params.push(id)}`);
  const { select, joins } = selectParts(def, s.priceMasked);
  const row = await tx.one<Record<string, unknown>>(`select ${select} from ${def.table} t ${joins} where ${w.sql.join(' and ')}`, w.params);
  if (!row) throw notFound('记录不存在或已删除');
  // child lines come with the record
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.kind !== 'lines') continue;
    const c = selectParts(fd.of, s.priceMasked);
    const lines = await tx.query<Record<string, unknown>>(
      `select ${c.select} from ${fd.of.table} t ${c.joins}
        where t.tenant_id = $1 and t.${column(fd.foreignKey)} = $2 ${fd.of.softDelete ? 'and not t.delete_flag' : ''} order by t.id`,
      [s.tenantId, id],
    );
    row[k] = lines.map((l) => toApi(fd.of, l));
  }
  return toApi(def, row);
}
