import { z } from 'zod';
import { DOC_TYPE_BY_KEY } from '@erp/entities';
import { defineRoute } from '../../../platform/http/route.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { checkAccess } from '../../../platform/auth/access.ts';
import { logWrite } from '../../../platform/audit.ts';
import { BTN, lockHead } from './document.service.ts';

/**
 * A document's remark changed without saving the document again (jshERP's 快捷编辑备注, QuickEditModal.vue): allowed in
 * any status, audited or done, since nothing posted depends on it; the type's 编辑 button, own-data rules and the
 * closed-period rule apply as to any change of the document.
 */
export async function updateRemark(c: RequestCtx, body: { id: number; remark: string | null }) {
  const h = await lockHead(c, body.id, '修改备注');
  checkAccess(c.session, { menu: DOC_TYPE_BY_KEY[h.doc_key].menu, btn: BTN.edit });
  const remark = body.remark === null || body.remark === '' ? null : body.remark;
  await c.tx.query('update depot_head set remark = $3, updater = $4, updated_at = now() where tenant_id = $1 and id = $2', [
    c.session.tenantId,
    body.id,
    remark,
    c.session.userId,
  ]);
  await logWrite(c.tx, c.session, c.ip, 'updateRemark', 'depotHead', [body.id], { remark });
  return { id: body.id, remark, message: '修改成功' };
}

export const quickEditRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/depotHead/updateRemark',
    summary: "Change only a document's remark, in any status (jshERP's 快捷编辑备注); the type's edit button and the closed-period rule apply",
    tags: ['depotHead'],
    access: 'user',
    body: z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), remark: z.string().trim().max(1000).nullable() }),
    handler: ({ tx, session, body, req }) => updateRemark({ tx, session, ip: req.ip }, body),
  }),
];
