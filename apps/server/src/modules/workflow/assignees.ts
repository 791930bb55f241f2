import type { Assignee } from '@erp/entities';
import type { Tx } from '../../platform/db/database.ts';

/** Users who can act: of the company, not deleted, not blacklisted. */
const ACTIVE = `u.tenant_id = $1 and not u.delete_flag and u.status = 0`;

/**
 * The heads (users marked as manager) of the initiator's department and of its parents, one list per
 * level upwards, the initiator left out. The department is the initiator's current one, else the first.
 */
async function headsByLevel(tx: Tx, tenantId: number, initiatorId: number, levels: number): Promise<number[][]> {
  const rows = await tx.query<{ depth: number; ids: number[] | null }>(
    `with recursive home as (
       select coalesce(u.current_org_id, (select min(org_id) from user_org where tenant_id = $1 and user_id = $2)) as org_id
         from sys_user u where u.tenant_id = $1 and u.id = $2),
     up(org_id, depth) as (
       select org_id, 0 from home where org_id is not null
       union all
       select o.parent_id, up.depth + 1 from up join organization o on o.tenant_id = $1 and o.id = up.org_id
        where o.parent_id is not null and up.depth + 1 < $3)
     select up.depth, (select array_agg(u.id order by u.id) from user_org uo join sys_user u on u.tenant_id = uo.tenant_id and u.id = uo.user_id
                        where uo.tenant_id = $1 and uo.org_id = up.org_id and u.is_manager and u.id <> $2 and ${ACTIVE}) as ids
       from up order by up.depth`,
    [tenantId, initiatorId, levels],
  );
  return rows.map((r) => (r.ids ?? []).map(Number));
}

/**
 * The approvers of a node at a level (`step`). Named users and roles have one level; the department head is
 * the nearest department upwards that has one; the manager chain has one level per department upwards (up to
 * N), levels without a head are skipped. Returns the level actually used, or none when no level from `step` on has anyone.
 */
export async function resolveAssignees(
  tx: Tx,
  tenantId: number,
  a: Assignee,
  initiatorId: number,
  step: number,
): Promise<{ step: number; userIds: number[] } | undefined> {
  if (a.kind === 'users' || a.kind === 'role') {
    if (step > 0) return undefined;
    const rows =
      a.kind === 'users'
        ? await tx.query<{ id: number }>(`select u.id from sys_user u where ${ACTIVE} and u.id = any($2::bigint[]) order by u.id`, [tenantId, a.userIds])
        : await tx.query<{ id: number }>(
            `select u.id from user_role r join sys_user u on u.tenant_id = r.tenant_id and u.id = r.user_id where r.tenant_id = $1 and r.role_id = $2 and ${ACTIVE} order by u.id`,
            [tenantId, a.roleId],
          );
    return rows.length ? { step: 0, userIds: rows.map((r) => Number(r.id)) } : undefined;
  }
  if (a.kind === 'deptHead') {
    if (step > 0) return undefined;
    const nearest = (await headsByLevel(tx, tenantId, initiatorId, 20)).find((ids) => ids.length);
    return nearest && { step: 0, userIds: nearest };
  }
  const levels = await headsByLevel(tx, tenantId, initiatorId, a.levels);
  for (let s = step; s < levels.length; s++) if (levels[s].length) return { step: s, userIds: levels[s] };
  return undefined;
}

/** Each user's agent for today, if a delegation covers today ("X acting for Y"). */
export async function agentsOf(tx: Tx, tenantId: number, userIds: number[]): Promise<Map<number, number>> {
  const rows = await tx.query<{ principal_id: number; agent_id: number }>(
    `select distinct on (d.principal_id) d.principal_id, d.agent_id from wf_delegation d
       join sys_user u on u.tenant_id = d.tenant_id and u.id = d.agent_id and not u.delete_flag and u.status = 0
      where d.tenant_id = $1 and d.principal_id = any($2::bigint[]) and not d.delete_flag and current_date between d.begin_date and d.end_date
      order by d.principal_id, d.id desc`,
    [tenantId, userIds],
  );
  return new Map(rows.map((r) => [Number(r.principal_id), Number(r.agent_id)]));
}
