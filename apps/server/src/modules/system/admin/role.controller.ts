import { defineController, type DeleteHook, type SaveHook, type StatusHook } from '../../../platform/crud/controller.ts';
import { BusinessError } from '../../../platform/errors.ts';

/**
 * Rules of the generic /role calls that the kit cannot know. A role named admin passes every check (SPEC §6), so the name is given only when a company is
 * provisioned: no call may create it, rename a role to it, rename it away, or delete it.
 */
export const ADMIN_ROLE = 'admin';
export const ROLE_MSG = {
  adminReserved: '角色名 admin 为系统保留，不能使用或修改',
  adminDelete: '角色 admin 为系统保留，不能删除',
} as const;

const beforeSave: SaveHook = async ({ tx, session }, row, id) => {
  const stored =
    id === undefined
      ? undefined
      : await tx.one<{ name: string }>('select name from role where tenant_id = $1 and id = $2 and not delete_flag', [session.tenantId, id]);
  const newName = typeof row.name === 'string' ? row.name : stored?.name;
  const wasAdmin = stored?.name === ADMIN_ROLE;
  if ((newName === ADMIN_ROLE) !== wasAdmin) throw new BusinessError(ROLE_MSG.adminReserved);
};

const beforeStatus: StatusHook = async ({ tx, session }, ids, enabled) => {
  if (enabled) return;
  const admin = await tx.one('select 1 from role where tenant_id = $1 and id = any($2::bigint[]) and name = $3', [session.tenantId, ids, ADMIN_ROLE]);
  if (admin) throw new BusinessError(ROLE_MSG.adminReserved);
};

const beforeDelete: DeleteHook = async ({ tx, session }, ids) => {
  const admin = await tx.one('select 1 from role where tenant_id = $1 and id = any($2::bigint[]) and name = $3 and not delete_flag', [
    session.tenantId,
    ids,
    ADMIN_ROLE,
  ]);
  if (admin) throw new BusinessError(ROLE_MSG.adminDelete);
};

export const roleController = defineController({ entity: 'role', beforeSave, beforeStatus, beforeDelete });
