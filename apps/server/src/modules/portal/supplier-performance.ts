import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { BusinessError } from '../../platform/errors.ts';

/**
 * 供应商绩效 (issue 22 item 6): per supplier over a period, what was ordered, received and returned (amounts from
 * partner_day_summary, kept when documents post), how receipts kept the due date (audited purchase inbound lines of
 * the period linked to an order line; due: the accepted proposed date, else the order's delivery date), how much of
 * what fell due in the period arrived (fill rate: order lines due in the period and already due, received up to
 * their quantity / ordered), and incoming inspections decided in the period (passed / decided; a concession is not a
 * pass). Each part is one grouped scan joined by supplier: no query per row.
 *
 * Score (0–100): on-time rate × 40% + pass rate × 40% + fill rate × 20%, over the parts that have figures (their
 * weights scaled up to 100%); no figure at all, no score. Grade A ≥ 90, B ≥ 75, C ≥ 60, else D.
 */
export const PERFORMANCE_WEIGHTS = { onTime: 40, pass: 40, fill: 20 } as const;
export const PERFORMANCE_MSG = { range: '开始日期不能晚于结束日期', tooLong: '查询区间不能超过366天' } as const;

export interface PerformanceQuery {
  beginTime: string;
  endTime: string;
  supplierId?: number;
}

interface Raw {
  supplierId: string;
  supplierName: string;
  orders: number;
  orderedAmount: string;
  receipts: number;
  receivedAmount: string;
  returnedAmount: string;
  receivedLines: number;
  onTimeLines: number;
  receivedQty: string;
  dueLines: number;
  dueQty: string;
  filledQty: string;
  inspected: number;
  passed: number;
}

const SQL = `
with money as (
  select organ_id,
         coalesce(sum(docs) filter (where doc_key = 'purchaseOrder'), 0)::int as orders,
         coalesce(sum(amount) filter (where doc_key = 'purchaseOrder'), 0) as ordered_amount,
         coalesce(sum(docs) filter (where doc_key = 'purchaseIn'), 0)::int as receipts,
         coalesce(sum(amount) filter (where doc_key = 'purchaseIn'), 0) as received_amount,
         coalesce(sum(amount) filter (where doc_key = 'purchaseBack'), 0) as returned_amount
    from partner_day_summary
   where tenant_id = $1 and doc_key in ('purchaseOrder', 'purchaseIn', 'purchaseBack') and day >= $2::date and day <= $3::date
     and ($4::bigint is null or organ_id = $4)
   group by organ_id),
receipts as (
  select ih.organ_id,
         count(*) filter (where x.due is not null)::int as received_lines,
         count(*) filter (where ih.oper_time::date <= x.due)::int as on_time_lines,
         sum(r.basic_number) as received_qty
    from depot_head ih
    join depot_item r on r.tenant_id = ih.tenant_id and r.header_id = ih.id and not r.delete_flag
    left join depot_item oi on oi.tenant_id = r.tenant_id and oi.id = r.link_id
    left join depot_head oh on oh.tenant_id = oi.tenant_id and oh.id = oi.header_id and oh.doc_key = 'purchaseOrder'
    left join portal_line pl on pl.tenant_id = oi.tenant_id and pl.item_id = oi.id and oh.id is not null
    cross join lateral (select coalesce(case when pl.confirm_status = 'accepted' then pl.proposed_date end, oh.delivery_date) as due) x
   where ih.tenant_id = $1 and ih.doc_key = 'purchaseIn' and ih.status in ('1', '2', '3') and not ih.delete_flag
     and ih.oper_time >= $2::date and ih.oper_time < $3::date + 1 and ($4::bigint is null or ih.organ_id = $4)
   group by ih.organ_id),
-- lines due in the period and by today: by the order's delivery date unless an accepted proposal gave another date
-- (the first part reads the orders due in the period by migration 206's index, the second the accepted proposals)
due_lines as (
  select oh.organ_id, oi.basic_number, oi.finished_number
    from depot_head oh
    join depot_item oi on oi.tenant_id = oh.tenant_id and oi.header_id = oh.id and not oi.delete_flag
    left join portal_line pl on pl.tenant_id = oi.tenant_id and pl.item_id = oi.id and pl.confirm_status = 'accepted' and pl.proposed_date is not null
   where oh.tenant_id = $1 and oh.doc_key = 'purchaseOrder' and oh.status in ('1', '2', '3') and not oh.delete_flag
     and oh.delivery_date between $2::date and least($3::date, current_date) and oh.oper_time < $3::date + 1
     and ($4::bigint is null or oh.organ_id = $4) and pl.item_id is null
  union all
  select oh.organ_id, oi.basic_number, oi.finished_number
    from portal_line pl
    join depot_item oi on oi.tenant_id = pl.tenant_id and oi.id = pl.item_id and not oi.delete_flag
    join depot_head oh on oh.tenant_id = oi.tenant_id and oh.id = oi.header_id
   where pl.tenant_id = $1 and pl.confirm_status = 'accepted' and pl.proposed_date between $2::date and least($3::date, current_date)
     and oh.doc_key = 'purchaseOrder' and oh.status in ('1', '2', '3') and not oh.delete_flag and oh.oper_time < $3::date + 1
     and ($4::bigint is null or oh.organ_id = $4)),
due as (
  select organ_id, count(*)::int as due_lines, sum(basic_number) as due_qty, sum(least(finished_number, basic_number)) as filled_qty
    from due_lines group by organ_id),
checks as (
  select partner_id as organ_id, count(*)::int as inspected, count(*) filter (where status = 'pass')::int as passed
    from quality_inspection
   where tenant_id = $1 and stage = 'incoming' and status <> 'pending' and partner_id is not null
     and coalesce(inspected_at, created_at) >= $2::date and coalesce(inspected_at, created_at) < $3::date + 1
     and ($4::bigint is null or partner_id = $4)
   group by partner_id),
who as (select organ_id from money union select organ_id from receipts union select organ_id from due union select organ_id from checks)
select p.id::text as "supplierId", p.name as "supplierName",
       coalesce(m.orders, 0) as orders, coalesce(m.ordered_amount, 0)::text as "orderedAmount",
       coalesce(m.receipts, 0) as receipts, coalesce(m.received_amount, 0)::text as "receivedAmount",
       coalesce(m.returned_amount, 0)::text as "returnedAmount",
       coalesce(r.received_lines, 0) as "receivedLines", coalesce(r.on_time_lines, 0) as "onTimeLines",
       coalesce(r.received_qty, 0)::text as "receivedQty",
       coalesce(d.due_lines, 0) as "dueLines", coalesce(d.due_qty, 0)::text as "dueQty", coalesce(d.filled_qty, 0)::text as "filledQty",
       coalesce(c.inspected, 0) as inspected, coalesce(c.passed, 0) as passed
  from who w
  join partner p on p.tenant_id = $1 and p.id = w.organ_id and p.type = '供应商'
  left join money m on m.organ_id = w.organ_id
  left join receipts r on r.organ_id = w.organ_id
  left join due d on d.organ_id = w.organ_id
  left join checks c on c.organ_id = w.organ_id`;

