import type { RequestCtx } from '../../../platform/request-ctx.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { logWrite } from '../../../platform/audit.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { ts } from './schemas.ts';

/**
 * Billing control (SPEC §7.6 "billing control save and update"): the platform administrator records a company's
 * renewal or plan change; the latest record sets the company's type (0 trial, 1 paid), user limit and expiry,
 * which sign-in and every session load check (SPEC §9 expiry warnings, 试用期已结束).
 */
export interface BillingFields {
  tenantId: number;
  type: '0' | '1';
  userLimit: number;
  startTime?: string;
  expireTime: string;
  amount: string;
  remark?: string | null;
}

const COLUMNS = `id, tenant_id as "tenantId", type, user_limit as "userLimit", ${ts('start_time')} as "startTime",
  ${ts('expire_time')} as "expireTime", amount::text as amount, remark, ${ts('created_at')} as "createTime"`;

async function loadTenant(tx: Tx, tenantId: number) {
  const t = await tx.one<{ is_platform: boolean }>('select is_platform from tenant where id = $1 and not delete_flag for update', [tenantId]);
  if (!t) throw notFound('租户不存在');
  if (t.is_platform) throw new BusinessError('平台租户不需要计费');
}

/** Moves the company to its latest billing record; the user limit may not fall below its current users. */
async function apply(tx: Tx, tenantId: number) {
  const latest = await tx.one<{ type: string; user_limit: number; expire_time: Date }>(
    'select type, user_limit, expire_time from tenant_billing where tenant_id = $1 order by created_at desc, id desc limit 1',
    [tenantId],
  );
  if (!latest) return;
  const n = await tx.one<{ n: number }>('select count(*)::int as n from sys_user where tenant_id = $1 and not delete_flag', [tenantId]);
  if (n!.n > latest.user_limit) throw new BusinessError(`用户数上限不能小于现有用户数 ${n!.n}`);
  await tx.query('update tenant set type = $2, user_limit = $3, expire_time = $4 where id = $1', [
    tenantId,
    latest.type,
    latest.user_limit,
    latest.expire_time,
  ]);
}

export async function listBilling(tx: Tx, tenantId: number) {
  const rows = await tx.query(`select ${COLUMNS} from tenant_billing where tenant_id = $1 order by created_at desc, id desc`, [tenantId]);
  return { rows, total: rows.length };
}

export async function saveBilling(ctx: RequestCtx, f: BillingFields) {
  const { tx } = ctx;
  await loadTenant(tx, f.tenantId);
  const row = await tx.one<{ id: number; bad: boolean }>(
    `insert into tenant_billing(tenant_id, type, user_limit, start_time, expire_time, amount, remark, creator)
     select $1, $2, $3, s, e, $6::numeric, $7, $8 from (select coalesce($4::timestamp, now()) as s, $5::timestamp as e) x
      where e > s returning id, false as bad`,
    [f.tenantId, f.type, f.userLimit, f.startTime ?? null, f.expireTime, f.amount, f.remark ?? null, ctx.session.userId],
  );
  if (!row) throw new BusinessError('到期时间须晚于开始时间');
  await apply(tx, f.tenantId);
  await logWrite(tx, ctx.session, ctx.ip, '计费', 'tenantBilling', [f.tenantId], f);
  return tx.one(`select ${COLUMNS} from tenant_billing where tenant_id = $1 and id = $2`, [f.tenantId, row.id]);
}

export async function updateBilling(ctx: RequestCtx, f: Partial<BillingFields> & { id: number; tenantId: number }) {
  const { tx } = ctx;
  await loadTenant(tx, f.tenantId);
  const cur = await tx.one('select 1 from tenant_billing where tenant_id = $1 and id = $2', [f.tenantId, f.id]);
  if (!cur) throw notFound('计费记录不存在');
  const r = await tx.one(
    `update tenant_billing set type = coalesce($3, type), user_limit = coalesce($4, user_limit),
            start_time = coalesce($5::timestamp, start_time), expire_time = coalesce($6::timestamp, expire_time),
            amount = coalesce($7::numeric, amount), remark = case when $8 then $9 else remark end, updated_at = now()
      where tenant_id = $1 and id = $2
        and coalesce($6::timestamp, expire_time) > coalesce($5::timestamp, start_time) returning id`,
    [
      f.tenantId,
      f.id,
      f.type ?? null,
      f.userLimit ?? null,
      f.startTime ?? null,
      f.expireTime ?? null,
      f.amount ?? null,
      f.remark !== undefined,
      f.remark ?? null,
    ],
  );
  if (!r) throw new BusinessError('到期时间须晚于开始时间');
  await apply(tx, f.tenantId);
  await logWrite(tx, ctx.session, ctx.ip, '修改计费', 'tenantBilling', [f.tenantId], f);
  return tx.one(`select ${COLUMNS} from tenant_billing where tenant_id = $1 and id = $2`, [f.tenantId, f.id]);
}
