import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Database } from '../../../platform/db/database.ts';
import { LocalFileStore, type FileKey } from '../../../platform/files/index.ts';
import { S3FileStore } from '../../../platform/files/s3.ts';
import { JobRunner, runInline } from '../../../platform/jobs/runner.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { mailServers, mailSettings, type MailServers } from '../../../test-support/mail-servers.ts';
import { SAMPLE } from '../../../test-support/upload.ts';
import { startS3Server } from '../../common/__tests__/s3-server.ts';
import { cleanMailFiles, MAIL_FILE_CLEANUP_JOB, MAIL_SYNC_JOB } from '../index.ts';
import { okData } from './fixtures.ts';

process.env.ERP_MAIL_KEY = 'test-key-mail-cleanup';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let app: FastifyInstance;
let db: Database;
let srv: MailServers;
let runner: JobRunner;

beforeAll(async () => {
  ({ app, db } = await testApp());
  srv = await mailServers();
  runner = new JobRunner(db, log, { pollMs: 100, names: [MAIL_SYNC_JOB], files: app.fileStore }).start();
});
afterAll(async () => {
  await runner.stop(5000);
});

const HOUR = 3600_000;

describe('CRM mail: attachment files no row references are removed', () => {
  it('the cleanup job removes orphans older than an hour; files of stored mails, young files and other folders stay', async () => {
    const store = app.fileStore as LocalFileStore;
    const t = await newTenant(app, 'mclean');
    const box = srv.addUser();
    srv.deliver(box.user, {
      from: 'buyer@customer.test',
      to: `${box.user}@crm.test`,
      subject: 'Kept',
      text: '见附件',
      attachments: [{ filename: 'quote.pdf', contentType: 'application/pdf', content: SAMPLE.pdf('kept') }],
    });
    await okData(t.api.put('/crm/mail/setting', mailSettings(srv, box)));
    const { jobId } = await okData(t.api.post('/crm/mail/sync'));
    await expect.poll(async () => (await okData(t.api.get(`/crm/mail/sync/status?jobId=${jobId}`))).state, { timeout: 30000 }).toBe('done');
    const [kept] = await db.system((tx) => tx.query<{ path: string }>('select path from crm_mail_attachment where tenant_id = $1', [t.tenantId]));
    expect(kept!.path).toMatch(/^mail\//);

    // what a sync killed between storing a batch's files and committing it leaves behind
    const key = (path: string): FileKey => ({ tenantId: t.tenantId, area: 'upload', path });
    const orphan = key('mail/1/2026/11/0123456789abcdef_lost.pdf');
    const young = key('mail/1/2026/11/fedcba9876543210_writing.pdf');
    const upload = key('biz/2026/11/abcd_user-upload.pdf');
    for (const k of [orphan, young, upload]) await store.put(k, SAMPLE.pdf(k.path));
    const age = (k: FileKey, ms: number) => fs.utimesSync(store.locate(k), new Date(Date.now() - ms), new Date(Date.now() - ms));
    for (const k of [orphan, key(kept!.path), upload]) age(k, 2 * HOUR);
    age(young, 20 * 60000);

    const result = await runInline(db, log, MAIL_FILE_CLEANUP_JOB, {}, t.tenantId, store);
    expect(result).toEqual({ checked: 2, removed: 1 });
    expect(await store.exists(orphan)).toBe(false);
    for (const k of [young, key(kept!.path), upload]) expect(await store.exists(k), k.path).toBe(true);
    // the stored mail's attachment still downloads
    const [a] = await db.system((tx) => tx.query<{ id: number }>('select id from crm_mail_attachment where tenant_id = $1', [t.tenantId]));
    const got = await app.inject({ method: 'GET', url: `/api/crm/mail/attachment?id=${a!.id}`, headers: { 'x-access-token': t.token } });
    expect(got.rawPayload.equals(SAMPLE.pdf('kept'))).toBe(true);
  });

  it('works the same on the S3 store (listed by prefix, only the one company’s files)', async () => {
    const s3 = await startS3Server();
    const store = await S3FileStore.open(s3.settings);
    try {
      const t = await newTenant(app, 'mcleans3');
      const other = await newTenant(app, 'mcleans3x');
      const paths = Array.from({ length: 3 }, (_, i) => `mail/7/2026/11/${i}abc_lost.pdf`);
      for (const p of paths) await store.put({ tenantId: t.tenantId, area: 'upload', path: p }, Buffer.from(p));
      await store.put({ tenantId: other.tenantId, area: 'upload', path: paths[0]! }, Buffer.from('theirs'));
      const listed: string[] = [];
      for await (const f of store.list(t.tenantId, 'upload', 'mail/')) listed.push(f.path);
      expect(listed.sort()).toEqual(paths);
      // a cut-off: everything listed so far counts as old
      expect(await cleanMailFiles(db, store, t.tenantId, new Date(Date.now() + 60000))).toEqual({ checked: 3, removed: 3 });
      expect(await store.exists({ tenantId: other.tenantId, area: 'upload', path: paths[0]! })).toBe(true);
    } finally {
      store.close();
      await s3.close();
    }
  });
});
