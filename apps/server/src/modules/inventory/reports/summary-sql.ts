import { afterEnd, datedLedger, type Q } from './sql.ts';

/**
 * The report recipe (docs/report-recipe.md): a period's movements per material, warehouse and
 * document type, read from stock_month_summary for whole months (when the caller does not tell
 * types apart), stock_day_summary for the other whole days and from the ledger only for a day a
 * bound cuts (a bound with a time of day). Columns: material_id, depot_id, doc_key, after (past
 * `end`, with `tail`), own (the row is the user's under an own-data role), in_qty, in_value,
 * out_qty, out_value (the ledger's direction rule, reports/sql.ts INWARD) and lines (live detail
 * rows, 出入库明细). `where(alias)`: conditions on material_id / depot_id of the alias. `own`: the
 * own-data condition on a ledger alias; then everything is read from the ledger (summaries do not
 * know who made a document).
 */
export interface MovesOpts {
  begin?: string;
  end?: string;
  /** also every movement after `end` (flagged `after`), as balances worked back from today need */
  tail?: boolean;
  where: (alias: string) => string[];
  /** only for own-data roles: the condition on a ledger alias */
  own?: (alias: string) => string;
  /** the caller reads doc_key (a type filter): month rows, which hold all types together, are not used */
  byType?: boolean;
}

const dayOf = (s: string) => s.slice(0, 10);
/** a begin bound at the start of a day reads whole days from there */
const startsDay = (s: string) => s.length === 10 || /^\S+ 00:00(:00)?$/.test(s);

export function periodMoves(q: Q, o: MovesOpts): string {
  if (o.own) return ledgerMoves(q, o, { begin: o.begin, end: o.tail ? undefined : o.end }, o.own);
  if (!o.byType && (!o.begin || startsDay(o.begin)) && (!o.end || o.end.length === 10)) return monthlyMoves(q, o);
  const parts: string[] = [];
  const w = ['s.tenant_id = $1', ...o.where('s')];
  const bDay = o.begin && dayOf(o.begin);
  const eDay = o.end && dayOf(o.end);
  if (o.begin && !startsDay(o.begin)) {
    // the cut first day, from the ledger; the whole days start the day after
    parts.push(ledgerMoves(q, o, { begin: o.begin, end: o.tail || !o.end || eDay !== bDay ? bDay : o.end }));
    w.push(`s.day > ${q.v(bDay)}::date`);
  } else if (bDay) w.push(`s.day >= ${q.v(bDay)}::date`);
  let after = 'false';
  if (o.end && o.end.length > 10) {
    // the cut last day, from the ledger (unless the first day's part already read it)
    if (!(o.begin && !startsDay(o.begin) && eDay === bDay)) parts.push(ledgerMoves(q, o, { begin: eDay, end: o.tail ? eDay : o.end }));
    const e = q.v(eDay);
    w.push(o.tail ? `s.day <> ${e}::date` : `s.day < ${e}::date`);
    after = `s.day > ${e}::date`;
  } else if (o.end) {
    const e = q.v(eDay);
    if (o.tail) after = `s.day > ${e}::date`;
    else w.push(`s.day <= ${e}::date`);
  }
  parts.unshift(`select s.material_id, s.depot_id, s.doc_key, ${after} as after, true as own, s.in_qty, s.in_value, s.out_qty, s.out_value, s.lines
    from stock_day_summary s where ${w.join(' and ')}`);
  return parts.join(' union all ');
}

/** The same columns from the ledger for [begin, end] (dates as the reports take them), one row per detail row. */
function ledgerMoves(q: Q, o: MovesOpts, span: { begin?: string; end?: string }, own?: (alias: string) => string): string {
  const mv = datedLedger(q, { where: o.where('l'), begin: span.begin, end: span.end });
  const after = o.tail && o.end ? afterEnd(q, 'g.d', o.end) : 'false';
  return `select g.material_id, g.depot_id, g.doc_key, ${after} as after, ${own ? 'g.own' : 'true'} as own,
      g.in_qty, g.in_value, g.out_qty, g.out_value, (g.in_qty - g.out_qty <> 0 or g.in_value - g.out_value <> 0)::int as lines
    from (select mv.material_id, mv.depot_id, mv.doc_key, mv.d, ${own ? `bool_and(${own('mv')}) as own,` : ''}
            coalesce(sum(mv.qty_change) filter (where mv.inward), 0) as in_qty, coalesce(sum(mv.value_change) filter (where mv.inward), 0) as in_value,
            coalesce(-sum(mv.qty_change) filter (where not mv.inward), 0) as out_qty, coalesce(-sum(mv.value_change) filter (where not mv.inward), 0) as out_value
          from (${mv}) mv group by mv.header_id, mv.item_id, mv.material_id, mv.depot_id, mv.batch_number, mv.d, mv.doc_key) g`;
}

