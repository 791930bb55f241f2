import type { Database } from '../../../platform/db/database.ts';
import type { FileStore } from '../../../platform/files/index.ts';
import { defineJob } from '../../../platform/jobs/queue.ts';
import { mailTenants } from './sync.ts';

/**
 * Unreferenced attachment files (docs/crm.md "E-mail"): the sync stores a batch's attachment files before the
 * batch's transaction and removes them if it fails, but a process killed in between leaves files no row refers to.
 * The job `crmMailFileCleanup` (daily, per company with mailboxes) lists the company's files under `mail/` and
 * removes those older than an hour that no `crm_mail_attachment` row names; an hour is far longer than a batch
 * takes between storing its files and committing, so a sync running meanwhile never loses one.
 */
export const MAIL_FILE_CLEANUP_JOB = 'crmMailFileCleanup';
const CHUNK = 500;
const AGE_MS = 60 * 60 * 1000;

/** Removes the company's mail files changed before `before` that no attachment row names; returns the counts. */
export async function cleanMailFiles(db: Database, store: FileStore, tenantId: number, before: Date, signal?: AbortSignal) {
  let checked = 0;
  let removed = 0;
  const sweep = async (paths: string[]) => {
    const used = await db.tenant(tenantId, (tx) =>
      tx.query<{ path: string }>(`select path from crm_mail_attachment where tenant_id = $1 and path = any($2::text[])`, [tenantId, paths]),
    );
    const keep = new Set(used.map((r) => r.path));
    for (const path of paths.filter((p) => !keep.has(p))) if (await store.delete({ tenantId, area: 'upload', path })) removed++;
  };
  let chunk: string[] = [];
  for await (const f of store.list(tenantId, 'upload', 'mail/')) {
    if (f.modified >= before) continue;
    checked++;
    chunk.push(f.path);
    if (chunk.length >= CHUNK) {
      await sweep(chunk);
      chunk = [];
      signal?.throwIfAborted();
    }
  }
  if (chunk.length) await sweep(chunk);
  return { checked, removed };
}

// daily at 03:30 UTC for each company with mailboxes
defineJob(
  MAIL_FILE_CLEANUP_JOB,
  async (ctx) => {
    if (!ctx.files) throw new Error('no file store');
    return cleanMailFiles(ctx.db, ctx.files, ctx.tenantId, new Date(Date.now() - AGE_MS), ctx.signal);
  },
  { singletonPerTenant: true, leaseMs: 60 * 60000, schedule: { cron: '30 3 * * *', tenants: mailTenants } },
);
