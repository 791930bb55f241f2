import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { projectFor } from './access.ts';
import { deliverableName, id } from './schemas.ts';

export const RENAME_MSG = {
  missing: '交付物不存在',
  same: '新名称与原名称相同',
  taken: '该项目已有同名交付物',
  closed: '项目已关闭，交付物不能改名',
} as const;

/**
 * Renames a deliverable: the name rules of adding (`deliverableName`), unique in its project, not on a closed
 * project; every version and its stored file stay as they are. The old and new names go to the audit log.
 */
export async function renameDeliverable(ctx: RequestCtx, deliverableId: number, name: string) {
  const { tx, session: s } = ctx;
  const d = await tx.one<{ project_id: number; name: string }>(
    'select project_id::int as project_id, name from proj_deliverable where tenant_id = $1 and id = $2 for update',
    [s.tenantId, deliverableId],
  );
  if (!d) throw new BusinessError(RENAME_MSG.missing);
  const p = await projectFor(tx, s, d.project_id);
  if (p.status === 'closed') throw new BusinessError(RENAME_MSG.closed);
  if (d.name === name) throw new BusinessError(RENAME_MSG.same);
  const dup = await tx.one('select 1 from proj_deliverable where tenant_id = $1 and project_id = $2 and name = $3 and id <> $4', [
    s.tenantId,
    d.project_id,
    name,
    deliverableId,
  ]);
  if (dup) throw new BusinessError(RENAME_MSG.taken);
  await tx.query('update proj_deliverable set name = $3 where tenant_id = $1 and id = $2', [s.tenantId, deliverableId, name]);
  await logWrite(tx, s, ctx.ip, 'update', 'deliverable', [deliverableId], { from: d.name, to: name });
  return { id: deliverableId, name };
}

export const deliverableRenameRoutes = [
  defineRoute({
    method: 'POST',
    url: '/project/deliverables/rename',
    summary: 'Rename a deliverable (name rules as when adding, unique in its project); its versions and files are kept; audited',
    tags: ['project'],
    access: { menu: '/project/deliverables', btn: '1' },
    body: z.strictObject({ id, name: deliverableName }),
    handler: ({ tx, session, req, body }) => renameDeliverable({ tx, session, ip: req.ip }, body.id, body.name),
  }),
];
