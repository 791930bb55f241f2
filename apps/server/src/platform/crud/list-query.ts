import { column, NUMERIC_RE, type EntityDef, type Field, type ListQuery } from '@erp/entities';
import { badRequest } from '../errors.ts';
import { listFilter } from './controller.ts';

/**
 * Turns the generic list query (SPEC §7.4) into SQL. Every column name comes from the entity
 * definition; user text only ever travels as a bound parameter.
 */
export interface Where {
  sql: string[];
  params: unknown[];
}

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

function param(w: Where, v: unknown): string {
  w.params.push(v);
  return `$${w.params.length}`;
}

function parseJson(text: string | undefined, what: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`参数错误 ${what}: 不是合法的JSON`);
  }
}

/** A value checked against the field's kind, ready to bind (with the cast to use). */
function typed(fd: Field | 'datetime', key: string, v: unknown): { value: unknown; cast: string } {
  const kind = fd === 'datetime' ? 'datetime' : fd.kind;
  const s = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
  if (typeof s !== 'string') throw badRequest(`参数错误 ${key}: 值的类型不正确`);
  switch (kind) {
    case 'money':
    case 'quantity':
    case 'number':
      if (!NUMERIC_RE.test(s)) throw badRequest(`参数错误 ${key}: 须为数字`);
      return { value: s, cast: '::numeric' };
    case 'link':
    case 'parent':
      if (!/^\d{1,15}$/.test(s)) throw badRequest(`参数错误 ${key}: 须为编号`);
      return { value: Number(s), cast: '::bigint' };
    case 'date':
    case 'datetime':
      if (!DATE.test(s)) throw badRequest(`参数错误 ${key}: 日期格式应为 YYYY-MM-DD HH:mm:ss`);
      return { value: s, cast: kind === 'date' ? '::date' : '::timestamp' };
    case 'bool':
      if (!['true', 'false', '1', '0'].includes(s)) throw badRequest(`参数错误 ${key}: 须为 true 或 false`);
      return { value: s === 'true' || s === '1', cast: '::boolean' };
    default:
      return { value: s, cast: '' };
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Columns with a trigram index (migration 012). Under row-level security PostgreSQL will not use
 * a non-leakproof operator such as ilike as an index condition, so these are matched by
 * erp_fuzzy_ids(), which reads them as the table owner for the tenant in app.tenant_id only;
 * the list query itself still runs under RLS (decisions.md "Lists at a million rows").
 */
export const FUZZY = new Set(['material.name', 'partner.name', 'material_extend.bar_code']);

/** A fuzzy match, looked up once per request by list-rows.ts (resolveFuzzy) and bound as the ids. */
export class FuzzyIds {
  constructor(
    readonly target: string,
    readonly pattern: string,
  ) {}
}

/** `text` anywhere in a FUZZY column; under 3 characters no trigram can help, so `fallback(param)` filters. */
export function fuzzyWhere(w: Where, target: string, text: string, fallback: (param: string) => string): void {
  const pattern = `%${escapeLike(text.trim())}%`;
  if ([...text.trim()].length < 3) w.sql.push(fallback(param(w, pattern)));
  else w.sql.push(`t.id = any(${param(w, new FuzzyIds(target, pattern))}::bigint[])`);
}

/** Fields that may be seen, searched or sorted by this user (price masking hides prices). */
export function visibleFields(def: EntityDef, priceMasked: boolean): Array<[string, Field]> {
  return Object.entries(def.fields).filter(([, fd]) => fd.kind !== 'lines' && !(priceMasked && fd.price));
}

export function buildWhere(def: EntityDef, q: Pick<ListQuery, 'search' | 'superQueryParams' | 'superQueryMatchType'>, priceMasked: boolean, w: Where): void {
  const fields = new Map(visibleFields(def, priceMasked));
  const search = parseJson(q.search, 'search') ?? {};
  if (typeof search !== 'object' || Array.isArray(search) || search === null) throw badRequest('参数错误 search: 须为JSON对象');
  for (const [key, raw] of Object.entries(search as Record<string, unknown>)) {
    if (raw === '' || raw === null || raw === undefined) continue;
    const range = /^(begin|end)([A-Z]\w*)$/.exec(key);
    if (range) {
      const target = range[2] === 'Time' ? 'createTime' : range[2][0].toLowerCase() + range[2].slice(1);
      const fd = target === 'createTime' ? 'datetime' : fields.get(target);
      if (!fd || (fd !== 'datetime' && !['date', 'datetime', 'money', 'quantity', 'number'].includes(fd.kind))) throw badRequest(`不支持的查询条件: ${key}`);
      const col = target === 'createTime' ? 't.created_at' : `t.${column(target)}`;
      const { value, cast } = typed(fd, key, raw);
      // an end date without a time means the whole day
      const isEndDay = range[1] === 'end' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && cast === '::timestamp';
      const op = range[1] === 'begin' ? '>=' : isEndDay ? '<' : '<=';
      const rhs = isEndDay ? `(${param(w, value)}::date + 1)` : `${param(w, value)}${cast}`;
      w.sql.push(`${col} ${op} ${rhs}`);
      continue;
    }
    if (key === 'enabled' && def.status) {
      w.sql.push(`t.enabled = ${param(w, typed({ kind: 'bool', label: { zh: '状态', en: 'Status' } }, key, raw).value)}`);
      continue;
    }
    const custom = def.computed?.[key]?.search ? listFilter(def.name, key) : undefined;
    if (custom) {
      custom(raw, w);
      continue;
    }
    const fd = fields.get(key);
    if (!fd?.search) throw badRequest(`不支持的查询条件: ${key}`);
    const col = `t.${column(key)}`;
    if (fd.search === 'like') {
      if (typeof raw !== 'string') throw badRequest(`参数错误 ${key}: 须为文本`);
      const target = `${def.table}.${column(key)}`;
      if (FUZZY.has(target)) fuzzyWhere(w, target, raw, (p) => `${col} ilike ${p}`);
      else w.sql.push(`${col} ilike ${param(w, `%${escapeLike(raw.trim())}%`)}`);
    } else {
      const { value, cast } = typed(fd, key, raw);
      w.sql.push(`${col} = ${param(w, value)}${cast}`);
    }
  }
  superQuery(fields, q, w);
}

const RULES: Record<string, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

/** jshERP's client encodes the JSON once more; a malformed escape (%, %zz) is the caller's mistake, not a 500. */
function decodeParam(v: string, name: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    throw badRequest(`参数错误 ${name}: 不是有效的URL编码`);
  }
}

/** Advanced search (SPEC §7.4 superQueryParams): [{field, rule, val}] joined by and/or. */
function superQuery(fields: Map<string, Field>, q: Pick<ListQuery, 'superQueryParams' | 'superQueryMatchType'>, w: Where) {
  const list = parseJson(q.superQueryParams ? decodeParam(q.superQueryParams, 'superQueryParams') : undefined, 'superQueryParams');
  if (list === undefined) return;
  if (!Array.isArray(list) || list.length > 20) throw badRequest('参数错误 superQueryParams: 须为不超过20项的JSON数组');
  const parts: string[] = [];
  for (const item of list) {
    const { field, rule, val } = (item ?? {}) as { field?: unknown; rule?: unknown; val?: unknown };
    const fd = typeof field === 'string' ? fields.get(field) : undefined;
    if (!fd) throw badRequest(`不支持的查询字段: ${String(field)}`);
    const col = `t.${column(field as string)}`;
    if (rule === 'like') {
      if (typeof val !== 'string') throw badRequest(`参数错误 ${field}: 须为文本`);
      parts.push(`${col}::text ilike ${param(w, `%${escapeLike(val)}%`)}`);
    } else if (rule === 'in') {
      const vals = (typeof val === 'string' ? val.split(',') : Array.isArray(val) ? val : [val]).map((v) => typed(fd, String(field), v));
      if (!vals.length || vals.length > 1000) throw badRequest(`参数错误 ${field}: in 须有1到1000个值`);
      parts.push(
        `${col} = any(${param(
          w,
          vals.map((v) => v.value),
        )}${vals[0].cast ? `${vals[0].cast}[]` : '::text[]'})`,
      );
    } else if (typeof rule === 'string' && RULES[rule]) {
      const { value, cast } = typed(fd, String(field), val);
      parts.push(`${col} ${RULES[rule]} ${param(w, value)}${cast}`);
    } else {
      throw badRequest(`不支持的查询规则: ${String(rule)}`);
    }
  }
  if (parts.length) w.sql.push(`(${parts.join(q.superQueryMatchType === 'or' ? ' or ' : ' and ')})`);
}

export function orderBy(def: EntityDef, q: Pick<ListQuery, 'column' | 'order'>, priceMasked: boolean): string {
  const desc = (o?: string) => (o === 'ascend' || o === 'asc' ? 'asc' : 'desc');
  if (q.column) {
    if (q.column === 'createTime') return `t.created_at ${desc(q.order)}, t.id ${desc(q.order)}`;
    if (q.column === 'id') return `t.id ${desc(q.order)}`;
    const fd = new Map(visibleFields(def, priceMasked)).get(q.column);
    if (!fd?.sort) throw badRequest(`不支持的排序字段: ${q.column}`);
    // a required column has no nulls: without the clause, its index serves both directions
    return `t.${column(q.column)} ${desc(q.order)}${fd.required ? '' : ' nulls last'}, t.id desc`;
  }
  if (def.defaultSort) return `t.${column(def.defaultSort.field)} ${desc(def.defaultSort.order)} nulls last, t.created_at desc, t.id desc`;
  return 't.created_at desc, t.id desc';
}

/**
 * Keyset paging (issue 12 item 3): the condition "after the row `lastId`" in the list's order, so a
 * page deep in a big list walks the order's index from that row instead of skipping OFFSET rows.
 * The last row's sort values are read back by id (one primary-key lookup each, computed once), so
 * the cursor holds only an id and a check of the order it was made for. Keys of one direction
 * without a nulls clause become one row comparison (an index condition); others the expanded form.
 */
export function afterRow(table: string, order: string, lastId: string): string {
  return afterKeys(order, (col) => `(select x.${col.slice(2)} from ${table} x where x.tenant_id = $1 and x.id = ${lastId})`);
}

/**
 * The condition "after the row whose sort values are `valueOf(column, i)`" in the list's order
 * (afterRow's, and list-marks.ts's with the values of a page mark bound as parameters).
 */
export function afterKeys(order: string, valueOf: (col: string, i: number) => string): string {
  const keys = order.split(', ').map((k, i) => {
    const m = /^(t\.\w+) (asc|desc)( nulls last)?$/.exec(k);
    if (!m) throw new Error(`keyset: unexpected order key ${k}`);
    return { col: m[1], op: m[2] === 'asc' ? '>' : '<', nullsLast: !!m[3], v: valueOf(m[1], i) };
  });
  if (keys.every((k) => !k.nullsLast && k.op === keys[0].op))
    return `(${keys.map((k) => k.col).join(', ')}) ${keys[0].op} (${keys.map((k) => k.v).join(', ')})`;
  // nulls sort last: after a null come only nulls (of this key); after a value, greater values and the nulls
  const past = (k: (typeof keys)[number]) =>
    k.nullsLast ? `(case when ${k.v} is null then false else ${k.col} ${k.op} ${k.v} or ${k.col} is null end)` : `${k.col} ${k.op} ${k.v}`;
  const same = (k: (typeof keys)[number]) => `${k.col} is not distinct from ${k.v}`;
  return keys.reduceRight((rest, k) => (rest ? `(${past(k)} or (${same(k)} and ${rest}))` : past(k)), '');
}
