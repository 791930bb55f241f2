import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { projectFor } from './access.ts';

export interface OnlineInput {
  projectId: number;
  onlineDate: string;
  scope: string;
  signer?: string | null;
  signDate?: string | null;
  remark?: string | null;
}

/**
 * A go-live record (上线, /blank/newOnline): the date, what went live and who signed it off. A project still
 * 进行中 moves to 上线 with its first record (its life: new → progress → online → acceptance …).
 */
export async function addOnline(ctx: RequestCtx, i: OnlineInput) {
  const { tx, session: s } = ctx;
  const p = await projectFor(tx, s, i.projectId);
  if (p.is_template) throw new BusinessError('项目模板不能记录上线');
  if (p.status === 'new') throw new BusinessError('项目尚未开始，不能记录上线');
  if (p.status === 'closed') throw new BusinessError('项目已关闭，不能再记录上线');
  if (i.signDate && !i.signer) throw new BusinessError('填写签字日期时，签字人不能为空');
  if (i.signDate && i.signDate < i.onlineDate) throw new BusinessError('签字日期不能早于上线日期');
  const r = await tx.one<{ id: number }>(
    `insert into proj_online(tenant_id, project_id, online_date, scope, signer, sign_date, remark, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::int as id`,
    [s.tenantId, i.projectId, i.onlineDate, i.scope, i.signer || null, i.signDate ?? null, i.remark ?? null, s.userId],
  );
  if (p.status === 'progress')
    await tx.query(`update proj_project set status = 'online', updated_at = now() where tenant_id = $1 and id = $2`, [s.tenantId, i.projectId]);
  return { id: r!.id, status: p.status === 'progress' ? 'online' : p.status };
}

/** A project's go-live records, newest first. */
export async function onlineRecords(tx: Tx, s: Session, projectId: number) {
  await projectFor(tx, s, projectId);
  return tx.query(
    `select id::int as id, to_char(online_date, 'YYYY-MM-DD') as "onlineDate", scope, signer, to_char(sign_date, 'YYYY-MM-DD') as "signDate", remark
       from proj_online where tenant_id = $1 and project_id = $2 order by online_date desc, id desc`,
    [s.tenantId, projectId],
  );
}
