import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';

/**
 * 生产订单看板: the released make orders still open, and those finished in the last 30 days — per order its
 * products, the quantity and good units of each line's last operation (what the order has made), its
 * operations done of all, the promised date and whether it is late; and the counts over them.
 */
export async function orderBoard(tx: Tx, tenantId: number) {
  const rows = await tx.query<{
    id: number;
    mo_no: string;
    status: string | null;
    promised: string | null;
    products: string;
    qty: string;
    good: string;
    ops: string;
    done_ops: string;
    late: boolean;
  }>(
    `select o.id, o.mo_no, o.status, to_char(o.promised_date, 'YYYY-MM-DD') as promised,
            string_agg(distinct m.name, '、') filter (where w.seq = l.last_seq) as products,
            coalesce(sum(w.quantity) filter (where w.seq = l.last_seq), 0) as qty,
            coalesce(sum(w.good_qty) filter (where w.seq = l.last_seq), 0) as good,
            count(*) as ops, count(*) filter (where w.status = 'done') as done_ops,
            coalesce(coalesce(o.status, '') <> 'done' and o.promised_date < current_date, false) as late
       from mfg_make_order o
       join mfg_work_order w on w.tenant_id = o.tenant_id and w.make_order_id = o.id
       join material m on m.tenant_id = w.tenant_id and m.id = w.material_id
       join lateral (select max(x.seq) as last_seq from mfg_work_order x
                      where x.tenant_id = w.tenant_id and x.make_order_line_id is not distinct from w.make_order_line_id and x.make_order_id = o.id) l on true
      where o.tenant_id = $1 and (coalesce(o.status, '') <> 'done' or o.updated_at >= now() - interval '30 days')
      group by o.tenant_id, o.id
      order by (coalesce(o.status, '') = 'done'), o.promised_date nulls last, o.id
      limit 200`,
    [tenantId],
  );
  const orders = rows.map((r) => {
    const qty = new Decimal(r.qty);
    const good = new Decimal(r.good);
    return {
      id: Number(r.id),
      moNo: r.mo_no,
      status: r.status ?? 'planned',
      promisedDate: r.promised,
      products: r.products ?? '',
      quantity: qty.toFixed(),
      goodQty: good.toFixed(),
      progress: qty.gt(0) ? Number(good.div(qty).times(100).toDecimalPlaces(1)) : 0,
      operations: Number(r.ops),
      operationsDone: Number(r.done_ops),
      late: r.late,
    };
  });
  const open = orders.filter((o) => o.status !== 'done');
  return {
    open: open.length,
    late: open.filter((o) => o.late).length,
    doneLast30: orders.length - open.length,
    orders,
  };
}
