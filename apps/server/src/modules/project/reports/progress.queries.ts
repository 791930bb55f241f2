import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { projectFor, visibleProjectAnd } from '../access.ts';

/**
 * 项目进度 (progression): per project, the planned dates (the schedule) beside the actual ones (the tasks' actual
 * start and finish), the percent complete (leaf tasks' progress weighted by their duration in working days; an
 * all-milestone project: the plain average), the count of leaf tasks done, overdue (past their planned finish
 * on `asOf`, not done) and finished late (actual finish after the planned one). A project is late when it has an
 * overdue task. One grouped pass over the tasks, no per-row subquery.
 */
export interface ProgressFilter {
  asOf?: string;
  projectId?: number;
  keyword?: string;
  status?: string;
  lateOnly?: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

export interface ReportPage {
  rows: Array<Record<string, unknown>>;
  total: number;
  asOf: string;
}

export async function projectProgress(tx: Tx, s: Session, f: ProgressFilter, page: { currentPage: number; pageSize: number }): Promise<ReportPage> {
  const asOf = f.asOf ?? today();
  const rows = await tx.query<Record<string, unknown> & { total: number }>(
    `with parents as (
       select distinct parent_id from proj_task where tenant_id = $1 and parent_id is not null),
     agg as (
       select t.project_id, count(*)::int as tasks, (count(*) filter (where t.progress = 100))::int as done,
              (count(*) filter (where t.end_date < $3::date and t.progress < 100))::int as overdue,
              (count(*) filter (where t.actual_end > t.end_date))::int as "finishedLate",
              sum(t.duration) as dur, sum(t.duration * t.progress) as earned, avg(t.progress) as avgp,
              min(t.actual_start) as actual_start, max(t.actual_end) as actual_end
         from proj_task t left join parents x on x.parent_id = t.id
        where t.tenant_id = $1 and x.parent_id is null
        group by t.project_id)
     select p.id::int as id, p.id::int as "projectId", p.number as "projectNumber", p.name as "projectName", p.status,
            u.username as "managerName",
            to_char(p.start_date, 'YYYY-MM-DD') as "plannedStart", to_char(p.end_date, 'YYYY-MM-DD') as "plannedEnd",
            to_char(a.actual_start, 'YYYY-MM-DD') as "actualStart",
            case when a.tasks > 0 and a.done = a.tasks then to_char(a.actual_end, 'YYYY-MM-DD') end as "actualEnd",
            (case when coalesce(a.dur, 0) > 0 then round(a.earned::numeric / a.dur, 1) else round(coalesce(a.avgp, 0), 1) end)::text as percent,
            coalesce(a.tasks, 0) as tasks, coalesce(a.done, 0) as done, coalesce(a.overdue, 0) as overdue,
            coalesce(a."finishedLate", 0) as "finishedLate", coalesce(a.overdue, 0) > 0 as late,
            count(*) over ()::int as total
       from proj_project p
       left join agg a on a.project_id = p.id
       left join sys_user u on u.tenant_id = p.tenant_id and u.id = p.manager_id
      where p.tenant_id = $1 and not p.delete_flag and not p.is_template ${visibleProjectAnd(s, 'p', 2)}
        and ($4::bigint is null or p.id = $4) and ($5::text is null or p.name ilike $5 or p.number ilike $5)
        and ($6::text is null or p.status = $6) and (not $7::boolean or coalesce(a.overdue, 0) > 0)
      order by coalesce(a.overdue, 0) > 0 desc, p.end_date nulls last, p.id desc
      limit $8 offset $9`,
    [
      s.tenantId,
      s.userId,
      asOf,
      f.projectId ?? null,
      f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
      f.status ?? null,
      !!f.lateOnly,
      page.pageSize,
      (page.currentPage - 1) * page.pageSize,
    ],
  );
  // a page past the end has no row to carry the count: ask for the first row
  const total: number = rows[0]?.total ?? (page.currentPage > 1 ? (await projectProgress(tx, s, { ...f, asOf }, { currentPage: 1, pageSize: 1 })).total : 0);
  return { rows: rows.map(({ total: _t, ...r }) => r), total, asOf };
}

interface TaskRow {
  id: number;
  parentId: number | null;
  name: string;
  assigneeName: string | null;
  duration: number;
  progress: number;
  critical: boolean;
  plannedStart: string | null;
  plannedEnd: string | null;
  actualStart: string | null;
  actualEnd: string | null;
}

export type TaskState = 'done' | 'doneLate' | 'overdue' | 'lateStart' | 'inProgress' | 'notStarted';

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86400000);

