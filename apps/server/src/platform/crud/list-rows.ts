import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import { column, type EntityDef, type listQuerySchema } from '@erp/entities';
import type { Tx } from '../db/database.ts';
import type { Session } from '../auth/session.ts';
import { notFound } from '../errors.ts';
import { buildWhere, FuzzyIds, orderBy, type Where } from './list-query.ts';
import { selectParts, toApi } from './rows.ts';
import { runListHook } from './hooks.ts';

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

export async function listRows(tx: Tx, def: EntityDef, s: Session, q: z.infer<typeof listQuerySchema>, idList?: number[]) {
  const w = baseWhere(def, s);
  buildWhere(def, q, s.priceMasked, w);
  await resolveFuzzy(tx, w.params);
  if (idList) w.sql.push(`t.id = any($${w.params.push(idList)}::bigint[])`);
  const where = w.sql.join(' and ');
  const { select, joins } = selectParts(def, s.priceMasked);
  const order = orderBy(def, q, s.priceMasked);
  const offset = (q.currentPage - 1) * q.pageSize;
  // the page's ids first (an index-only walk when an index matches the order, however deep the
  // page), then the columns and joins for those ids only
  const rows = await tx.query<Record<string, unknown>>(
    `select ${select} from ${def.table} t ${joins}
      where t.tenant_id = $1 and t.id = any(array(select t.id from ${def.table} t where ${where} order by ${order} limit ${q.pageSize} offset ${offset}))
      order by ${order}`,
    w.params,
  );
  const sums = (def.sums ?? []).filter((k) => !(s.priceMasked && def.fields[k].price));
  const total = await countRows(tx, def.table, where, w.params, { order, offset, pageSize: q.pageSize, page: rows, sums: sums.map((key) => ({ key, col: column(key) })) });
  const apiRows = rows.map((r) => toApi(def, r));
  await runListHook({ tx, session: s, def }, apiRows);
  const out: Record<string, unknown> = { rows: apiRows, total: total.n };
  if (total.estimated) out.totalEstimated = true;
  if (sums.length && total.sums) out.sums = Object.fromEntries(sums.map((k, i) => [k, total.sums![i].toNumber()]));
  return out;
}

/**
 * The list's total and sums. A first page that is not full is the whole list: both come from it.
 * Else the rows are counted up to the cap, in the list's order so the page's index (index-only)
 * does it and it never costs more than the page did; under the cap they are summed too. Past the
 * cap the total is the planner's estimate (never below the rows already shown, plus one when
 * more may follow) and there are no sums.
 */
async function countRows(
  tx: Tx, table: string, where: string, params: unknown[],
  o: { order: string; offset: number; pageSize: number; page: Array<Record<string, unknown>>; sums: Array<{ key: string; col: string }> },
): Promise<{ n: number; estimated: boolean; sums?: Decimal[] }> {
  const got = o.page.length;
  if (got < o.pageSize && o.offset === 0) {
    // numeric columns are still exact strings here (toApi has not run)
    const sums = o.sums.map(({ key }) => o.page.reduce((a, r) => a.plus((r[key] as string | number | null) ?? 0), new Decimal(0)));
    return { n: got, estimated: false, sums };
  }
  let n = o.offset + got;
  if (got === o.pageSize || got === 0) {
    const cap = countCap();
    const c = await tx.one<{ n: number }>(`select count(*)::int as n from (select 1 from ${table} t where ${where} order by ${o.order} limit ${cap + 1}) c`, params);
    if (c!.n > cap) {
      const plan = await tx.one<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(`explain (format json) select 1 from ${table} t where ${where}`, params);
      const estimate = Math.round(plan!['QUERY PLAN'][0].Plan['Plan Rows']);
      return { n: Math.max(estimate, cap + 1, o.offset + got + (got === o.pageSize ? 1 : 0)), estimated: true };
    }
    n = c!.n;
  }
  // sums only over as many rows as are counted exactly (a last page of a huge list gets none either)
  if (!o.sums.length || n > countCap()) return { n, estimated: false };
  const agg = await tx.one<Record<string, string>>(
    `select ${o.sums.map(({ col }, i) => `coalesce(sum(t.${col}), 0) as s${i}`).join(', ')} from ${table} t where ${where}`,
    params,
  );
  return { n, estimated: false, sums: o.sums.map((_, i) => new Decimal(agg![`s${i}`])) };
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

