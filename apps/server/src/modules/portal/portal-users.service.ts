import crypto from 'node:crypto';
import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, badRequest } from '../../platform/errors.ts';
import { hashPassword, md5, PASSWORD_RULE } from '../../platform/auth/password.ts';
import { logWrite } from '../../platform/audit.ts';

/** The role every supplier portal user holds: the portal menu (area 12) alone. */
export const PORTAL_ROLE_NAME = '供应商门户';
const INVITE_DAYS = 7;
export const INVITE_MSG = {
  supplier: '供应商不存在或已停用',
  taken: '登录名已存在',
  limit: '用户数量已达上限',
  invalid: '邀请链接无效或已过期',
  rule: '密码须至少6位，且包含字母和数字',
} as const;

/** The company's portal role, made on first use with the grants of the portal menu. Runs in the system scope. */
async function portalRole(tx: Tx, tenantId: number): Promise<number> {
  const found = await tx.one<{ id: number }>('select id from role where tenant_id = $1 and name = $2 and not delete_flag', [tenantId, PORTAL_ROLE_NAME]);
  if (found) return Number(found.id);
  const role = await tx.one<{ id: number }>(
    `insert into role(tenant_id, name, type, description) values ($1, $2, '全部数据', 'supplier portal users: the portal menu alone') returning id`,
    [tenantId, PORTAL_ROLE_NAME],
  );
  await tx.query(
    `insert into role_function(tenant_id, role_id, function_id, btn_str)
     select $1, $2, id, push_btn from sys_function where url like '/portal/%' and not platform_only`,
    [tenantId, role!.id],
  );
  return Number(role!.id);
}

export interface InviteInput {
  supplierId: number;
  loginName: string;
  username: string;
  phone?: string;
  email?: string;
}

/**
 * A supplier's contact gets a portal sign-in (system scope: the sign-in identity is global): a user bound to the
 * supplier, the portal role, no usable password, and an invitation whose link sets the first password.
 */
export async function inviteSupplierUser({ tx, session, ip }: RequestCtx, u: InviteInput) {
  const tenantId = session.tenantId;
  const supplier = await tx.one('select 1 from partner where tenant_id = $1 and id = $2 and type = $3 and enabled and not delete_flag', [
    tenantId,
    u.supplierId,
    '供应商',
  ]);
  if (!supplier) throw new BusinessError(INVITE_MSG.supplier);
  const t = await tx.one<{ user_limit: number }>('select user_limit from tenant where id = $1 for update', [tenantId]);
  const count = await tx.one<{ n: number }>('select count(*)::int as n from sys_user where tenant_id = $1 and not delete_flag', [tenantId]);
  if (count!.n >= t!.user_limit) throw new BusinessError(INVITE_MSG.limit);
  if (await tx.one('select 1 from account where login_name = $1', [u.loginName])) throw new BusinessError(INVITE_MSG.taken);
  // a password nobody knows until the invitation is taken up
  const account = await tx.one<{ id: number }>('insert into account(login_name, password_hash) values ($1, $2) returning id', [
    u.loginName,
    await hashPassword(md5(crypto.randomBytes(24).toString('hex'))),
  ]);
  const user = await tx.one<{ id: number }>(
    `insert into sys_user(tenant_id, account_id, login_name, username, phone, email, supplier_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [tenantId, account!.id, u.loginName, u.username, u.phone ?? null, u.email ?? null, u.supplierId],
  );
  const userId = Number(user!.id);
  await tx.query('insert into user_role(tenant_id, user_id, role_id) values ($1, $2, $3)', [tenantId, userId, await portalRole(tx, tenantId)]);
  const token = await newInvitation(tx, tenantId, userId);
  await logWrite(tx, session, ip, 'add', 'portalUser', [userId], { supplierId: u.supplierId, loginName: u.loginName });
  return { userId, token, link: `/portal/invite?token=${encodeURIComponent(token)}`, expiresInDays: INVITE_DAYS };
}

async function newInvitation(tx: Tx, tenantId: number, userId: number): Promise<string> {
  const token = `${tenantId}.${crypto.randomBytes(24).toString('base64url')}`;
  await tx.query(`insert into portal_invitation(tenant_id, user_id, token_hash, expires_at) values ($1, $2, $3, now() + $4 * interval '1 day')`, [
    tenantId,
    userId,
    hashInvite(token),
    INVITE_DAYS,
  ]);
  return token;
}

const hashInvite = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Takes up an invitation (public, system scope): sets the first password once; the link then stops working. */
export async function acceptInvitation(tx: Tx, token: string, password: string) {
  if (!PASSWORD_RULE.test(password)) throw badRequest(INVITE_MSG.rule);
  const tenantId = Number(token.split('.')[0]);
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new BusinessError(INVITE_MSG.invalid);
  const inv = await tx.one<{ id: number; user_id: number; account_id: number; login_name: string }>(
    `select i.id, i.user_id, u.account_id, u.login_name from portal_invitation i
       join sys_user u on u.tenant_id = i.tenant_id and u.id = i.user_id and not u.delete_flag
      where i.tenant_id = $1 and i.token_hash = $2 and i.used_at is null and i.expires_at > now() for update of i`,
    [tenantId, hashInvite(token)],
  );
  if (!inv) throw new BusinessError(INVITE_MSG.invalid);
  await tx.query('update account set password_hash = $2 where id = $1', [inv.account_id, await hashPassword(md5(password))]);
  await tx.query('update portal_invitation set used_at = now() where tenant_id = $1 and id = $2', [tenantId, inv.id]);
  return { loginName: inv.login_name };
}

/** The portal users of the company (or of one supplier), for the buyer's side. */
export async function listSupplierUsers(tx: Tx, tenantId: number, supplierId?: number) {
  return tx.query(
    `select u.id, u.login_name as "loginName", u.username, u.phone, u.email, u.supplier_id as "supplierId", p.name as "supplierName",
            u.status, exists (select 1 from portal_invitation i where i.tenant_id = u.tenant_id and i.user_id = u.id and i.used_at is not null) as activated
       from sys_user u join partner p on p.tenant_id = u.tenant_id and p.id = u.supplier_id
      where u.tenant_id = $1 and u.supplier_id is not null and not u.delete_flag and ($2::bigint is null or u.supplier_id = $2)
      order by u.id desc limit 500`,
    [tenantId, supplierId ?? null],
  );
}
