import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, forbidden } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { now } from '../../platform/clock.ts';
import { checkUser, customerState, HELD_BY_OTHER, isManager } from './customer-access.ts';
import { crmSetting } from './setting.service.ts';

type Action = 'create' | 'claim' | 'assign' | 'release' | 'reclaim' | 'convert';

export async function poolLog(
  tx: Tx,
  r: { tenantId: number; partnerId: number; action: Action; from?: number | null; to?: number | null; reason?: string | null; actor?: number | null; at: Date },
) {
  await tx.query(
    `insert into crm_pool_log(tenant_id, partner_id, action, from_user_id, to_user_id, reason, actor_id, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.tenantId, r.partnerId, r.action, r.from ?? null, r.to ?? null, r.reason ?? null, r.actor ?? null, r.at],
  );
}

/**
 * The per-user cap: `userId` may take `more` customers. The user's row is locked first, so two claims of the
 * same user wait for each other and the count they read is final.
 */
export async function checkCap(tx: Tx, tenantId: number, userId: number, more = 1): Promise<void> {
  await tx.query('select id from sys_user where tenant_id = $1 and id = $2 for update', [tenantId, userId]);
  const { claimCap } = await crmSetting(tx, tenantId);
  if (claimCap <= 0) return;
  const held = await tx.one<{ n: number }>('select count(*)::int as n from crm_customer where tenant_id = $1 and owner_id = $2', [tenantId, userId]);
  if (held!.n + more > claimCap) throw new BusinessError(`已达到持有客户上限（${claimCap} 个），请先释放客户`);
}

/** Makes `userId` the holder of a customer from the pool (no CRM row yet, or no owner); false when someone holds it. */
async function take(tx: Tx, tenantId: number, partnerId: number, userId: number, at: Date, onlyFromPool: boolean): Promise<boolean> {
  const row = await tx.one(
    `insert into crm_customer(tenant_id, partner_id, owner_id, claimed_at) values ($1, $2, $3, $4)
     on conflict (tenant_id, partner_id) do update set owner_id = excluded.owner_id, claimed_at = excluded.claimed_at, warned_at = null
       where $5::boolean is false or crm_customer.owner_id is null
     returning partner_id`,
    [tenantId, partnerId, userId, at, onlyFromPool],
  );
  return row !== undefined;
}

/** 领取: the caller takes a customer from the high seas, within the cap. */
export async function claim({ tx, session, ip }: RequestCtx, partnerId: number) {
  const t = session.tenantId;
  const c = await customerState(tx, t, partnerId);
  if (c.ownerId === session.userId) throw new BusinessError('你已领取该客户');
  if (c.ownerId !== null) throw new BusinessError(HELD_BY_OTHER);
  await checkCap(tx, t, session.userId);
  const at = now();
  if (!(await take(tx, t, partnerId, session.userId, at, true))) throw new BusinessError(HELD_BY_OTHER);
  await poolLog(tx, { tenantId: t, partnerId, action: 'claim', to: session.userId, actor: session.userId, at });
  await logWrite(tx, session, ip, 'claim', 'crmCustomer', [partnerId]);
  return { partnerId, ownerId: session.userId };
}

/** 分配: a manager gives a customer (pooled or held) to a user, within that user's cap. */
export async function assign({ tx, session, ip }: RequestCtx, partnerId: number, userId: number) {
  if (!isManager(session)) throw forbidden('只有管理员或主管可以分配客户');
  const t = session.tenantId;
  await checkUser(tx, t, userId);
  const c = await customerState(tx, t, partnerId);
  if (c.ownerId === userId) throw new BusinessError('该客户已由此用户负责');
  await checkCap(tx, t, userId);
  const at = now();
  await take(tx, t, partnerId, userId, at, false);
  await poolLog(tx, { tenantId: t, partnerId, action: 'assign', from: c.ownerId, to: userId, actor: session.userId, at });
  await logWrite(tx, session, ip, 'assign', 'crmCustomer', [partnerId], { userId });
  return { partnerId, ownerId: userId };
}

/** 放入公海: the holder (or a manager) gives a customer back to the pool. */
export async function release({ tx, session, ip }: RequestCtx, partnerId: number, reason?: string) {
  const t = session.tenantId;
  const c = await customerState(tx, t, partnerId);
  if (c.ownerId === null) throw new BusinessError('该客户已在公海中');
  if (c.ownerId !== session.userId && !isManager(session)) throw forbidden('只能释放自己负责的客户');
  const at = now();
  await tx.query('update crm_customer set owner_id = null, claimed_at = null, warned_at = null where tenant_id = $1 and partner_id = $2', [t, partnerId]);
  await poolLog(tx, { tenantId: t, partnerId, action: 'release', from: c.ownerId, reason: reason ?? null, actor: session.userId, at });
  await logWrite(tx, session, ip, 'release', 'crmCustomer', [partnerId], { reason });
  return { partnerId };
}

/** 转为客户: a lead becomes a customer (its partner row is enabled for documents); the caller holds it if nobody does. */
export async function convert({ tx, session, ip }: RequestCtx, partnerId: number) {
  const t = session.tenantId;
  const c = await customerState(tx, t, partnerId);
  if (c.status !== 'lead') throw new BusinessError('该客户不是潜在客户，无需转换');
  if (c.ownerId !== null && c.ownerId !== session.userId && !isManager(session)) throw new BusinessError(HELD_BY_OTHER);
  const at = now();
  if (c.ownerId === null) {
    await checkCap(tx, t, session.userId);
    await take(tx, t, partnerId, session.userId, at, true);
  }
  await tx.query(`update crm_customer set status = 'customer', converted_at = $3 where tenant_id = $1 and partner_id = $2`, [t, partnerId, at]);
  await tx.query('update partner set enabled = true, updated_at = now(), updater = $3 where tenant_id = $1 and id = $2', [t, partnerId, session.userId]);
  await poolLog(tx, { tenantId: t, partnerId, action: 'convert', to: c.ownerId ?? session.userId, actor: session.userId, at });
  await logWrite(tx, session, ip, 'convert', 'crmCustomer', [partnerId]);
  return { partnerId, ownerId: c.ownerId ?? session.userId };
}
