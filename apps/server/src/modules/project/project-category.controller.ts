import { defineController, type DeleteHook, type SaveHook } from '../../platform/crud/controller.ts';
import { BusinessError } from '../../platform/errors.ts';
import { checkTreeParent, refuseWithChildren } from '../../platform/crud/tree-rules.ts';

/** Rules of the generic /projectCategory calls (项目分类): a tree without loops, no deleting a node in use. */
export const CATEGORY_MSG = {
  parentMissing: '上级分类不存在',
  parentSelf: '上级分类不能是自己或自己的下级',
  hasChildren: '该分类下还有下级分类，不能删除',
  inUse: '该分类已有项目使用，不能删除',
} as const;

const beforeSave: SaveHook = ({ tx, session }, row, id) => checkTreeParent(tx, session.tenantId, 'proj_category', row.parentId, id, CATEGORY_MSG);

const beforeDelete: DeleteHook = async ({ tx, session }, ids) => {
  await refuseWithChildren(tx, session.tenantId, 'proj_category', ids, CATEGORY_MSG.hasChildren);
  const used = await tx.one('select 1 from proj_project where tenant_id = $1 and category_id = any($2::bigint[]) and not delete_flag', [session.tenantId, ids]);
  if (used) throw new BusinessError(CATEGORY_MSG.inUse);
};

export const projectCategoryController = defineController({ entity: 'projectCategory', beforeSave, beforeDelete });
