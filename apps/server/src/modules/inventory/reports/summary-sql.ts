import { afterEnd, datedLedger, type Q } from './sql.ts';

/**
 * The report recipe (docs/report-recipe.md): a period's movements per material, warehouse and
 * document type, read from stock_day_summary for whole days and from the ledger only for a day a
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
}

const dayOf = (s: string) => s.slice(0, 10);
/** a begin bound at the start of a day reads whole days from there */
const startsDay = (s: string) => s.length === 10 || /^\S+ 00:00(:00)?$/.test(s);

export function periodMoves(q: Q, o: MovesOpts): string {
  if (o.own) return ledgerMoves(q, o, { begin: o.begin, end: o.tail ? undefined : o.end }, o.own);
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
