import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';

export interface CmtQuery {
  from: string;
  to: string;
  supplierId?: number;
}

interface CmtRow {
  supplierId: number;
  supplier: string;
  materialId: number;
  material: string;
  sent: string;
  returned: string;
  consumed: string;
  balance: string;
  fee: string;
  paid: string;
}

const MAX_ROWS = 2000;

/**
 * 来料加工报表 (CMT report), per outsourcing supplier and material, from the stock ledger and the journal:
 * sent (委外发料 into the supplier's warehouse), returned (goods back by 委外入库), consumed (components the
 * 委外入库 took from the supplier's warehouse) within the dates; the balance held at the supplier at the end
 * date (everything sent less consumed up to then); the fee of the period's receipts and what payments settled
 * of it. Reversed documents net out (their ledger and journal rows cancel).
 */
export async function cmtReport(tx: Tx, tenantId: number, q: CmtQuery) {
  const rows = await tx.query<CmtRow>(
    `with mv as (
       select h.organ_id as supplier_id, l.material_id, h.oper_time >= $2::date as in_range,
              case when h.doc_key = 'outsourceOut' and l.depot_id = i.another_depot_id then l.qty_change else 0 end as sent,
              case when h.doc_key = 'outsourceIn' and i.material_type = '组合件' then l.qty_change else 0 end as returned,
              case when h.doc_key = 'outsourceIn' and i.material_type = '普通子件' then -l.qty_change else 0 end as consumed
         from depot_head h
         join stock_ledger l on l.tenant_id = h.tenant_id and l.header_id = h.id
         join depot_item i on i.tenant_id = l.tenant_id and i.id = l.item_id
        where h.tenant_id = $1 and h.doc_key in ('outsourceOut', 'outsourceIn') and h.oper_time < $3::date + 1
          and ($4::bigint is null or h.organ_id = $4)
     ), q as (
       select supplier_id, material_id,
              coalesce(sum(sent) filter (where in_range), 0) as sent, coalesce(sum(returned) filter (where in_range), 0) as returned,
              coalesce(sum(consumed) filter (where in_range), 0) as consumed, sum(sent - consumed) as balance
         from mv group by 1, 2
     ), f as (
       select h.organ_id as supplier_id, p.material_id,
              sum(case when e.source_kind = 'depot' and e.source_id = h.id then jl.credit - jl.debit else 0 end) as fee,
              sum(case when e.source_kind = 'depot' and e.source_id = h.id then 0 else jl.debit - jl.credit end) as paid
         from depot_head h
         join lateral (select d.material_id from depot_item d where d.tenant_id = h.tenant_id and d.header_id = h.id and d.material_type = '组合件'
                        order by d.id limit 1) p on true
         join fin_open_item o on o.tenant_id = h.tenant_id and o.doc_kind = 'depot' and o.doc_id = h.id
         join fin_journal_line jl on jl.tenant_id = o.tenant_id and jl.open_item_id = o.id
         join fin_entry e on e.tenant_id = jl.tenant_id and e.id = jl.entry_id
        where h.tenant_id = $1 and h.doc_key = 'outsourceIn' and h.oper_time >= $2::date and h.oper_time < $3::date + 1
          and ($4::bigint is null or h.organ_id = $4)
        group by 1, 2
     ), k as (select supplier_id, material_id from q union select supplier_id, material_id from f)
     select k.supplier_id::int as "supplierId", s.name as supplier, k.material_id::int as "materialId", m.name as material,
            coalesce(q.sent, 0)::text as sent, coalesce(q.returned, 0)::text as returned, coalesce(q.consumed, 0)::text as consumed,
            coalesce(q.balance, 0)::text as balance, coalesce(f.fee, 0)::text as fee, coalesce(f.paid, 0)::text as paid
       from k
       join partner s on s.tenant_id = $1 and s.id = k.supplier_id
       join material m on m.tenant_id = $1 and m.id = k.material_id
       left join q on q.supplier_id = k.supplier_id and q.material_id = k.material_id
       left join f on f.supplier_id = k.supplier_id and f.material_id = k.material_id
      where coalesce(q.sent, 0) <> 0 or coalesce(q.returned, 0) <> 0 or coalesce(q.consumed, 0) <> 0 or coalesce(q.balance, 0) <> 0 or coalesce(f.fee, 0) <> 0
      order by s.name, m.name limit ${MAX_ROWS}`,
    [tenantId, q.from, q.to, q.supplierId ?? null],
  );
  const qty = (s: string) => new Decimal(s).toFixed();
  const money = (d: Decimal) => d.toFixed(2);
  const out = rows.map((r) => {
    const fee = new Decimal(r.fee);
    const paid = new Decimal(r.paid);
    return {
      ...r,
      sent: qty(r.sent),
      returned: qty(r.returned),
      consumed: qty(r.consumed),
      balance: qty(r.balance),
      fee: money(fee),
      paid: money(paid),
      owed: money(fee.minus(paid)),
    };
  });
  const sum = (k: 'fee' | 'paid' | 'owed') => money(out.reduce((s, r) => s.plus(r[k]), new Decimal(0)));
  return { rows: out, totals: { fee: sum('fee'), paid: sum('paid'), owed: sum('owed') } };
}
