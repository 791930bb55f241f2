import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { loadCalendars } from '../calendar/calendar-store.ts';
import { fmt, toDate } from '../schedule/schedule.service.ts';
import { splitByDay } from './day-split.ts';

const DAY_MS = 86_400_000;
/** At most this many days are planned in one call (two months). */
export const MAX_PLAN_DAYS = 62;

interface OpenWo {
  id: number;
  wo_no: string;
  make_order_id: number | null;
  material_id: number;
  centre: number;
  quantity: string;
  setup: string;
  start: string;
  end: string;
}

const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/** The task rows of the days [from, to] for the open scheduled work orders, each handed to its centre's first team. */
async function plannedPieces(tx: Tx, tenantId: number, from: string, to: string) {
  const wos = await tx.query<OpenWo>(
    `select w.id::int as id, w.wo_no, w.make_order_id::int as make_order_id, w.material_id::int as material_id, w.work_centre_id::int as centre,
            w.quantity::text as quantity, w.setup_minutes::text as setup,
            to_char(w.planned_start, 'YYYY-MM-DD HH24:MI:SS') as start, to_char(w.planned_end, 'YYYY-MM-DD HH24:MI:SS') as "end"
       from mfg_work_order w
      where w.tenant_id = $1 and coalesce(w.status, 'planned') <> 'done' and w.planned_start is not null and w.planned_end is not null
        and w.planned_start < $3::date + 1 and w.planned_end > $2::date
      order by w.planned_start, w.id`,
    [tenantId, from, to],
  );
  const cals = await loadCalendars(tx, tenantId);
  const teams = await tx.query<{ centre: number; id: number }>(
    `select distinct on (work_centre_id) work_centre_id::int as centre, id::int as id from mfg_team
      where tenant_id = $1 and enabled and not delete_flag and work_centre_id is not null order by work_centre_id, id`,
    [tenantId],
  );
  const teamOf = new Map(teams.map((t) => [t.centre, t.id]));
  const lo = dayMs(from);
  const hi = dayMs(to);
  return wos.flatMap((w) =>
    splitByDay({ start: toDate(w.start), end: toDate(w.end), quantity: w.quantity, setupMinutes: w.setup }, cals.byCentre.get(w.centre) ?? cals.default)
      .filter((p) => dayMs(p.day) >= lo && dayMs(p.day) <= hi)
      .map((p) => ({ w, p, team: teamOf.get(w.centre) ?? null })),
  );
}

/**
 * 日排产 → 生产任务: plans the days [from, to] from the schedule. Each open work order scheduled in them is split over
 * its working days (`splitByDay`, on its centre's calendar) and each day's share becomes a task for the centre's first
 * team (numbered `<work order>-<yyyymmdd>`). Tasks of those days nothing was reported on are replaced, so planning again
 * after a reschedule follows it; a task already reported on stays as it is. Four statements plus the calendars'.
 */
export async function generateTasks(c: RequestCtx, from: string, to: string) {
  const { tx, session } = c;
  const t = session.tenantId;
  const span = (dayMs(to) - dayMs(from)) / DAY_MS;
  if (span < 0) throw badRequest('结束日期不能早于开始日期');
  if (span >= MAX_PLAN_DAYS) throw badRequest(`一次最多安排${MAX_PLAN_DAYS}天`);
  const pieces = await plannedPieces(tx, t, from, to);
  const removed = await tx.query<{ id: number }>(
    `delete from mfg_production_task where tenant_id = $1 and plan_date between $2::date and $3::date and coalesce(reported_qty, 0) = 0 returning id::int as id`,
    [t, from, to],
  );
  const col = <T>(f: (x: (typeof pieces)[number]) => T) => pieces.map(f);
  const made = await tx.query<{ id: number }>(
    `insert into mfg_production_task(tenant_id, task_no, plan_date, work_order_id, make_order_id, material_id, work_centre_id, team_id,
                                     quantity, start_at, end_at, reported_qty, status, creator, updater)
     select $1, x.no, x.day::date, x.wo, x.mo, x.mat, x.centre, x.team, x.qty::numeric, x.s::timestamptz, x.e::timestamptz, 0, 'open', $2, $2
       from unnest($3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[], $10::text[], $11::text[], $12::text[])
            as x(no, day, wo, mo, mat, centre, team, qty, s, e)
     on conflict (tenant_id, task_no) do nothing
     returning id::int as id`,
    [
      t,
      session.userId,
      col((x) => `${x.w.wo_no}-${x.p.day.replaceAll('-', '')}`),
      col((x) => x.p.day),
      col((x) => x.w.id),
      col((x) => x.w.make_order_id),
      col((x) => x.w.material_id),
      col((x) => x.w.centre),
      col((x) => x.team),
      col((x) => x.p.quantity),
      col((x) => `${fmt(x.p.start)}Z`),
      col((x) => `${fmt(x.p.end)}Z`),
    ],
  );
  await logWrite(tx, session, c.ip, 'generate', 'productionTask', made.map((r) => r.id).slice(0, 500), { from, to, removed: removed.length });
  return { from, to, created: made.length, removed: removed.length, message: '操作成功' };
}

