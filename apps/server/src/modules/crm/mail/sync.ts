import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../../platform/db/database.ts';
import { defineJob } from '../../../platform/jobs/queue.ts';
import { connectedImap } from './connect.ts';
import { mailboxConfig } from './setting.ts';
import { linkMails } from './store.ts';
import { listNew, readBatch, type ParsedRow } from './fetch.ts';
import { dropStored, insertAttachments, storeParts, type MailAttachment } from './attachments.ts';
import type { FileStore } from '../../../platform/files/index.ts';

/**
 * The IMAP sync (docs/crm.md "E-mail"): incremental by UID. The folder's UIDVALIDITY and the highest UID stored
 * are kept with the settings; a run fetches UIDs above it in batches, and each batch's mails, their customer links
 * and the new highest UID are written in one transaction, so a run cut off anywhere resumes where it stopped and
 * nothing is stored twice (the unique index on (user, uidvalidity, uid) guards the rest). A new UIDVALIDITY (the
 * server renumbered the folder) starts again from UID 1.
 */
export const MAIL_SYNC_JOB = 'crmMailSync';
const BATCH = 250;

export interface SyncResult {
  userId: number;
  fetched: number;
  stored: number;
  error?: string;
}

type StoredRow = Omit<ParsedRow, 'found'> & { attachments: MailAttachment[] };

/** Writes a batch; returns how many mails were new and the attachments of those already stored (their files are spare). */
async function storeBatch(tx: Tx, tenantId: number, userId: number, uidValidity: number, rows: StoredRow[]) {
  const ids = await tx.query<{ id: string; uid: string }>(
    `insert into crm_mail(tenant_id, user_id, direction, uid_validity, uid, message_id, in_reply_to, from_addr, from_name, to_addrs, cc_addrs, subject, body, html, sent_at, seen)
     select $1, $2, 'in', $3, r.uid, r."messageId", r."inReplyTo", r."fromAddr", r."fromName", r."to", r.cc, r.subject, r.body, r.html, r."sentAt", r.seen
       from jsonb_to_recordset($4::jsonb) as r(uid bigint, "messageId" text, "inReplyTo" text, "fromAddr" text, "fromName" text, "to" text[], cc text[],
            subject text, body text, html text, "sentAt" timestamptz, seen boolean)
     on conflict (tenant_id, user_id, uid_validity, uid) where uid is not null do nothing
     returning id::text, uid::text`,
    [tenantId, userId, uidValidity, JSON.stringify(rows.map(({ attachments: _, ...r }) => r))],
  );
  const byUid = new Map(rows.map((r) => [r.uid, r.attachments]));
  const fresh = new Set(ids.map((r) => Number(r.uid)));
  await insertAttachments(
    tx,
    tenantId,
    ids.map((r) => ({ mailId: Number(r.id), attachments: byUid.get(Number(r.uid)) ?? [] })),
  );
  await linkMails(
    tx,
    tenantId,
    ids.map((r) => Number(r.id)),
  );
  const top = Math.max(...rows.map((r) => r.uid));
  await tx.query(
    `update crm_mail_setting set uid_validity = $3, last_uid = greatest(case when uid_validity = $3 then last_uid else 0 end, $4),
        last_sync_at = now(), last_error = null where tenant_id = $1 and user_id = $2`,
    [tenantId, userId, uidValidity, top],
  );
  return { stored: ids.length, spare: rows.filter((r) => !fresh.has(r.uid)).flatMap((r) => r.attachments) };
}

/**
 * Stores one batch: its attachments into the file store first, then the mails, their links and attachments and the
 * new place in one transaction; a failed transaction removes the files it would have referred to.
 */
async function storeWithFiles(db: Database, files: FileStore | undefined, tenantId: number, userId: number, validity: number, parsed: ParsedRow[]) {
  const rows: StoredRow[] = [];
  try {
    for (const { found, ...r } of parsed) rows.push({ ...r, attachments: await storeParts(files, tenantId, userId, found) });
    const done = await db.tenant(tenantId, (tx) => storeBatch(tx, tenantId, userId, validity, rows));
    await dropStored(files, tenantId, done.spare);
    return done.stored;
  } catch (err) {
    await dropStored(
      files,
      tenantId,
      rows.flatMap((r) => r.attachments),
    );
    throw err;
  }
}