/** A task's state on `asOf` and its delay in calendar days (finish late, overdue, or start late). */
export function taskState(t: Pick<TaskRow, 'progress' | 'plannedStart' | 'plannedEnd' | 'actualStart' | 'actualEnd'>, asOf: string) {
  if (t.progress === 100) {
    const late = !!(t.actualEnd && t.plannedEnd && t.actualEnd > t.plannedEnd);
    return { state: (late ? 'doneLate' : 'done') as TaskState, delayDays: late ? daysBetween(t.plannedEnd!, t.actualEnd!) : 0 };
  }
  if (t.plannedEnd && t.plannedEnd < asOf) return { state: 'overdue' as TaskState, delayDays: daysBetween(t.plannedEnd, asOf) };
  const started = t.progress > 0 || !!t.actualStart;
  if (!started && t.plannedStart && t.plannedStart < asOf) return { state: 'lateStart' as TaskState, delayDays: daysBetween(t.plannedStart, asOf) };
  return { state: (started ? 'inProgress' : 'notStarted') as TaskState, delayDays: 0 };
}

/**
 * 项目进度 of one project, task by task in WBS order: planned and actual dates, progress, state and delay. A
 * summary task rolls up its leaves: progress weighted by duration, actual start the earliest, actual finish the
 * latest once every leaf is done.
 */
export async function taskProgress(tx: Tx, s: Session, projectId: number, asOf = today()) {
  await projectFor(tx, s, projectId);
  const tasks = await tx.query<TaskRow>(
    `select t.id::int as id, t.parent_id::int as "parentId", t.name, u.username as "assigneeName", t.duration, t.progress, t.critical,
            to_char(t.start_date, 'YYYY-MM-DD') as "plannedStart", to_char(t.end_date, 'YYYY-MM-DD') as "plannedEnd",
            to_char(t.actual_start, 'YYYY-MM-DD') as "actualStart", to_char(t.actual_end, 'YYYY-MM-DD') as "actualEnd"
       from proj_task t left join sys_user u on u.tenant_id = t.tenant_id and u.id = t.assignee_id
      where t.tenant_id = $1 and t.project_id = $2 order by t.seq, t.id`,
    [s.tenantId, projectId],
  );
  const kids = new Map<number | null, TaskRow[]>();
  for (const t of tasks) kids.set(t.parentId, [...(kids.get(t.parentId) ?? []), t]);
  type Roll = { dur: number; earned: number; n: number; sum: number; start: string | null; end: string | null; open: boolean };
  const rolled = new Map<number, Roll>();
  const roll = (t: TaskRow): Roll => {
    const seen = rolled.get(t.id);
    if (seen) return seen;
    const children = kids.get(t.id) ?? [];
    const r: Roll = children.length
      ? children.map(roll).reduce(
          (a, b) => ({
            dur: a.dur + b.dur,
            earned: a.earned + b.earned,
            n: a.n + b.n,
            sum: a.sum + b.sum,
            start: !a.start || (b.start && b.start < a.start) ? b.start : a.start,
            end: !a.end || (b.end && b.end > a.end) ? b.end : a.end,
            open: a.open || b.open,
          }),
          { dur: 0, earned: 0, n: 0, sum: 0, start: null, end: null, open: false } as Roll,
        )
      : { dur: t.duration, earned: t.duration * t.progress, n: 1, sum: t.progress, start: t.actualStart, end: t.actualEnd, open: t.progress < 100 };
    rolled.set(t.id, r);
    return r;
  };
  const out: Array<TaskRow & { level: number; summary: boolean; state: TaskState; delayDays: number }> = [];
  const walk = (parent: number | null, level: number) => {
    for (const t of kids.get(parent) ?? []) {
      const r = roll(t);
      const summary = (kids.get(t.id) ?? []).length > 0;
      const progress = summary ? Math.round((r.dur > 0 ? r.earned / r.dur : r.sum / r.n) * 10) / 10 : t.progress;
      const row = { ...t, progress, actualStart: r.start, actualEnd: r.open ? null : r.end };
      out.push({ ...row, level, summary, ...taskState(row, asOf) });
      walk(t.id, level + 1);
    }
  };
  walk(null, 0);
  return { rows: out, asOf };
}
