import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { BusinessError, badRequest } from '../../platform/errors.ts';

async function departs(tx: Tx, s: Session) {
  return tx.query<{ id: number; departName: string; orgCode: string }>(
    `select o.id, o.name as "departName", o.org_no as "orgCode"
       from user_org uo join organization o on o.tenant_id = uo.tenant_id and o.id = uo.org_id
      where uo.tenant_id = $1 and uo.user_id = $2 and not o.delete_flag order by o.org_no`,
    [s.tenantId, s.userId],
  );
}

/** The user's departments and the current one. */
export async function currentUserDeparts(tx: Tx, session: Session) {
  const list = await departs(tx, session);
  const cur = await tx.one<{ orgCode: string | null }>(
    `select o.org_no as "orgCode" from sys_user u left join organization o on o.tenant_id = u.tenant_id and o.id = u.current_org_id
      where u.tenant_id = $1 and u.id = $2`,
    [session.tenantId, session.userId],
  );
  const orgCode = list.some((d) => d.orgCode === cur?.orgCode) ? cur!.orgCode : null;
  return { list, orgCode };
}

/** Makes one of the user's departments the current one. */
export async function selectDepart(tx: Tx, session: Session, body: { orgCode: string; username?: string }) {
  if (body.username !== undefined && body.username !== session.loginName) throw badRequest('用户名与当前登录用户不一致');
  const target = (await departs(tx, session)).find((d) => d.orgCode === body.orgCode);
  if (!target) throw new BusinessError('您不属于该部门');
  await tx.query('update sys_user set current_org_id = $3 where tenant_id = $1 and id = $2', [session.tenantId, session.userId, target.id]);
  const userInfo = await tx.one(
    `select u.id, u.login_name as "loginName", u.username, u.tenant_id as "tenantId", $2::text as "orgCode", $3::text as "departName"
       from sys_user u where u.tenant_id = $4 and u.id = $1`,
    [session.userId, target.orgCode, target.departName, session.tenantId],
  );
  return { userInfo };
}