const pct = (part: Decimal.Value, whole: Decimal.Value) => (new Decimal(whole).isZero() ? null : new Decimal(part).div(whole).times(100));
const one = (d: Decimal | null) => (d === null ? null : d.toDecimalPlaces(1).toNumber());

/** The weighted score of the rates that have figures, and its grade. */
export function scoreOf(rates: { onTime: Decimal | null; pass: Decimal | null; fill: Decimal | null }) {
  let weight = new Decimal(0);
  let sum = new Decimal(0);
  for (const k of ['onTime', 'pass', 'fill'] as const) {
    const r = rates[k];
    if (r === null) continue;
    weight = weight.plus(PERFORMANCE_WEIGHTS[k]);
    sum = sum.plus(r.times(PERFORMANCE_WEIGHTS[k]));
  }
  if (weight.isZero()) return { score: null, grade: null };
  const score = sum.div(weight);
  const grade = score.gte(90) ? 'A' : score.gte(75) ? 'B' : score.gte(60) ? 'C' : 'D';
  return { score: one(score), grade };
}

/** One row per supplier with activity in the period, best score first (no score last), then by amount received. */
export async function supplierPerformance(tx: Tx, s: Session, q: PerformanceQuery) {
  if (q.beginTime > q.endTime) throw new BusinessError(PERFORMANCE_MSG.range);
  if ((Date.parse(q.endTime) - Date.parse(q.beginTime)) / 864e5 > 366) throw new BusinessError(PERFORMANCE_MSG.tooLong);
  const raw = await tx.query<Raw>(SQL, [s.tenantId, q.beginTime, q.endTime, q.supplierId ?? null]);
  const mask = s.priceMasked;
  const rows = raw.map((r) => {
    const onTime = pct(r.onTimeLines, r.receivedLines);
    const pass = pct(r.passed, r.inspected);
    const fill = pct(r.filledQty, r.dueQty);
    const returned = pct(r.returnedAmount, r.receivedAmount);
    return {
      supplierId: Number(r.supplierId),
      supplierName: r.supplierName,
      orders: r.orders,
      orderedAmount: mask ? null : r.orderedAmount,
      receipts: r.receipts,
      receivedAmount: mask ? null : r.receivedAmount,
      returnedAmount: mask ? null : r.returnedAmount,
      returnRate: mask ? null : one(returned),
      receivedQty: new Decimal(r.receivedQty).toFixed(),
      receivedLines: r.receivedLines,
      onTimeLines: r.onTimeLines,
      onTimeRate: one(onTime),
      dueLines: r.dueLines,
      dueQty: new Decimal(r.dueQty).toFixed(),
      filledQty: new Decimal(r.filledQty).toFixed(),
      fillRate: one(fill),
      inspected: r.inspected,
      passed: r.passed,
      passRate: one(pass),
      ...scoreOf({ onTime, pass, fill }),
    };
  });
  rows.sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || new Decimal(b.receivedAmount ?? 0).cmp(a.receivedAmount ?? 0) || a.supplierId - b.supplierId);
  return { beginTime: q.beginTime, endTime: q.endTime, weights: PERFORMANCE_WEIGHTS, rows };
}
