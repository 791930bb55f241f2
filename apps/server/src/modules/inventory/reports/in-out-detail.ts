import { z } from 'zod';
import type { Session } from '../../../platform/auth/session.ts';
import { ownDataOnly } from '../../../platform/auth/own-data.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { defineReport, type Row } from './report.ts';
import {
  contains,
  depotJoin,
  docLabel,
  fromDate,
  INWARD,
  ITEM_COLUMNS,
  MATERIAL_COLS,
  materialJoin,
  materialMatch,
  ownDocs,
  ownMovement,
  Q,
  text,
  upToEnd,
} from './sql.ts';
import { common, ledgerFilter } from './in-out.ts';
import { periodMoves } from './summary-sql.ts';

type Filters = {
  beginTime?: string;
  endTime?: string;
  depotId?: number;
  materialId?: number;
  materialParam?: string;
  docType?: string;
  number?: string;
  cursor?: string;
};

/** The opaque cursor of a row: its date (microseconds since 1970) and first ledger id, base64url. */
const CURSOR = z
  .string()
  .max(80)
  .transform((c, ctx) => {
    const m = /^(-?\d{1,18}):(\d{1,18})$/.exec(Buffer.from(c, 'base64url').toString());
    if (!m) ctx.addIssue({ code: 'custom', message: 'cursor 无效：请使用上一页返回的 nextCursor' });
    return m ? { micros: m[1], id: m[2] } : z.NEVER;
  });
const KEY = `((extract(epoch from g.d) * 1000000)::bigint)::text || ':' || g.first_id`;

/** A material condition on a ledger alias (the material search is on material rows, not on history). */
const materialOf = (q: Q, alias: string, text: string) =>
  `exists (select 1 from material m where m.tenant_id = ${alias}.tenant_id and m.id = ${alias}.material_id and ${materialMatch(q, text)})`;

/**
 * One page in (date, first ledger id) order, reading only as far as the page: documents are walked
 * in date order (index depot_head_oper_time), each one's ledger rows summed per line, warehouse and
 * batch; opening stock (no document) is the second branch. Cost grows with the page number, not history.
 */
async function pageRows(
  tx: Tx,
  session: Session,
  scope: number[] | null,
  f: Filters & { after?: { micros: string; id: string } },
  page: { limit: number; offset: number },
) {
  const q = new Q(session.tenantId);
  // keyset: from the row after the cursor, however deep (the page number is then not used)
  const after = f.after && { t: `(timestamptz 'epoch' + ${q.v(f.after.micros)}::bigint * interval '1 microsecond')`, id: `${q.v(f.after.id)}::bigint` };
  if (after) page = { limit: page.limit, offset: 0 };
  const docKeys = f.docType ? f.docType.split(',') : undefined;
  const upTo = page.limit + page.offset;
  const sums = `min(l.id) as first_id,
      coalesce(sum(l.qty_change) filter (where ${INWARD}), 0) as in_qty, coalesce(sum(l.value_change) filter (where ${INWARD}), 0) as in_value,
      coalesce(-sum(l.qty_change) filter (where not ${INWARD}), 0) as out_qty, coalesce(-sum(l.value_change) filter (where not ${INWARD}), 0) as out_value`;
  const lw = (alias: string) => [...ledgerFilter(q, scope, f, alias), ...(f.materialParam ? [materialOf(q, alias, f.materialParam)] : [])].join(' and ');
  const hw = ['h.tenant_id = $1'];
  if (f.beginTime) hw.push(fromDate(q, 'h.oper_time', f.beginTime));
  if (f.endTime) hw.push(upToEnd(q, 'h.oper_time', f.endTime));
  if (docKeys) hw.push(`h.doc_key = any(${q.v(docKeys)}::text[])`);
  if (f.number) hw.push(contains(q, 'h.number', f.number));
  const own = ownDocs(q, session);
  if (own) hw.push(own);
  if (after) hw.push(`h.oper_time >= ${after.t}`, `(h.oper_time > ${after.t} or x.first_id > ${after.id})`);
  const branches = [
    `(select h.tenant_id, h.id as header_id, x.item_id, x.material_id, x.depot_id, x.batch_number, h.oper_time as d, h.doc_key, h.number, h.organ_id,
             x.first_id, x.in_qty, x.in_value, x.out_qty, x.out_value
        from depot_head h cross join lateral (
          select l.item_id, l.material_id, l.depot_id, l.batch_number, ${sums} from stock_ledger l
           where l.tenant_id = h.tenant_id and l.header_id = h.id and ${lw('l')}
           group by l.item_id, l.material_id, l.depot_id, l.batch_number having sum(l.qty_change) <> 0 or sum(l.value_change) <> 0) x
       where ${hw.join(' and ')} order by h.oper_time, x.first_id limit ${upTo})`,
  ];
  if ((!docKeys || docKeys.includes('opening')) && !f.number && !own) {
    const ow = ['l.tenant_id = $1', 'l.header_id is null', lw('l')];
    if (f.beginTime) ow.push(fromDate(q, 'l.created_at', f.beginTime));
    if (f.endTime) ow.push(upToEnd(q, 'l.created_at', f.endTime));
    if (after) ow.push(`l.created_at >= ${after.t}`);
    const past = after ? ` and (l.created_at > ${after.t} or min(l.id) > ${after.id})` : '';
    branches.push(`(select l.tenant_id, null::bigint, null::bigint, l.material_id, l.depot_id, l.batch_number, l.created_at, 'opening', null::text, null::bigint, ${sums}
        from stock_ledger l where ${ow.join(' and ')} group by l.tenant_id, l.material_id, l.depot_id, l.batch_number, l.created_at
        having (sum(l.qty_change) <> 0 or sum(l.value_change) <> 0)${past} order by l.created_at, min(l.id) limit ${upTo})`);
  }
  return tx.query<Row>(
    `with g as (select * from (${branches.join(' union all ')}) b order by d, first_id limit ${page.limit} offset ${page.offset})
     select to_char(g.d, 'YYYY-MM-DD HH24:MI:SS') as "operTime", g.header_id as "headerId", g.number, g.doc_key as "docKey", p.name as "organName",
        ${MATERIAL_COLS}, g.depot_id as "depotId", d.name as "depotName", nullif(g.batch_number, '') as "batchNumber",
        g.in_qty::float8 as "inQty", g.in_value::float8 as "inValue", g.out_qty::float8 as "outQty", g.out_value::float8 as "outValue",
        i.all_price::float8 as "allPrice", ${KEY} as "__key"
       from g ${materialJoin('g')} ${depotJoin('g')}
       left join partner p on p.tenant_id = g.tenant_id and p.id = g.organ_id
       left join depot_item i on i.tenant_id = g.tenant_id and i.id = g.item_id
      order by g.d, g.first_id`,
    q.params,
  );
}

