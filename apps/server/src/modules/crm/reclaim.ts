import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { forbidden } from '../../platform/errors.ts';
import { defineJob } from '../../platform/jobs/queue.ts';
import { runInline } from '../../platform/jobs/runner.ts';
import { publishMessage, sendMessage } from '../message/index.ts';
import { now } from '../../platform/clock.ts';
import { isManager } from './customer-access.ts';

/** The message type of a pool warning: the message module's reminder kind (types 0–2 are SPEC §3's, 4 reminders). */
const WARNING_TYPE = '4';
const WARN_NAMES = 20;

/**
 * When a held customer is due back in the pool under each rule (null: the rule is off). The follow-up clock
 * starts at the latest of the claim, the last follow-up and the planned next follow-up day; the deal clock at
 * the latest of the claim and the last won opportunity.
 */
const DEADLINES = `
  case when s.follow_days > 0 then greatest(c.claimed_at, c.last_follow_at, c.next_follow_date::timestamptz) + make_interval(days => s.follow_days) end as follow_due,
  case when s.deal_days > 0 then greatest(c.claimed_at, c.last_deal_at) + make_interval(days => s.deal_days) end as deal_due`;

export interface ReclaimRun {
  reclaimed: number;
  byFollow: number;
  byDeal: number;
  warned: number;
}

/** Returns every held customer past a deadline to the pool in one statement, logging each with its reason. */
async function reclaim(tx: Tx, tenantId: number, at: Date): Promise<Pick<ReclaimRun, 'reclaimed' | 'byFollow' | 'byDeal'>> {
  const r = await tx.one<{ total: number; follow: number }>(
    `with s as (select follow_days, deal_days from crm_setting where tenant_id = $1 and pool_enabled),
     d as (select c.partner_id, c.owner_id, ${DEADLINES} from crm_customer c cross join s where c.tenant_id = $1 and c.owner_id is not null),
     due as (select partner_id, owner_id, case when follow_due <= $2 then 'follow' else 'deal' end as reason from d where follow_due <= $2 or deal_due <= $2),
     moved as (update crm_customer c set owner_id = null, claimed_at = null, warned_at = null from due
                where c.tenant_id = $1 and c.partner_id = due.partner_id returning due.partner_id, due.owner_id, due.reason),
     logged as (insert into crm_pool_log(tenant_id, partner_id, action, from_user_id, reason, created_at)
                select $1, partner_id, 'reclaim', owner_id, reason, $2 from moved returning reason)
     select count(*)::int as total, (count(*) filter (where reason = 'follow'))::int as follow from logged`,
    [tenantId, at],
  );
  return { reclaimed: r!.total, byFollow: r!.follow, byDeal: r!.total - r!.follow };
}

/** Marks the customers due back within warn_days (once per clock) and sends each owner one message listing them. */
async function warn(tx: Tx, tenantId: number, at: Date): Promise<{ warned: number; sent: Array<{ msgId: number; userId: number }> }> {
  const owners = await tx.query<{ ownerId: string; n: number; names: string[] }>(
    `with s as (select follow_days, deal_days, warn_days from crm_setting where tenant_id = $1 and pool_enabled and warn_days > 0),
     d as (select c.partner_id, c.owner_id, s.warn_days, ${DEADLINES}
             from crm_customer c cross join s where c.tenant_id = $1 and c.owner_id is not null and c.warned_at is null),
     w as (select partner_id, owner_id, least(follow_due, deal_due) as due, warn_days from d),
     marked as (update crm_customer c set warned_at = $2 from w
                 where c.tenant_id = $1 and c.partner_id = w.partner_id and w.due > $2 and w.due - make_interval(days => w.warn_days) <= $2
                 returning w.owner_id, w.partner_id, w.due)
     select m.owner_id::text as "ownerId", count(*)::int as n,
            (array_agg(p.name || '（' || to_char(m.due, 'YYYY-MM-DD') || '）' order by m.due, p.id))[1:${WARN_NAMES}] as names
       from marked m join partner p on p.tenant_id = $1 and p.id = m.partner_id group by m.owner_id`,
    [tenantId, at],
  );
  const sent: Array<{ msgId: number; userId: number }> = [];
  for (const o of owners) {
    const userId = Number(o.ownerId);
    const more = o.n > o.names.length ? `<p>等共 ${o.n} 个客户</p>` : '';
    const msgId = await sendMessage(tx, tenantId, null, {
      type: WARNING_TYPE,
      msgTitle: `${o.n} 个客户即将回收到公海`,
      msgContent: `<p>以下客户长期未跟进或未成交，将在括号中的日期回收到公海，请及时跟进：</p><ul>${o.names.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ul>${more}`,
      userIds: [userId],
      openType: 'url',
      openPage: '/crm/customer_archive',
      modelName: 'crmPool',
    });
    sent.push({ msgId, userId });
  }
  return { warned: owners.reduce((a, o) => a + o.n, 0), sent };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One company's pool run, at the CRM clock: warnings first, then the reclaim; messages are pushed after commit. */
export async function runPool(db: Database, log: FastifyBaseLogger, tenantId: number): Promise<ReclaimRun> {
  const at = now();
  const { run, sent } = await db.tenant(tenantId, async (tx) => {
    const w = await warn(tx, tenantId, at);
    const r = await reclaim(tx, tenantId, at);
    return { run: { ...r, warned: w.warned }, sent: w.sent };
  });
  for (const s of sent) await publishMessage(db, log, tenantId, s.msgId, [s.userId]);
  return run;
}

/** Companies with the pool switched on: the ones the nightly job fires for. */
export async function poolTenants(db: Database): Promise<number[]> {
  const rows = await db.system((tx) =>
    tx.query<{ id: string }>(
      `select s.tenant_id::text as id from crm_setting s join tenant t on t.id = s.tenant_id
        where s.pool_enabled and t.enabled and not t.delete_flag and t.expire_time > now() order by 1`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

export const RECLAIM_JOB = 'crmPoolReclaim';

// nightly at 02:00 UTC, once per company with the pool on; one run per company at a time
defineJob(RECLAIM_JOB, (ctx) => runPool(ctx.db, ctx.log, ctx.tenantId), {
  singletonPerTenant: true,
  schedule: { cron: '0 2 * * *', tenants: poolTenants },
});

/** 立即回收: a manager runs the company's reclaim now; recorded in the job list like the nightly run. */
export async function reclaimNow(db: Database, log: FastifyBaseLogger, session: Session): Promise<ReclaimRun> {
  if (!isManager(session)) throw forbidden('只有管理员或主管可以立即回收');
  return (await runInline(db, log, RECLAIM_JOB, {}, session.tenantId)) as ReclaimRun;
}
