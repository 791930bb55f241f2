import type { Tx } from '../../../platform/db/database.ts';

export interface WeighingFilter {
  currentPage: number;
  pageSize: number;
  stationId?: number;
  workOrderId?: number;
  from?: string;
  to?: string;
}

const trim = (n: string) => (n.includes('.') ? n.replace(/\.?0+$/, '') : n);

/** Recorded weighings, newest first, paged; filters by station, work order and day range (taken_at, server time). */
export async function listWeighings(tx: Tx, tenantId: number, f: WeighingFilter) {
  const where = ['g.tenant_id = $1'];
  const args: unknown[] = [tenantId];
  const add = (sql: string, v: unknown) => {
    args.push(v);
    where.push(sql.replace('?', `$${args.length}`));
  };
  if (f.stationId) add('g.station_id = ?', f.stationId);
  if (f.workOrderId) add('g.work_order_id = ?', f.workOrderId);
  if (f.from) add('g.taken_at >= ?::date', f.from);
  if (f.to) add("g.taken_at < ?::date + interval '1 day'", f.to);
  const cond = where.join(' and ');
  const total = await tx.one<{ n: string }>(`select count(*) as n from sf_weighing g where ${cond}`, args);
  const rows = await tx.query<Record<string, unknown> & { gross: string; tare: string; net: string }>(
    `select g.id, g.taken_at as "takenAt", g.station_id as "stationId", s.name as "stationName", g.work_order_id as "workOrderId", w.wo_no as "woNo",
            m.name as "product", g.report_id as "reportId", g.source, g.gross::text as gross, g.tare::text as tare, g.net::text as net, g.unit,
            u.username as "creatorName"
       from sf_weighing g
       join mfg_work_order w on w.tenant_id = g.tenant_id and w.id = g.work_order_id
       join material m on m.tenant_id = w.tenant_id and m.id = w.material_id
       left join sf_weigh_station s on s.tenant_id = g.tenant_id and s.id = g.station_id
       left join sys_user u on u.tenant_id = g.tenant_id and u.id = g.creator
      where ${cond}
      order by g.taken_at desc, g.id desc
      limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}`,
    args,
  );
  return {
    total: Number(total!.n),
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      stationId: r.stationId === null ? null : Number(r.stationId),
      workOrderId: Number(r.workOrderId),
      reportId: r.reportId === null ? null : Number(r.reportId),
      takenAt: new Date(r.takenAt as string).toISOString(),
      gross: trim(r.gross),
      tare: trim(r.tare),
      net: trim(r.net),
    })),
  };
}

/** Work orders a weighing station may weigh for: those not done, newest first, found by number or product. */
export async function weighableWorkOrders(tx: Tx, tenantId: number, search?: string) {
  const rows = await tx.query<{ id: number; woNo: string; product: string; process: string | null; status: string; quantity: string }>(
    `select w.id, w.wo_no as "woNo", m.name as product, p.name as process, w.status, w.quantity::text as quantity
       from mfg_work_order w join material m on m.tenant_id = w.tenant_id and m.id = w.material_id
       left join mfg_process p on p.tenant_id = w.tenant_id and p.id = w.process_id
      where w.tenant_id = $1 and coalesce(w.status, 'planned') in ('released', 'started', 'paused')
        and ($2::text is null or w.wo_no ilike '%' || $2 || '%' or m.name ilike '%' || $2 || '%')
      order by (w.status = 'started') desc, w.id desc limit 50`,
    [tenantId, search ?? null],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), quantity: trim(r.quantity) }));
}

/** The reports of a work order, for tying a weighing to one (newest first). */
export async function reportsOf(tx: Tx, tenantId: number, workOrderId: number) {
  const rows = await tx.query<{ id: number; goodQty: string; person: string | null; createdAt: string }>(
    `select id, good_qty::text as "goodQty", person, created_at as "createdAt" from sf_report
      where tenant_id = $1 and work_order_id = $2 order by id desc limit 50`,
    [tenantId, workOrderId],
  );
  return rows.map((r) => ({ id: Number(r.id), goodQty: trim(r.goodQty), person: r.person, createdAt: new Date(r.createdAt).toISOString() }));
}
