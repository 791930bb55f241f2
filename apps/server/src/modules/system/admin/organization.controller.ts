import { defineController, type DeleteHook, type SaveHook } from '../../../platform/crud/controller.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { checkTreeParent, refuseWithChildren } from '../../../platform/crud/tree-rules.ts';

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
  await checkTreeParent(tx, session.tenantId, 'organization', row.parentId, id, ORG_MSG);
};

const beforeDelete: DeleteHook = async ({ tx, session }, ids) => {
  await refuseWithChildren(tx, session.tenantId, 'organization', ids, ORG_MSG.orgHasChildren);
  const member = await tx.one(
    `select 1 from user_org uo join sys_user u on u.tenant_id = uo.tenant_id and u.id = uo.user_id
      where uo.tenant_id = $1 and uo.org_id = any($2::bigint[]) and not u.delete_flag`,
    [session.tenantId, ids],
  );
  if (member) throw new BusinessError(ORG_MSG.orgHasUsers);
};

export const organizationController = defineController({ entity: 'organization', beforeSave, beforeDelete });
