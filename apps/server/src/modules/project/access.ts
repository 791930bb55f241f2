import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { BusinessError, forbidden } from '../../platform/errors.ts';

/**
 * Who sees which project (issue 19): the administrator and users whose role's data scope is 全部数据 see
 * every project; anyone else sees the projects they belong to (a member, or the manager). A project's
 * money (contracts, collections, payments, expenses, P&L) follows the same rule.
 */
export const seesAllProjects = (s: Session): boolean => s.admin || s.roleType === '全部数据';

/** SQL: `and <condition>` restricting project alias `p` to the user's projects (user id in `$n`). */
export const visibleProjectAnd = (s: Session, alias: string, n: number): string =>
  seesAllProjects(s)
    ? ` and $${n}::bigint is not null` // the placeholder stays referenced whatever the scope
    : ` and (${alias}.manager_id = $${n} or exists (select 1 from proj_member m where m.tenant_id = ${alias}.tenant_id and m.project_id = ${alias}.id and m.user_id = $${n}))`;

export interface ProjectRow {
  id: number;
  name: string;
  status: string;
  is_template: boolean;
  start_date: string;
}

/** The project, when it exists in the company and the user may see it; otherwise a refusal. */
export async function projectFor(tx: Tx, s: Session, projectId: number): Promise<ProjectRow> {
  const p = await tx.one<ProjectRow & { visible: boolean }>(
    `select p.id::int as id, p.name, p.status, p.is_template, to_char(p.start_date, 'YYYY-MM-DD') as start_date,
            (true ${visibleProjectAnd(s, 'p', 3)}) as visible
       from proj_project p where p.tenant_id = $1 and p.id = $2 and not p.delete_flag`,
    [s.tenantId, projectId, s.userId],
  );
  if (!p) throw new BusinessError('项目不存在');
  if (!p.visible) throw forbidden('您不是该项目的成员，不能查看或修改它');
  return p;
}

/** The project of a task (checked as above). */
export async function projectOfTask(tx: Tx, s: Session, taskId: number): Promise<ProjectRow> {
  const t = await tx.one<{ project_id: number }>('select project_id::int as project_id from proj_task where tenant_id = $1 and id = $2', [s.tenantId, taskId]);
  if (!t) throw new BusinessError('任务不存在');
  return projectFor(tx, s, t.project_id);
}
