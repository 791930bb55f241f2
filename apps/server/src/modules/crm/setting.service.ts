import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { forbidden } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { isManager } from './customer-access.ts';

/** The company's high-seas rules and currency (crm_setting); a company without a row has the defaults, pool off. */
export interface CrmSetting {
  poolEnabled: boolean;
  followDays: number;
  dealDays: number;
  claimCap: number;
  warnDays: number;
  baseCurrency: string;
}

export const DEFAULT_SETTING: CrmSetting = { poolEnabled: false, followDays: 30, dealDays: 90, claimCap: 50, warnDays: 3, baseCurrency: 'CNY' };

export async function crmSetting(tx: Tx, tenantId: number): Promise<CrmSetting> {
  const row = await tx.one<CrmSetting>(
    `select pool_enabled as "poolEnabled", follow_days as "followDays", deal_days as "dealDays", claim_cap as "claimCap",
            warn_days as "warnDays", base_currency as "baseCurrency"
       from crm_setting where tenant_id = $1`,
    [tenantId],
  );
  return row ?? { ...DEFAULT_SETTING };
}

/** Changes the rules (a manager or admin): the next reclaim applies them. */
export async function updateSetting({ tx, session, ip }: RequestCtx, patch: Partial<CrmSetting>): Promise<CrmSetting> {
  if (!isManager(session)) throw forbidden('只有管理员或主管可以修改公海规则');
  const s = { ...(await crmSetting(tx, session.tenantId)), ...patch };
  await tx.query(
    `insert into crm_setting(tenant_id, pool_enabled, follow_days, deal_days, claim_cap, warn_days, base_currency, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now())
     on conflict (tenant_id) do update set pool_enabled = excluded.pool_enabled, follow_days = excluded.follow_days,
       deal_days = excluded.deal_days, claim_cap = excluded.claim_cap, warn_days = excluded.warn_days,
       base_currency = excluded.base_currency, updated_at = now()`,
    [session.tenantId, s.poolEnabled, s.followDays, s.dealDays, s.claimCap, s.warnDays, s.baseCurrency],
  );
  await logWrite(tx, session, ip, 'update', 'crmSetting', [session.tenantId], patch);
  return s;
}
