import type { Tx } from '../db/database.ts';
import { BusinessError, badRequest } from '../errors.ts';

/** A tree table of the company (parent_id), named by the entity's controller, never by a caller. */
type TreeTable = 'organization' | 'proj_category';

/**
 * A node's new parent must be a live node of the company and neither the node itself nor one of its descendants
 * (that would cut a loop out of the tree). `id` is undefined for a new node.
 */
export async function checkTreeParent(
  tx: Tx,
  tenantId: number,
  table: TreeTable,
  parentId: unknown,
  id: number | undefined,
  msg: { parentMissing: string; parentSelf: string },
): Promise<void> {
  if (typeof parentId !== 'number') return;
  const parent = await tx.one(`select 1 from ${table} where tenant_id = $1 and id = $2 and not delete_flag`, [tenantId, parentId]);
  if (!parent) throw badRequest(`参数错误 parentId: ${msg.parentMissing}`);
  if (id === undefined) return;
  const loop = await tx.one(
    `with recursive up(id, parent_id) as (
       select id, parent_id from ${table} where tenant_id = $1 and id = $2
       union
       select t.id, t.parent_id from ${table} t join up on t.tenant_id = $1 and t.id = up.parent_id
     ) select 1 from up where id = $3`,
    [tenantId, parentId, id],
  );
  if (loop) throw new BusinessError(msg.parentSelf);
}

/** Refuses deleting nodes that still have live children outside the deleted set. */
export async function refuseWithChildren(tx: Tx, tenantId: number, table: TreeTable, ids: number[], message: string): Promise<void> {
  const child = await tx.one(
    `select 1 from ${table} where tenant_id = $1 and parent_id = any($2::bigint[]) and not (id = any($2::bigint[])) and not delete_flag`,
    [tenantId, ids],
  );
  if (child) throw new BusinessError(message);
}