export interface DayTask {
  id: number;
  taskNo: string;
  workOrderId: number;
  woNo: string;
  moNo: string | null;
  seq: number;
  materialName: string;
  /** colour and size (规格) of a variant product: its task opens the colour × size grid */
  color: string | null;
  standard: string | null;
  workCentreId: number;
  centreName: string;
  teamId: number | null;
  teamName: string | null;
  quantity: string;
  reportedQty: string;
  startAt: string | null;
  endAt: string | null;
  status: string;
}

/** One day's plan: its tasks by work centre and team, with names (one statement). */
export async function dayPlan(tx: Tx, tenantId: number, day: string) {
  const tasks = await tx.query<DayTask>(
    `select p.id::int as id, p.task_no as "taskNo", p.work_order_id::int as "workOrderId", w.wo_no as "woNo", mo.mo_no as "moNo", w.seq,
            m.name as "materialName", m.color, m.standard, p.work_centre_id::int as "workCentreId", c.name as "centreName", p.team_id::int as "teamId",
            tm.name as "teamName", p.quantity::text as quantity, coalesce(p.reported_qty, 0)::text as "reportedQty",
            to_char(p.start_at, 'YYYY-MM-DD HH24:MI:SS') as "startAt", to_char(p.end_at, 'YYYY-MM-DD HH24:MI:SS') as "endAt",
            coalesce(p.status, 'open') as status
       from mfg_production_task p
       join mfg_work_order w on w.tenant_id = p.tenant_id and w.id = p.work_order_id
       join mfg_work_centre c on c.tenant_id = p.tenant_id and c.id = p.work_centre_id
       join material m on m.tenant_id = p.tenant_id and m.id = p.material_id
       left join mfg_make_order mo on mo.tenant_id = p.tenant_id and mo.id = p.make_order_id
       left join mfg_team tm on tm.tenant_id = p.tenant_id and tm.id = p.team_id
      where p.tenant_id = $1 and p.plan_date = $2::date
      order by c.name, p.work_centre_id, tm.name nulls last, p.start_at, p.id`,
    [tenantId, day],
  );
  const total = tasks.reduce((a, x) => a.plus(x.quantity), new Decimal(0));
  const n = (v: string) => new Decimal(v).toFixed();
  return { day, tasks: tasks.map((x) => ({ ...x, quantity: n(x.quantity), reportedQty: n(x.reportedQty) })), quantity: total.toFixed() };
}

/**
 * Shop floor reporting on a task (`/shopfloor/report {taskId}`): the task must be one of the reported work order's;
 * its reported quantity grows by the good units, and it is done once that reaches its planned quantity. Returns the
 * task's team (the report's team when the reporter names none).
 */
export async function reportOnTask(tx: Tx, tenantId: number, taskId: number, workOrderId: number, good: string): Promise<number | null> {
  const r = await tx.query<{ team: number | null }>(
    `update mfg_production_task set reported_qty = coalesce(reported_qty, 0) + $4::numeric,
            status = case when coalesce(reported_qty, 0) + $4::numeric >= quantity then 'done' else 'open' end, updated_at = now()
      where tenant_id = $1 and id = $2 and work_order_id = $3 returning team_id::int as team`,
    [tenantId, taskId, workOrderId, good],
  );
  if (!r.length) throw new BusinessError('生产任务不存在或不属于该工单');
  return r[0]!.team;
}
