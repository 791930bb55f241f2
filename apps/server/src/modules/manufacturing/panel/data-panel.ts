import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { loadCalendars } from '../calendar/calendar-store.ts';
import { fmt, toDate } from '../schedule/schedule.service.ts';

/** The windows the panel reads (no sums over all history). */
export const PANEL_WINDOWS = { orderDays: 90, outputDays: 30, loadDays: 14, top: 10 } as const;

/** Reports counted as output: those of a work order's last operation (finished units, not each operation's). */
const FINAL_OP = `not exists (select 1 from mfg_work_order n where n.tenant_id = w.tenant_id and n.make_order_line_id = w.make_order_line_id and n.seq > w.seq)`;

/** Make orders by state (ordered in the last 90 days), late ones, output per day and top products (last 30 days). */
async function figures(tx: Tx, tenantId: number) {
  const W = PANEL_WINDOWS;
  // one after another: a transaction runs one statement at a time
  const states = await tx.query<{ status: string; count: number }>(
    `select coalesce(status, 'draft') as status, count(*)::int as count from mfg_make_order
        where tenant_id = $1 and order_date >= current_date - $2::int group by 1 order by 1`,
    [tenantId, W.orderDays],
  );
  const late = await tx.one<{ orders: number; workOrders: number }>(
    `select (select count(*) from mfg_make_order where tenant_id = $1 and status = 'released' and promised_date < current_date)::int as orders,
              (select count(*) from mfg_work_order where tenant_id = $1 and coalesce(status, 'planned') <> 'done' and due_date is not null
                  and (due_date < current_date or planned_end::date > due_date))::int as "workOrders"`,
    [tenantId],
  );
  const output = await tx.query<{ day: string; good: string; scrap: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day, trim_scale(coalesce(sum(r.good_qty), 0))::text as good, trim_scale(coalesce(sum(r.scrap_qty), 0))::text as scrap
         from generate_series(current_date - ($2::int - 1), current_date, interval '1 day') d
         left join (sf_report r join mfg_work_order w on w.tenant_id = r.tenant_id and w.id = r.work_order_id and ${FINAL_OP})
           on r.tenant_id = $1 and r.report_day = d::date
        group by d order by d`,
    [tenantId, W.outputDays],
  );
  const top = await tx.query<{ materialId: number; name: string; good: string }>(
    `select w.material_id::int as "materialId", m.name || coalesce(' ' || nullif(m.color, ''), '') || coalesce(' ' || nullif(m.standard, ''), '') as name,
              trim_scale(sum(r.good_qty))::text as good
         from sf_report r join mfg_work_order w on w.tenant_id = r.tenant_id and w.id = r.work_order_id
         join material m on m.tenant_id = w.tenant_id and m.id = w.material_id
        where r.tenant_id = $1 and r.report_day > current_date - $2::int and ${FINAL_OP}
        group by 1, 2 order by sum(r.good_qty) desc, 1 limit $3`,
    [tenantId, W.outputDays, W.top],
  );
  return { states, late: late!, output, top };
}

/**
 * Load per work centre over the next two weeks: the working minutes its open work orders run inside the window
 * (each on its centre's calendar) against the window's working minutes × the centre's capacity.
 */
async function load(tx: Tx, tenantId: number) {
  const today = (await tx.one<{ d: string }>(`select to_char(current_date, 'YYYY-MM-DD') as d`))!.d;
  const from = toDate(`${today} 00:00:00`);
  const to = new Date(from.getTime() + PANEL_WINDOWS.loadDays * 86_400_000);
  const centres = await tx.query<{ id: number; name: string; capacity: number }>(
    `select id::int as id, name, greatest(coalesce(capacity, 1), 1)::int as capacity from mfg_work_centre
        where tenant_id = $1 and kind = 'centre' and enabled order by code nulls last, id`,
    [tenantId],
  );
  const wos = await tx.query<{ centre: number; start: string; end: string }>(
    `select work_centre_id::int as centre, to_char(planned_start, 'YYYY-MM-DD HH24:MI:SS') as start, to_char(planned_end, 'YYYY-MM-DD HH24:MI:SS') as "end"
         from mfg_work_order
        where tenant_id = $1 and coalesce(status, 'planned') <> 'done' and planned_start < $3::timestamptz and planned_end > $2::timestamptz`,
    [tenantId, fmt(from), fmt(to)],
  );
  const cals = await loadCalendars(tx, tenantId);
  const busy = new Map<number, number>();
  for (const w of wos) {
    const cal = cals.byCentre.get(w.centre) ?? cals.default;
    const a = new Date(Math.max(toDate(w.start).getTime(), from.getTime()));
    const b = new Date(Math.min(toDate(w.end).getTime(), to.getTime()));
    busy.set(w.centre, (busy.get(w.centre) ?? 0) + cal.workingMinutesBetween(a, b));
  }
  return centres.map((c) => {
    const available = (cals.byCentre.get(c.id) ?? cals.default).workingMinutesBetween(from, to) * c.capacity;
    const used = busy.get(c.id) ?? 0;
    return {
      id: c.id,
      name: c.name,
      plannedHours: new Decimal(used).div(60).toDecimalPlaces(1).toNumber(),
      availableHours: new Decimal(available).div(60).toDecimalPlaces(1).toNumber(),
      loadPercent: available ? new Decimal(used).times(100).div(available).toDecimalPlaces(0).toNumber() : 0,
    };
  });
}

/** 生产数据面板: the figures, each bounded by date. */
export async function dataPanel(tx: Tx, tenantId: number) {
  return { windows: PANEL_WINDOWS, ...(await figures(tx, tenantId)), load: await load(tx, tenantId) };
}
