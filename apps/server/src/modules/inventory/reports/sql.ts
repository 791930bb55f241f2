import { z } from 'zod';
import { DOC_TYPES } from '@erp/entities';
import type { Session } from '../../../platform/auth/session.ts';
import { ownDataOnly, ownDocument } from '../../../platform/auth/own-data.ts';

/** Query-string pieces shared by the stock reports: every report schema is strict (unknown keys → 400). */
export const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** free text; empty means no filter (search forms send empty fields) */
export const text = (max: number) => z.string().trim().max(max);

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** A real calendar date (2026-02-30 is refused here rather than by the database). */
function realDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d, h = '0', mi = '0', sec = '0'] = m.slice(1).map((x) => x ?? '0');
  const t = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec));
  return t.getUTCFullYear() === +y && t.getUTCMonth() === +mo - 1 && t.getUTCDate() === +d && +h < 24 && +mi < 60 && +sec < 60 && +y >= 1900;
}
export const date = z.string().regex(DATE_RE, '日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss').refine(realDate, '日期无效');
export const days = z.coerce.number().int().min(1).max(3650);
export const flag = z.enum(['0', '1']);

/** The document types that move stock, plus `opening` (opening stock entered on the material). */
export const STOCK_DOC_KEYS = ['opening', ...DOC_TYPES.filter((t) => t.stock !== 0).map((t) => t.key)] as [string, ...string[]];
export const docKeyList = z
  .string()
  .trim()
  .refine((s) => s === '' || s.split(',').every((k) => STOCK_DOC_KEYS.includes(k)), `docType 须为逗号分隔的单据类型: ${STOCK_DOC_KEYS.join(',')}`);

const LABEL: Record<string, string> = { opening: '期初库存', ...Object.fromEntries(DOC_TYPES.map((t) => [t.key, t.label.zh])) };
export const docLabel = (key: string | null) => (key ? (LABEL[key] ?? key) : null);

