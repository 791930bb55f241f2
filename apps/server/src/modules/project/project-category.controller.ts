import { defineController, type DeleteHook, type SaveHook } from '../../platform/crud/controller.ts';
import { BusinessError, badRequest } from '../../platform/errors.ts';

/** Rules of the generic /projectCategory calls (项目分类): a tree without loops, no deleting a node in use. */
export const CATEGORY_MSG = {
  parentMissing: '上级分类不存在',
  parentSelf: '上级分类不能是自己或自己的下级',
  hasChildren: '该分类下还有下级分类，不能删除',
  inUse: '该分类已有项目使用，不能删除',
} as const;

const beforeSave: SaveHook = async ({ tx, session }, row, id) => {
  const parentId = row.parentId;
  if (typeof parentId !== 'number') return;
  const parent = await tx.one('select 1 from proj_category where tenant_id = $1 and id = $2 and not delete_flag', [session.tenantId, parentId]);
  if (!parent) throw badRequest(`参数错误 parentId: ${CATEGORY_MSG.parentMissing}`);
  if (id === undefined) return;
  // the new parent may not be the node itself or one of its descendants: that would cut a loop out of the tree
  const loop = await tx.one(
    `with recursive up(id, parent_id) as (
       select id, parent_id from proj_category where tenant_id = $1 and id = $2
       union
       select c.id, c.parent_id from proj_category c join up on c.tenant_id = $1 and c.id = up.parent_id
     ) select 1 from up where id = $3`,
    [session.tenantId, parentId, id],
  );
  if (loop) throw new BusinessError(CATEGORY_MSG.parentSelf);
};

const beforeDelete: DeleteHook = async ({ tx, session }, ids) => {
  const child = await tx.one(
    'select 1 from proj_category where tenant_id = $1 and parent_id = any($2::bigint[]) and not (id = any($2::bigint[])) and not delete_flag',
    [session.tenantId, ids],
  );
  if (child) throw new BusinessError(CATEGORY_MSG.hasChildren);
  const used = await tx.one('select 1 from proj_project where tenant_id = $1 and category_id = any($2::bigint[]) and not delete_flag', [session.tenantId, ids]);
  if (used) throw new BusinessError(CATEGORY_MSG.inUse);
};

export const projectCategoryController = defineController({ entity: 'projectCategory', beforeSave, beforeDelete });