/** A span of days read from the day rows or the month rows, added or taken away. */
interface Piece {
  src: 'day' | 'month';
  from?: string;
  to?: string;
  sign: 1 | -1;
  after: boolean;
}

const utc = (d: string) => new Date(`${d}T00:00:00Z`);
const iso = (t: Date) => t.toISOString().slice(0, 10);
const addDays = (d: string, n: number) => iso(new Date(utc(d).getTime() + n * 864e5));
const monthStart = (d: string) => `${d.slice(0, 8)}01`;
const monthEnd = (d: string) => {
  const t = utc(monthStart(d));
  return iso(new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)));
};
const dayNo = (d: string) => Number(d.slice(8, 10));

/**
 * The days [from, to] (open at either side when undefined) as month rows for the whole months and
 * day rows for the days of a month the span cuts, whichever is fewer: the days inside the span, or
 * the month row less the days outside it.
 */
export function cover(from: string | undefined, to: string | undefined, after: boolean): Piece[] {
  if (from && to && from > to) return [];
  const out: Piece[] = [];
  const day = (f: string, t: string, sign: 1 | -1): Piece => ({ src: 'day', from: f, to: t, sign, after });
  const month = (f: string | undefined, t: string | undefined): Piece => ({ src: 'month', from: f, to: t, sign: 1, after });
  let first = from; // the first whole month
  if (from && dayNo(from) !== 1) {
    const end = monthEnd(from);
    if (to && to <= end) return [day(from, to, 1)];
    if (dayNo(from) - 1 < dayNo(end) - dayNo(from) + 1) out.push(month(monthStart(from), monthStart(from)), day(monthStart(from), addDays(from, -1), -1));
    else out.push(day(from, end, 1));
    first = addDays(end, 1);
  }
  let last = to && monthStart(to); // the last whole month
  if (to && to !== monthEnd(to)) {
    const start = monthStart(to);
    if (dayNo(monthEnd(to)) - dayNo(to) < dayNo(to)) out.push(month(start, start), day(addDays(to, 1), monthEnd(to), -1));
    else out.push(day(start, to, 1));
    last = addDays(start, -1);
  }
  if (!first || !last || first <= last) out.push(month(first, last && monthStart(last)));
  return out;
}

/** periodMoves for whole-day bounds and no type or own filter: month rows and the cut days' day rows. */
function monthlyMoves(q: Q, o: MovesOpts): string {
  const b = o.begin && dayOf(o.begin);
  const e = o.end && dayOf(o.end);
  const pieces = [...cover(b, e, false), ...(o.tail && e ? cover(addDays(e, 1), undefined, true) : [])];
  return piecesSql(q, pieces, o.where);
}

type Sum = 'in_qty' | 'in_value' | 'out_qty' | 'out_value' | 'lines';

/**
 * The pieces as rows with periodMoves' columns (doc_key null on month rows); with `only`, just material_id, depot_id
 * and those sums (narrow rows sort and sum faster: 库龄分析 sorts ~26,000 of them per page at 10,000,000 ledger rows).
 */
export function piecesSql(q: Q, pieces: Piece[], where: (alias: string) => string[], only?: Sum[]): string {
  if (!pieces.length) pieces = [{ src: 'day', from: '9999-12-31', to: '0001-01-01', sign: 1, after: false }];
  return pieces
    .map((p) => {
      const col = p.src === 'day' ? 's.day' : 's.month';
      const w = ['s.tenant_id = $1', ...where('s')];
      if (p.from) w.push(`${col} >= ${q.v(p.from)}::date`);
      if (p.to) w.push(`${col} <= ${q.v(p.to)}::date`);
      const m = p.sign === 1 ? '' : '-';
      if (only)
        return `select s.material_id, s.depot_id, ${only.map((c) => `${m}s.${c} as ${c}`).join(', ')}
        from ${p.src === 'day' ? 'stock_day_summary' : 'stock_month_summary'} s where ${w.join(' and ')}`;
      return `select s.material_id, s.depot_id, ${p.src === 'day' ? 's.doc_key' : 'null::text'} as doc_key, ${p.after} as after, true as own,
          ${m}s.in_qty as in_qty, ${m}s.in_value as in_value, ${m}s.out_qty as out_qty, ${m}s.out_value as out_value, ${m}s.lines as lines
        from ${p.src === 'day' ? 'stock_day_summary' : 'stock_month_summary'} s where ${w.join(' and ')}`;
    })
    .join(' union all ');
}
