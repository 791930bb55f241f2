import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { visibleProjectAnd } from '../access.ts';
import { projectProgress } from './progress.queries.ts';
import { projectPortals } from './portals.queries.ts';

/**
 * 项目工作台 (project workbench): the portals (counts that open their lists, portals.queries.ts), then what the
 * signed-in user has to do across their projects — their open leaf
 * tasks (soonest finish first, late ones flagged), their time entries by status and this week's hours, the
 * submitted entries waiting for them as a project manager, and their projects' progress (late ones first).
 */
export async function projectWorkbench(tx: Tx, s: Session, asOf = new Date().toISOString().slice(0, 10)) {
  const tasks = await tx.query(
    `select t.id::int as id, t.name, t.progress, p.id::int as "projectId", p.name as "projectName",
            to_char(t.start_date, 'YYYY-MM-DD') as "plannedStart", to_char(t.end_date, 'YYYY-MM-DD') as "plannedEnd",
            (t.end_date < $3::date) as late
       from proj_task t
       join proj_project p on p.tenant_id = t.tenant_id and p.id = t.project_id and not p.delete_flag and not p.is_template ${visibleProjectAnd(s, 'p', 2)}
       left join proj_task c on c.tenant_id = t.tenant_id and c.parent_id = t.id
      where t.tenant_id = $1 and t.assignee_id = $2 and t.progress < 100 and c.id is null
      order by t.end_date nulls last, t.id limit 20`,
    [s.tenantId, s.userId, asOf],
  );
  const time = await tx.one<{ draft: number; submitted: number; rejected: number; week: string }>(
    `select (count(*) filter (where status = 'draft'))::int as draft, (count(*) filter (where status = 'submitted'))::int as submitted,
            (count(*) filter (where status = 'rejected'))::int as rejected,
            coalesce(sum(hours) filter (where status <> 'rejected' and work_date > $3::date - 7 and work_date <= $3::date), 0)::numeric(24,2)::text as week
       from proj_time_entry where tenant_id = $1 and user_id = $2`,
    [s.tenantId, s.userId, asOf],
  );
  const approvals = await tx.query(
    `select e.id::int as id, p.id::int as "projectId", p.name as "projectName", u.username, to_char(e.work_date, 'YYYY-MM-DD') as "workDate",
            e.hours::numeric(24,2)::text as hours, count(*) over ()::int as total
       from proj_time_entry e
       join proj_project p on p.tenant_id = e.tenant_id and p.id = e.project_id and not p.delete_flag
       join sys_user u on u.tenant_id = e.tenant_id and u.id = e.user_id
       left join proj_member m on m.tenant_id = p.tenant_id and m.project_id = p.id and m.user_id = $2 and m.role = 'manager'
      where e.tenant_id = $1 and e.status = 'submitted' and (p.manager_id = $2 or m.user_id is not null)
      order by e.work_date, e.id limit 10`,
    [s.tenantId, s.userId],
  );
  const projects = await projectProgress(tx, s, { asOf }, { currentPage: 1, pageSize: 10 });
  return {
    asOf,
    portals: await projectPortals(tx, s, asOf),
    tasks,
    time,
    approvals: { total: (approvals[0] as { total?: number } | undefined)?.total ?? 0, rows: approvals.map(({ total: _t, ...r }) => r) },
    projects,
  };
}
