import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../../platform/db/database.ts';
import { defineJob, enqueue } from '../../../platform/jobs/queue.ts';
import { connectedImap } from './connect.ts';
import { mailboxConfig } from './setting.ts';

/**
 * \Seen on the mail server (docs/crm.md "E-mail"): when the owner reads a received mail in our screen, a job (queued
 * in the reading's transaction, so only a committed read counts) sets \Seen on the server's copy, found by its UID
 * under the same UIDVALIDITY. The sync itself stays read-only (BODY.PEEK). A server that cannot be reached fails the
 * job, which the queue retries; a renumbered folder (another UIDVALIDITY) is skipped: the copy is not known there.
 */
export const MAIL_SEEN_JOB = 'crmMailSeen';

export const queueSeen = (tx: Tx, tenantId: number, userId: number, mailIds: number[]) => enqueue(tx, MAIL_SEEN_JOB, { userId, mailIds }, { tenantId });

export async function markSeenOnServer(db: Database, log: FastifyBaseLogger, tenantId: number, userId: number, mailIds: number[]) {
  const { cfg, mails } = await db.tenant(tenantId, async (tx) => ({
    cfg: await mailboxConfig(tx, tenantId, userId),
    mails: await tx.query<{ v: string; uid: string }>(
      `select uid_validity::text as v, uid::text as uid from crm_mail
        where tenant_id = $1 and user_id = $2 and id = any($3::bigint[]) and direction = 'in' and uid is not null and seen`,
      [tenantId, userId, mailIds],
    ),
  }));
  if (!cfg || !mails.length) return { flagged: 0 };
  const client = await connectedImap(cfg, (err) => log.warn({ err, tenantId, userId }, 'imap connection error'));
  try {
    const lock = await client.getMailboxLock(cfg.folder);
    try {
      const validity = String((client.mailbox as { uidValidity: bigint }).uidValidity);
      const uids = mails.filter((m) => m.v === validity).map((m) => m.uid);
      if (uids.length) await client.messageFlagsAdd(uids.join(','), ['\\Seen'], { uid: true });
      return { flagged: uids.length };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

defineJob<{ userId: number; mailIds: number[] }>(
  MAIL_SEEN_JOB,
  (ctx) => markSeenOnServer(ctx.db, ctx.log, ctx.tenantId, ctx.payload.userId, ctx.payload.mailIds),
  { retry: 3 },
);
