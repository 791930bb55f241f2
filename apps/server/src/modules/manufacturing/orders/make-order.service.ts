import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { planningSources } from '../../inventory/index.ts';
import { PER_UNIT, PLAN_BOMS } from '../bom/bom-sql.ts';
import { nextNumber } from './make-order.controller.ts';
import { scheduleWorkOrders } from '../schedule/schedule.service.ts';

/** A make order from the open lines of an audited sales order whose products have a BOM (one step). */
export async function makeOrderFromSale(c: RequestCtx, number: string) {
  const { tx, session } = c;
  const t = session.tenantId;
  const lines = await tx.query<{ material_id: number; open_qty: string; line_no: number; due_date: string; organ_id: number | null; sales_man: string | null }>(
    `with pb as (${PLAN_BOMS}), open_lines as (${planningSources.OPEN_ORDER_LINES})
     select o.material_id, o.open_qty::text, o.line_no, to_char(o.due_date, 'YYYY-MM-DD') as due_date, o.organ_id, o.sales_man
       from open_lines o where o.doc_key = 'saleOrder' and o.number = $2 and exists (select 1 from pb where pb.material_id = o.material_id)
      order by o.line_no`,
    [t, number],
  );
  if (!lines.length) throw new BusinessError(`销售订单 ${number} 没有待生产的明细（需已审核、未完成，且产品有BOM）`);
  const taken = await tx.one<{ mo_no: string }>(`select mo_no from mfg_make_order where tenant_id = $1 and ref_order = $2 limit 1`, [t, number]);
  if (taken) throw new BusinessError(`销售订单 ${number} 已生成制造订单 ${taken.mo_no}`);
  const moNo = await nextNumber(tx, t, 'mfg_make_order', 'mo_no', 'MO');
  const head = lines[0];
  const mo = await tx.one<{ id: number }>(
    `insert into mfg_make_order(tenant_id, mo_no, order_type, client_id, ref_order, order_date, promised_date, planner, status, creator, updater)
     values ($1, $2, 'sale', $3, $4, current_date, $5, $6, 'draft', $7, $7) returning id::int as id`,
    [t, moNo, head.organ_id, number, lines.map((l) => l.due_date).sort()[0], session.username, session.userId],
  );
  await tx.query(
    `insert into mfg_make_order_line(tenant_id, make_order_id, line_type, source, source_line_no, material_id, quantity, creator, updater)
     select $1, $2, 'product', 'sale', l.no::text, l.material_id, l.qty, $3, $3 from unnest($4::int[], $5::bigint[], $6::numeric[]) as l(no, material_id, qty)`,
    [t, mo!.id, session.userId, lines.map((l) => l.line_no), lines.map((l) => l.material_id), lines.map((l) => l.open_qty)],
  );
  await logWrite(tx, session, c.ip, 'add', 'makeOrder', [mo!.id], { fromSaleOrder: number });
  return { id: mo!.id, moNo, message: '已生成制造订单' };
}

/**
 * Releases a draft make order: one work order per operation of each product line's route, the
 * line's BOM components as the first operation's material requirements, then a forward schedule
 * from `from` on the work centres' calendars. All or nothing. `releasedAt` (补录, a past moment): the work orders' release
 * time, the earliest a back-dated shop-floor start or report of them may be (docs/shopfloor.md "补报").
 */
export async function releaseMakeOrder(c: RequestCtx, id: number, from: Date, releasedAt?: string) {
  const { tx, session } = c;
  const t = session.tenantId;
  const mo = await tx.one<{ mo_no: string; status: string; promised: string | null }>(
    `select mo_no, coalesce(status, 'draft') as status, to_char(promised_date, 'YYYY-MM-DD') as promised from mfg_make_order where tenant_id = $1 and id = $2 for update`,
    [t, id],
  );
  if (!mo) throw notFound('制造订单不存在');
  if (mo.status !== 'draft') throw new BusinessError(`制造订单 ${mo.mo_no} 已下达`);
  const lines = await tx.query<{ id: number; material_id: number; name: string; bom_id: number | null; route_id: number | null }>(
    `with pb as (${PLAN_BOMS})
     select l.id::int as id, l.material_id::int as material_id, m.name, b.id::int as bom_id, b.route_id::int as route_id
       from mfg_make_order_line l join material m on m.tenant_id = l.tenant_id and m.id = l.material_id
       left join lateral (select x.id, x.route_id from mfg_bom x where x.tenant_id = $1 and x.id = l.bom_id
                          union all select pb.id, pb.route_id from pb where pb.material_id = l.material_id and l.bom_id is null) b on true
      where l.tenant_id = $1 and l.make_order_id = $2 and l.line_type = 'product' order by l.id`,
    [t, id],
  );
  if (!lines.length) throw new BusinessError('制造订单没有产品明细');
  const noRoute = lines.find((l) => !l.route_id);
  if (noRoute) throw new BusinessError(`产品 ${noRoute.name} 没有带工艺路线的BOM，不能下达`);
  const wos = await tx.query<{ id: number }>(
    `insert into mfg_work_order(tenant_id, wo_no, make_order_id, make_order_line_id, material_id, seq, process_id, work_centre_id, quantity,
                                setup_minutes, run_minutes, transfer_batch, inspect, due_date, status, creator, updater, created_at)
     select $1, $3::text || '-' || row_number() over (order by l.id, o.seq), l.make_order_id, l.id, l.material_id, o.seq, o.process_id, o.work_centre_id,
            l.quantity, o.setup_minutes, o.run_minutes, o.transfer_batch, o.inspect, $4::date, 'released', $5, $5, coalesce($8::timestamptz, now())
       from mfg_make_order_line l
       join unnest($6::bigint[], $7::bigint[]) as r(line_id, route_id) on r.line_id = l.id
       join mfg_route_operation o on o.tenant_id = $1 and o.route_id = r.route_id
      where l.tenant_id = $1 and l.make_order_id = $2
     returning id::int as id`,
    [t, id, mo.mo_no, mo.promised, session.userId, lines.map((l) => l.id), lines.map((l) => l.route_id), releasedAt ?? null],
  );
  if (!wos.length) throw new BusinessError('工艺路线没有工序，不能下达');
  // the components (scrap included) go to the first operation of each line
  await tx.query(
    `insert into mfg_work_order_material(tenant_id, work_order_id, material_id, qty, issued_qty, creator, updater)
     select $1, w.id, l.material_id, round(w.quantity * ${PER_UNIT}, 6), 0, $3, $3
       from mfg_work_order w
       join unnest($4::bigint[], $5::bigint[]) as b(line_id, bom_id) on b.line_id = w.make_order_line_id
       join mfg_bom pb on pb.tenant_id = $1 and pb.id = b.bom_id
       join mfg_bom_line l on l.tenant_id = $1 and l.bom_id = pb.id
      where w.tenant_id = $1 and w.make_order_id = $2
        and w.seq = (select min(x.seq) from mfg_work_order x where x.tenant_id = $1 and x.make_order_line_id = w.make_order_line_id)`,
    [t, id, session.userId, lines.map((l) => l.id), lines.map((l) => l.bom_id)],
  );
  await tx.query(`update mfg_make_order set status = 'released', updated_at = now(), updater = $3 where tenant_id = $1 and id = $2`, [t, id, session.userId]);
  const scheduled = await scheduleWorkOrders(c, { makeOrderIds: [id], direction: 'forward', from });
  await logWrite(tx, session, c.ip, 'update', 'makeOrder', [id], { release: wos.length });
  return { workOrders: wos.length, conflicts: scheduled.conflicts, message: '已下达' };
}
