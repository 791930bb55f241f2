import { defineController, type DeleteHook, type SaveHook } from '../../../platform/crud/controller.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';

/** Rules of the generic /organization calls: unique numbers, a tree without loops, no deleting a node in use. */
export const ORG_MSG = {
  parentMissing: '上级机构不存在',
  parentSelf: '上级机构不能是自己或自己的下级',
  orgNoTaken: '机构编号已存在',
  orgHasChildren: '该机构下还有下级机构，不能删除',
  orgHasUsers: '该机构下还有用户，不能删除',
} as const;

const beforeSave: SaveHook = async ({ tx, session }, row, id) => {
  if (typeof row.orgNo === 'string') {
    const taken = await tx.one('select 1 from organization where tenant_id = $1 and org_no = $2 and id <> $3 and not delete_flag', [
      session.tenantId,
      row.orgNo,
      id ?? 0,
    ]);
    if (taken) throw new BusinessError(ORG_MSG.orgNoTaken);
  }
  const parentId = row.parentId;
  if (typeof parentId !== 'number') return;
  const parent = await tx.one('select 1 from organization where tenant_id = $1 and id = $2 and not delete_flag', [session.tenantId, parentId]);
  if (!parent) throw badRequest(`参数错误 parentId: ${ORG_MSG.parentMissing}`);
  if (id === undefined) return;
  // the new parent may not be the node itself or one of its descendants: that would cut a loop out of the tree
  const loop = await tx.one(
    `with recursive up(id, parent_id) as (
       select id, parent_id from organization where tenant_id = $1 and id = $2
       union
       select o.id, o.parent_id from organization o join up on o.tenant_id = $1 and o.id = up.parent_id
     ) select 1 from up where id = $3`,
    [session.tenantId, parentId, id],
  );
  if (loop) throw new BusinessError(ORG_MSG.parentSelf);
};

const beforeDelete: DeleteHook = async ({ tx, session }, ids) => {
  const child = await tx.one(
    `select 1 from organization where tenant_id = $1 and parent_id = any($2::bigint[]) and not (id = any($2::bigint[])) and not delete_flag`,
    [session.tenantId, ids],
  );
  if (child) throw new BusinessError(ORG_MSG.orgHasChildren);
  const member = await tx.one(
    `select 1 from user_org uo join sys_user u on u.tenant_id = uo.tenant_id and u.id = uo.user_id
      where uo.tenant_id = $1 and uo.org_id = any($2::bigint[]) and not u.delete_flag`,
    [session.tenantId, ids],
  );
  if (member) throw new BusinessError(ORG_MSG.orgHasUsers);
};

export const organizationController = defineController({ entity: 'organization', beforeSave, beforeDelete });