/** Syncs one mailbox; a failure is recorded on its settings (last_error) and returned, never thrown. */
export async function syncMailbox(
  db: Database,
  log: FastifyBaseLogger,
  tenantId: number,
  userId: number,
  signal?: AbortSignal,
  files?: FileStore,
): Promise<SyncResult> {
  const result: SyncResult = { userId, fetched: 0, stored: 0 };
  let where = '';
  try {
    const cfg = await db.tenant(tenantId, (tx) => mailboxConfig(tx, tenantId, userId));
    if (!cfg) return { ...result, error: '未设置邮箱' };
    where = `${cfg.imapHost}:${cfg.imapPort}`;
    const place = await db.tenant(tenantId, (tx) =>
      tx.one<{ v: string | null; u: string }>(
        `select uid_validity::text as v, last_uid::text as u from crm_mail_setting where tenant_id = $1 and user_id = $2`,
        [tenantId, userId],
      ),
    );
    const client = await connectedImap(cfg, (err) => log.warn({ err, tenantId, userId }, 'imap connection error'));
    try {
      const lock = await client.getMailboxLock(cfg.folder, { readOnly: true });
      try {
        const mb = client.mailbox as { uidValidity: bigint; uidNext: number; exists: number };
        const validity = Number(mb.uidValidity);
        const from = place?.v !== null && Number(place?.v) === validity ? Number(place!.u) + 1 : 1;
        if (mb.exists > 0 && mb.uidNext > from) {
          const metas = await listNew(client, from);
          for (let i = 0; i < metas.length; i += BATCH) {
            const parsed = await readBatch(client, metas.slice(i, i + BATCH));
            result.fetched += parsed.length;
            if (parsed.length) result.stored += await storeWithFiles(db, files, tenantId, userId, validity, parsed);
            signal?.throwIfAborted();
          }
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    await db.tenant(tenantId, (tx) =>
      tx.query(`update crm_mail_setting set last_sync_at = now(), last_error = null where tenant_id = $1 and user_id = $2`, [tenantId, userId]),
    );
    return result;
  } catch (err) {
    const error = (err as Error).message || String(err);
    log.warn({ err, tenantId, userId, where }, 'mail sync failed');
    await db
      .tenant(tenantId, (tx) =>
        tx.query(`update crm_mail_setting set last_error = $3 where tenant_id = $1 and user_id = $2`, [tenantId, userId, error.slice(0, 500)]),
      )
      .catch(() => undefined);
    return { ...result, error };
  }
}

/** The job: one user's mailbox (payload.userId), or every mailbox of the company; one failing never stops the others. */
export async function syncJob(db: Database, log: FastifyBaseLogger, tenantId: number, userId: number | undefined, signal?: AbortSignal, files?: FileStore) {
  const users = userId
    ? [userId]
    : (
        await db.tenant(tenantId, (tx) =>
          tx.query<{ id: string }>(`select user_id::text as id from crm_mail_setting where tenant_id = $1 order by user_id`, [tenantId]),
        )
      ).map((r) => Number(r.id));
  const results: SyncResult[] = [];
  for (const u of users) {
    signal?.throwIfAborted();
    results.push(await syncMailbox(db, log, tenantId, u, signal, files));
  }
  if (userId && results[0]?.error) throw new Error(results[0].error);
  return { mailboxes: results };
}

/** Companies with at least one mailbox: the ones the periodic sync fires for. */
export async function mailTenants(db: Database): Promise<number[]> {
  const rows = await db.system((tx) =>
    tx.query<{ id: string }>(
      `select distinct s.tenant_id::text as id from crm_mail_setting s join tenant t on t.id = s.tenant_id
        where t.enabled and not t.delete_flag and t.expire_time > now() order by 1`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

// every 5 minutes for each company with mailboxes; 同步 on the screen enqueues one user's run at once
defineJob<{ userId?: number }>(MAIL_SYNC_JOB, (ctx) => syncJob(ctx.db, ctx.log, ctx.tenantId, ctx.payload.userId, ctx.signal, ctx.files), {
  singletonPerTenant: true,
  leaseMs: 30 * 60000,
  schedule: { everyMs: 5 * 60000, tenants: mailTenants },
});