/** Parameters numbered as they are added; $1 is always the tenant. */
export class Q {
  readonly params: unknown[];
  constructor(tenantId: number) {
    this.params = [tenantId];
  }
  v(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** expr contains the text (as typed: % and _ are not wildcards). */
export const contains = (q: Q, expr: string, text: string) => `${expr} ilike ${q.v(likeText(text))}`;

/** name, model or any live barcode of the material (alias m) contains the text. */
export function materialMatch(q: Q, text: string): string {
  const p = q.v(likeText(text));
  return `(m.name ilike ${p} or m.model ilike ${p} or exists (select 1 from material_extend e
            where e.tenant_id = m.tenant_id and e.material_id = m.id and not e.delete_flag and e.bar_code ilike ${p}))`;
}

/** The category or any category below it. */
export function inCategory(q: Q, categoryId: number): string {
  return `m.category_id in (with recursive c(id) as (select ${q.v(categoryId)}::bigint
            union select x.id from material_category x join c on x.parent_id = c.id where x.tenant_id = $1) select id from c)`;
}

/** null: every warehouse; otherwise the column must be one of the user's warehouses (data scope). */
export const inScope = (q: Q, col: string, scope: number[] | null) => (scope ? `${col} = any(${q.v(scope)}::bigint[])` : 'true');

const dateOnly = (s: string) => s.length === 10;
// bounds are timestamptz, like oper_time: a date or timestamp bound would compare across types and miss the index
/** expr is on or after the start of `begin`. */
export const fromDate = (q: Q, expr: string, begin: string) => `${expr} >= ${q.v(begin)}::timestamptz`;
/** expr is after `end`: a bare date includes that whole day. */
export const afterEnd = (q: Q, expr: string, end: string) =>
  dateOnly(end) ? `${expr} >= (${q.v(end)}::date + 1)::timestamptz` : `${expr} > ${q.v(end)}::timestamptz`;
/** expr is not after `end`. */
export const upToEnd = (q: Q, expr: string, end: string) =>
  dateOnly(end) ? `${expr} < (${q.v(end)}::date + 1)::timestamptz` : `${expr} <= ${q.v(end)}::timestamptz`;
/** The start of the day n days ago ($n a placeholder). */
export const daysAgo = (n: string) => `(current_date - ${n}::int)::timestamptz`;

/** Base barcode, name, specification, model and base unit of the material (alias m, unit alias u). */
export const MATERIAL_COLS = `m.id as "materialId", (select e.bar_code from material_extend e where e.tenant_id = m.tenant_id and e.material_id = m.id
    and e.default_flag and not e.delete_flag order by e.id limit 1) as "barCode", m.name as "materialName", m.standard, m.model,
  coalesce(m.unit, u.basic_unit) as unit`;
export const materialJoin = (alias: string) => `join material m on m.tenant_id = ${alias}.tenant_id and m.id = ${alias}.material_id
  left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id`;
export const depotJoin = (alias: string, col = 'depot_id', d = 'd') => `join depot ${d} on ${d}.tenant_id = ${alias}.tenant_id and ${d}.id = ${alias}.${col}`;

/** The row belongs to an inward movement: a receipt, or the reversal of one. */
export const INWARD = `((l.qty_change > 0 or (l.qty_change = 0 and l.value_change > 0)) <> l.reversal)`;

/**
 * Ledger rows with the date they count at: their document's date, so a document's posting and its
 * reversals always fall in the same period (and move together when the date is edited); opening
 * stock counts from when it was entered. `inward` is the direction of the original movement: a
 * reversal of a receipt is a negative receipt, not an issue, so un-audit/re-audit cycles do not
 * inflate both columns. Two branches, so each can use an index on its own date.
 * `where` holds conditions on l only; `since` is an SQL expression (e.g. daysAgo($2)).
 */
export function datedLedger(q: Q, o: { where: string[]; begin?: string; end?: string; docKeys?: string[]; since?: string }): string {
  // every placeholder made must appear in the text, so each branch is only built when used
  const branch = (date: string, extra: string[]) => {
    const w = ['l.tenant_id = $1', ...extra, ...o.where];
    if (o.begin) w.push(fromDate(q, date, o.begin));
    if (o.since) w.push(`${date} >= ${o.since}`);
    if (o.end) w.push(upToEnd(q, date, o.end));
    return w.join(' and ');
  };
  const cols = `l.tenant_id, l.id, l.header_id, l.item_id, l.material_id, l.depot_id, l.batch_number, l.qty_change, l.unit_cost, l.value_change,
    l.reversal, ${INWARD} as inward`;
  const docs = `select ${cols}, h.oper_time as d, h.doc_key, h.number, h.organ_id
    from stock_ledger l join depot_head h on h.tenant_id = l.tenant_id and h.id = l.header_id
    where ${branch('h.oper_time', o.docKeys ? [`h.doc_key = any(${q.v(o.docKeys)}::text[])`] : [])}`;
  if (o.docKeys && !o.docKeys.includes('opening')) return docs;
  return `${docs} union all select ${cols}, l.created_at as d, 'opening'::text as doc_key, null::text as number, null::bigint as organ_id
    from stock_ledger l where ${branch('l.created_at', ['l.header_id is null'])}`;
}

/** The columns that say which item in which warehouse a report row is about. */
/** A material's columns in a report's sheet; ITEM_COLUMNS adds the warehouse for reports per material and warehouse. */
export const MATERIAL_COLUMNS = [
  { key: 'barCode', header: '条码' },
  { key: 'materialName', header: '名称', width: 20 },
  { key: 'standard', header: '规格' },
  { key: 'model', header: '型号' },
  { key: 'unit', header: '单位' },
];
export const ITEM_COLUMNS = [...MATERIAL_COLUMNS, { key: 'depotName', header: '仓库' }];

/**
 * 个人数据 roles (issue 10): only documents the user made or that name them. `ownDocs` is the condition on
 * a document header alias, `ownMovement` on a ledger row (alias with header_id); both undefined for
 * everyone else. Reports about stock on hand (quantities per warehouse) are not anyone's documents and
 * stay warehouse-scoped only.
 */
export const ownDocs = (q: Q, s: Session, alias = 'h'): string | undefined => (ownDataOnly(s) ? ownDocument(alias, q.v(s.userId)) : undefined);
export const ownMovement = (q: Q, s: Session, alias: string): string | undefined =>
  ownDataOnly(s)
    ? `exists (select 1 from depot_head oh where oh.tenant_id = ${alias}.tenant_id and oh.id = ${alias}.header_id and ${ownDocument('oh', q.v(s.userId))})`
    : undefined;