/** The count and sums over the whole filter, from the summaries (the ledger only for cut days and filters summaries cannot answer). */
async function totals(tx: Tx, session: Session, scope: number[] | null, f: Filters) {
  const q = new Q(session.tenantId);
  const only: Array<(alias: string) => string> = [];
  if (ownDataOnly(session)) only.push((a) => ownMovement(q, session, a)!);
  if (f.number)
    only.push(
      (a) => `exists (select 1 from depot_head nh where nh.tenant_id = ${a}.tenant_id and nh.id = ${a}.header_id and ${contains(q, 'nh.number', f.number!)})`,
    );
  const mv = periodMoves(q, {
    begin: f.beginTime,
    end: f.endTime,
    where: (a) => [...ledgerFilter(q, scope, f, a), ...(f.materialParam ? [materialOf(q, a, f.materialParam)] : [])],
    own: only.length ? (a) => only.map((o) => o(a)).join(' and ') : undefined,
    byType: !!f.docType,
  });
  const w = ['mv.own'];
  if (f.docType) w.push(`mv.doc_key = any(${q.v(f.docType.split(','))}::text[])`);
  return (await tx.one<Row & { total: number }>(
    `select coalesce(sum(mv.lines), 0)::int as total, coalesce(sum(mv.in_qty), 0)::float8 as "inQty", coalesce(sum(mv.in_value), 0)::float8 as "inValue",
            coalesce(sum(mv.out_qty), 0)::float8 as "outQty", coalesce(sum(mv.out_value), 0)::float8 as "outValue"
       from (${mv}) mv where ${w.join(' and ')}`,
    q.params,
  ))!;
}

/**
 * Posted document lines in the period (出入库明细), one row per line, warehouse and batch, with
 * the quantity and cost they moved: taken from the ledger, so a count shows its difference, a
 * transfer its two sides, and a line posted, reversed and posted again shows once.
 */
export const inOutDetailReport = defineReport({
  url: '/report/inOutDetail',
  menu: '/report/in_out_detail',
  title: '出入库明细',
  summary: 'Posted document lines in a period with the quantity and cost each moved in or out',
  filters: { ...common, number: text(50).optional(), cursor: CURSOR.optional() },
  columns: [
    { key: 'operTime', header: '单据日期', width: 20 },
    { key: 'number', header: '单据编号', width: 20 },
    { key: 'docType', header: '单据类型' },
    { key: 'organName', header: '往来单位' },
    ...ITEM_COLUMNS,
    { key: 'batchNumber', header: '批号' },
    { key: 'inQty', header: '入库数量' },
    { key: 'inValue', header: '入库成本', price: true },
    { key: 'outQty', header: '出库数量' },
    { key: 'outValue', header: '出库成本', price: true },
    { key: 'allPrice', header: '单据金额', price: true },
  ],
  run: async ({ tx, session, scope }, { cursor, ...f }, page) => {
    const { total, ...sums } = await totals(tx, session, scope, f);
    const rows = await pageRows(tx, session, scope, { ...f, after: cursor }, page);
    const last = rows.length === page.limit ? rows.at(-1)!.__key : undefined;
    for (const r of rows) delete r.__key;
    // nextCursor: the next page from the row after this one (keyset), beside currentPage
    const nextCursor = last ? Buffer.from(String(last)).toString('base64url') : null;
    return { total, sums, nextCursor, rows: rows.map((row: Row) => ({ ...row, docType: docLabel(row.docKey as string) })) };
  },
  sheet: (r) => ({ after: [{ operTime: '合计', ...(r.sums as Row) }] }),
});
