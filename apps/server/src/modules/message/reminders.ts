import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { DOC_TYPE_BY_KEY, PENDING_STATUSES, sqlStatuses } from '@erp/entities';
import type { Database, Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { forbidden } from '../../platform/errors.ts';
import { BELOW, LIMITS, LIVE } from '../inventory/index.ts';
import { sendMessage } from './message.service.ts';
import { publishMessage } from './realtime.ts';
import { defineJob } from '../../platform/jobs/queue.ts';
import { runInline } from '../../platform/jobs/runner.ts';

/** msg.type of a reminder (0–2 are the SPEC §3 kinds, 3 announcements). */
export const REMINDER_TYPE = '4';
/** Subjects read per setting and run: a reminder is a nudge, not a report. */
const MAX_SUBJECTS = 500;
/** Lines listed in one message; the rest are counted. */
const MAX_LINES = 50;
/** Days the sent-reminder rows are kept (only today's are needed; a few more help looking back). */
const KEEP_DAYS = 7;

/** Something a reminder is about: `subject` identifies it for "not twice a day", `text` is its line. */
interface Due {
  subject: string;
  text: string;
}

interface Kind {
  title: string;
  openPage?: string;
  /** Used when the setting has no threshold. */
  defaultThreshold: number;
  find(tx: Tx, tenantId: number, threshold: number): Promise<Due[]>;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (v: string | null) => (v === null ? '-' : new Decimal(v).toString());

/**
 * What each kind finds. Arrears are absent on purpose: there are no receipt/payment documents
 * yet, so a partner's arrears cannot be computed honestly (docs/decisions.md "Reminders").
 */
const KINDS: Record<string, Kind> = {
  // the stock-warning report's rule: below the minimum or above the maximum safety stock
  stockWarning: {
    title: '库存预警',
    openPage: '/report/stock_warning',
    defaultThreshold: 0,
    async find(tx, tenantId) {
      const rows = await tx.query<{
        mid: string;
        did: string;
        name: string;
        depot: string;
        cur: string;
        low: string | null;
        high: string | null;
        below: boolean;
      }>(
        `with ${LIMITS}
         select s.material_id::text as mid, s.depot_id::text as did, m.name, d.name as depot, s.cur::text as cur, s.low::text as low, s.high::text as high, (${BELOW}) as below
           from s join material m on m.tenant_id = s.tenant_id and m.id = s.material_id
                  join depot d on d.tenant_id = s.tenant_id and d.id = s.depot_id
          where ${LIVE} and (${BELOW} or s.cur > s.high)
          order by m.id, d.id limit ${MAX_SUBJECTS}`,
        [tenantId],
      );
      return rows.map((r) => ({
        subject: `stock:${r.mid}:${r.did}`,
        text: `${r.name}（${r.depot}）当前库存 ${num(r.cur)}，${r.below ? `低于最低安全库存 ${num(r.low)}` : `高于最高安全库存 ${num(r.high)}`}`,
      }));
    },
  },
  // batches with stock whose expiry date is within `threshold` days (or past)
  expiry: {
    title: '保质期到期',
    openPage: '/report/batch_inventory',
    defaultThreshold: 30,
    async find(tx, tenantId, days) {
      const rows = await tx.query<{ mid: string; did: string; batch: string; name: string; depot: string; qty: string; exp: string; daysLeft: number }>(
        `select b.material_id::text as mid, b.depot_id::text as did, b.batch_number as batch, m.name, d.name as depot, b.qty::text as qty,
                to_char(b.expiration_date, 'YYYY-MM-DD') as exp, (b.expiration_date - current_date) as "daysLeft"
           from stock_balance b join material m on m.tenant_id = b.tenant_id and m.id = b.material_id
                                join depot d on d.tenant_id = b.tenant_id and d.id = b.depot_id
          where b.tenant_id = $1 and b.qty > 0 and b.expiration_date <= current_date + $2::int and ${LIVE}
          order by b.expiration_date, m.id, d.id, b.batch_number limit ${MAX_SUBJECTS}`,
        [tenantId, Math.floor(days)],
      );
      return rows.map((r) => ({
        subject: `expiry:${r.mid}:${r.did}:${r.batch}`,
        text: `${r.name}（${r.depot}，批号 ${r.batch || '-'}，数量 ${num(r.qty)}）${r.daysLeft < 0 ? `已于 ${r.exp} 过期` : `将于 ${r.exp} 到期（${r.daysLeft}天后）`}`,
      }));
    },
  },
  // documents not audited (or still in approval) for at least `threshold` days
  approval: {
    title: '待审核单据',
    defaultThreshold: 1,
    async find(tx, tenantId, days) {
      const rows = await tx.query<{ id: string; number: string; docKey: string; created: string; age: number }>(
        `select h.id::text as id, h.number, h.doc_key as "docKey", to_char(h.created_at, 'YYYY-MM-DD HH24:MI') as created,
                extract(day from now() - h.created_at)::int as age
           from depot_head h
          where h.tenant_id = $1 and not h.delete_flag and h.status in ${sqlStatuses(PENDING_STATUSES)} and h.created_at <= now() - make_interval(days => $2::int)
          order by h.created_at, h.id limit ${MAX_SUBJECTS}`,
        [tenantId, Math.floor(days)],
      );
      return rows.map((r) => ({
        subject: `approval:${r.id}`,
        text: `${DOC_TYPE_BY_KEY[r.docKey]?.label.zh ?? '单据'} ${r.number}（${r.created} 创建）已等待审核 ${r.age} 天`,
      }));
    },
  },
};

export const SKIPPED_KINDS: Record<string, string> = {
  arrears: '欠款提醒暂不可用：尚无收付款单据，无法计算往来单位欠款',
};

export interface ReminderRun {
  /** Enabled settings looked at. */
  settings: number;
  /** Messages sent (one per setting with something new; each goes to all its recipients). */
  messages: number;
  /** Subjects reminded of for the first time today. */
  subjects: number;
  skipped: Array<{ id: number; name: string; kind: string; reason: string }>;
}

/**
 * One company's reminders, in its transaction. Each enabled setting finds what is due, claims the
 * subjects not yet reminded of today (the claim is the insert, so two runs at once cannot both
 * send), and sends one message listing them to its recipients. Returns the pushes to publish
 * once the transaction has committed.
 */
export async function runTenantReminders(tx: Tx, tenantId: number): Promise<{ run: ReminderRun; pushes: Array<{ msgId: number; userIds: number[] }> }> {
  const run: ReminderRun = { settings: 0, messages: 0, subjects: 0, skipped: [] };
  const pushes: Array<{ msgId: number; userIds: number[] }> = [];
  await tx.query(`delete from reminder_sent where tenant_id = $1 and sent_on < current_date - ${KEEP_DAYS}`, [tenantId]);
  const settings = await tx.query<{ id: string; name: string; kind: string; threshold: string | null; recipients: string | null }>(
    'select id::text as id, name, kind, threshold::text as threshold, recipients from reminder_setting where tenant_id = $1 and enabled order by id',
    [tenantId],
  );
  for (const s of settings) {
    run.settings++;
    const id = Number(s.id);
    const skip = (reason: string) => run.skipped.push({ id, name: s.name, kind: s.kind, reason });
    const kind = KINDS[s.kind];
    if (!kind) {
      skip(SKIPPED_KINDS[s.kind] ?? `未知的提醒类型 ${s.kind}`);
      continue;
    }
    const userIds = await liveRecipients(tx, tenantId, s.recipients);
    if (!userIds.length) {
      skip('没有有效的接收人');
      continue;
    }
    const threshold = s.threshold === null ? kind.defaultThreshold : Number(s.threshold);
    const due = await kind.find(tx, tenantId, threshold);
    if (!due.length) continue;
    const claimed = await tx.query<{ subject: string }>(
      `insert into reminder_sent(tenant_id, setting_id, subject, sent_on) select $1, $2, x, current_date from unnest($3::text[]) x
       on conflict do nothing returning subject`,
      [tenantId, id, due.map((d) => d.subject)],
    );
    const fresh = new Set(claimed.map((c) => c.subject));
    const lines = due.filter((d) => fresh.has(d.subject));
    if (!lines.length) continue;
    const shown = lines.slice(0, MAX_LINES).map((d) => `<li>${esc(d.text)}</li>`);
    const more = lines.length > MAX_LINES ? `<p>…等共 ${lines.length} 项</p>` : '';
    const msgId = await sendMessage(tx, tenantId, null, {
      type: REMINDER_TYPE,
      msgTitle: `${kind.title}提醒（${s.name}）：${lines.length}项`,
      msgContent: `<ul>${shown.join('')}</ul>${more}`,
      userIds,
      openType: kind.openPage ? 'component' : null,
      openPage: kind.openPage ?? null,
      modelName: 'reminder',
      busId: id,
    });
    await tx.query('update reminder_sent set msg_id = $4 where tenant_id = $1 and setting_id = $2 and sent_on = current_date and subject = any($3::text[])', [
      tenantId,
      id,
      lines.map((d) => d.subject),
      msgId,
    ]);
    pushes.push({ msgId, userIds });
    run.messages++;
    run.subjects += lines.length;
  }
  return { run, pushes };
}

/** The setting's recipients that are still users of the company and not blacklisted (others are left out, not an error). */
async function liveRecipients(tx: Tx, tenantId: number, recipients: string | null): Promise<number[]> {
  const ids = (recipients ?? '').split(',').filter(Boolean).map(Number);
  if (!ids.length) return [];
  const rows = await tx.query<{ id: string }>(
    'select id::text as id from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag and status <> 2 order by id',
    [tenantId, ids],
  );
  return rows.map((r) => Number(r.id));
}

/** Runs one company's reminders and pushes the messages to the bells once they are committed. */
export async function remindTenant(db: Database, log: FastifyBaseLogger, tenantId: number): Promise<ReminderRun> {
  const { run, pushes } = await db.tenant(tenantId, (tx) => runTenantReminders(tx, tenantId));
  for (const p of pushes) await publishMessage(db, log, tenantId, p.msgId, p.userIds);
  return run;
}

/** Every usable company with an enabled setting: the companies the scheduled reminder job fires for. */
export async function reminderTenants(db: Database): Promise<number[]> {
  const rows = await db.system((tx) =>
    tx.query<{ id: string }>(
      `select distinct r.tenant_id::text as id from reminder_setting r join tenant t on t.id = r.tenant_id
        where r.enabled and t.enabled and not t.delete_flag and t.expire_time > now() order by 1`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

export const REMINDER_JOB = 'reminders';

/**
 * Defines the reminder job: every `minutes` (0: never scheduled) once per company with a setting,
 * across however many instances run. One company's run at a time (singleton), so a slow run is
 * not overlapped; a failed company does not stop the others, each is its own job.
 */
export function defineReminderJob(minutes: number): void {
  defineJob(REMINDER_JOB, (ctx) => remindTenant(ctx.db, ctx.log, ctx.tenantId), {
    singletonPerTenant: true,
    ...(minutes > 0 ? { schedule: { everyMs: minutes * 60_000, tenants: reminderTenants } } : {}),
  });
}
// defined unscheduled so runNow works in any process; main.ts adds the schedule from the config
defineReminderJob(0);

/** Runs the company's reminders here and now (its manager or an admin role), recorded in the job list like a scheduled run. */
export async function runRemindersNow(db: Database, log: FastifyBaseLogger, session: Session): Promise<ReminderRun> {
  if (!session.admin && !session.user.isManager) throw forbidden();
  return (await runInline(db, log, REMINDER_JOB, {}, session.tenantId)) as ReminderRun;
}
