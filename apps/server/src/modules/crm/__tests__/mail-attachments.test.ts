import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { ImapFlow } from 'imapflow';
import type { Database } from '../../../platform/db/database.ts';
import { JobRunner } from '../../../platform/jobs/runner.ts';
import { newTenant, testApp, uniqueName, type Client } from '../../../test-support/harness.ts';
import { mailServers, mailSettings, type MailServers } from '../../../test-support/mail-servers.ts';
import { SAMPLE, uploadFile } from '../../../test-support/upload.ts';
import { MAIL_SEEN_JOB, MAIL_SYNC_JOB } from '../index.ts';
import { okData, refusal } from './fixtures.ts';

// the tests' own key (secret.ts reads it at each call); small limits so a "big" mail is a few hundred kB
process.env.ERP_MAIL_KEY = 'test-key-mail-attachments';
process.env.ERP_MAIL_ATTACHMENT_MAX_BYTES = String(64 * 1024);
process.env.ERP_MAIL_SOURCE_MAX_BYTES = String(128 * 1024);

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let app: FastifyInstance;
let db: Database;
let srv: MailServers;
let runner: JobRunner;

beforeAll(async () => {
  ({ app, db } = await testApp());
  srv = await mailServers();
  runner = new JobRunner(db, log, { pollMs: 100, names: [MAIL_SYNC_JOB, MAIL_SEEN_JOB], files: app.fileStore }).start();
});
afterAll(async () => {
  await runner.stop(5000);
});

const mailbox = (box: { user: string; password: string }, over: Record<string, unknown> = {}) => mailSettings(srv, box, over);

async function syncNow(api: Client) {
  const { jobId } = await okData(api.post('/crm/mail/sync'));
  await expect.poll(async () => (await okData(api.get(`/crm/mail/sync/status?jobId=${jobId}`))).state, { timeout: 30000 }).toBe('done');
}

const download = (token: string, id: number) => app.inject({ method: 'GET', url: `/api/crm/mail/attachment?id=${id}`, headers: { 'x-access-token': token } });

/** The server's flags of a mailbox's mails, by subject (read with a client of its own). */
async function serverFlags(box: { user: string; password: string }) {
  const c = new ImapFlow({ host: '127.0.0.1', port: srv.imapPort, secure: false, auth: { user: box.user, pass: box.password }, logger: false });
  await c.connect();
  const out: Record<string, boolean> = {};
  const lock = await c.getMailboxLock('INBOX', { readOnly: true });
  try {
    for await (const m of c.fetch('1:*', { envelope: true, flags: true })) out[m.envelope?.subject ?? ''] = m.flags?.has('\\Seen') ?? false;
  } finally {
    lock.release();
    await c.logout();
  }
  return out;
}

const bytes = (n: number, seed: string) => Buffer.from(Array.from({ length: n }, (_, i) => seed.charCodeAt(i % seed.length)));

describe('CRM mail attachments and \\Seen against a real Dovecot and SMTP server', () => {
  it('stores attachments within the limit through the file store, lists them on the mail and downloads them; a big mail is read by part', async () => {
    const t = await newTenant(app, 'matt');
    const other = await newTenant(app, 'mattx');
    const box = srv.addUser();
    const quote = SAMPLE.pdf('quote-v1');
    const photo = SAMPLE.png();
    srv.deliver(box.user, {
      from: 'buyer@customer.test',
      to: `${box.user}@crm.test`,
      subject: 'With files',
      text: '见附件',
      attachments: [
        { filename: '报价单.pdf', contentType: 'application/pdf', content: quote },
        { filename: 'photo.png', contentType: 'image/png', content: photo },
      ],
    });
    // over ERP_MAIL_SOURCE_MAX_BYTES in all: fetched part by part; its 200 kB drawing is over the part limit
    const small = bytes(3000, 'spec');
    srv.deliver(box.user, {
      from: 'buyer@customer.test',
      to: `${box.user}@crm.test`,
      subject: 'Big one',
      text: '图纸太大',
      attachments: [
        { filename: 'drawing.pdf', contentType: 'application/pdf', content: bytes(200 * 1024, 'drawing') },
        { filename: 'spec.txt', contentType: 'text/plain', content: small },
      ],
    });
    await okData(t.api.put('/crm/mail/setting', mailbox(box)));
    await syncNow(t.api);
    const inbox = (await okData(t.api.get('/crm/mail/list?direction=in'))).rows as Array<{ id: number; subject: string }>;
    const withFiles = inbox.find((m) => m.subject === 'With files')!;
    const big = inbox.find((m) => m.subject === 'Big one')!;

    const d = await okData(t.api.get(`/crm/mail/detail?id=${withFiles.id}`));
    expect(d.body).toContain('见附件');
    expect(d.attachments.map((a: any) => [a.fileName, a.contentType, a.size, a.stored])).toEqual([
      ['报价单.pdf', 'application/pdf', quote.length, true],
      ['photo.png', 'image/png', photo.length, true],
    ]);
    const got = await download(t.token, d.attachments[0].id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(quote)).toBe(true);
    expect(decodeURIComponent(String(got.headers['download-filename']))).toBe('报价单.pdf');

    const b = await okData(t.api.get(`/crm/mail/detail?id=${big.id}`));
    expect(b.body).toContain('图纸太大');
    expect(b.attachments.map((a: any) => [a.fileName, a.stored])).toEqual([
      ['drawing.pdf', false],
      ['spec.txt', true],
    ]);
    expect(b.attachments[0].size).toBeGreaterThan(200 * 1024);
    const spec = await download(t.token, b.attachments[1].id);
    expect(spec.rawPayload.equals(small)).toBe(true);
    // not stored: nothing to download; another company's user gets nothing either
    expect((await download(t.token, b.attachments[0].id)).json().code).toBe(404);
    expect((await download(other.token, d.attachments[0].id)).json().code).not.toBe(200);
    expect(await refusal(t.api.get('/crm/mail/attachment?id=abc'))).toBeTruthy();

    // a rerun with the place lost stores no mail and no file twice
    const files = async () =>
      (await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from crm_mail_attachment where tenant_id = $1', [t.tenantId])))!.n;
    expect(await files()).toBe(4);
    await db.system((tx) => tx.query('update crm_mail_setting set last_uid = 0 where tenant_id = $1', [t.tenantId]));
    await syncNow(t.api);
    expect(await files()).toBe(4);
  });

  it('reading a mail in our screen sets \\Seen on the server; sending attaches uploaded files', async () => {
    const t = await newTenant(app, 'mseen');
    const box = srv.addUser();
    srv.deliver(box.user, { from: 'a@customer.test', to: `${box.user}@crm.test`, subject: 'Read me', text: '1' });
    srv.deliver(box.user, { from: 'a@customer.test', to: `${box.user}@crm.test`, subject: 'Leave me', text: '2' });
    await okData(t.api.put('/crm/mail/setting', mailbox(box)));
    await syncNow(t.api);
    expect(await serverFlags(box)).toEqual({ 'Read me': false, 'Leave me': false });
    const rows = (await okData(t.api.get('/crm/mail/list?direction=in'))).rows as Array<{ id: number; subject: string }>;
    await okData(t.api.get(`/crm/mail/detail?id=${rows.find((m) => m.subject === 'Read me')!.id}`));
    await expect.poll(async () => (await serverFlags(box))['Read me'], { timeout: 30000 }).toBe(true);
    expect((await serverFlags(box))['Leave me']).toBe(false);

    const file = await uploadFile(app, t.token, '报价单.pdf', SAMPLE.pdf('offer'));
    const subject = uniqueName('With offer');
    const before = srv.received.length;
    const sent = await okData(t.api.post('/crm/mail/send', { to: ['buyer@customer.test'], subject, body: '请查收', files: file }));
    await expect.poll(() => srv.received.length).toBeGreaterThan(before);
    const arrived = srv.received.find((r) => r.parsed.subject === subject)!;
    expect(arrived.parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['报价单.pdf', SAMPLE.pdf('offer').toString()]]);
    const out = await okData(t.api.get(`/crm/mail/detail?id=${sent.id}`));
    expect(out.attachments.map((a: any) => [a.fileName, a.stored])).toEqual([['报价单.pdf', true]]);

    // another company's file, a missing one or a wrong type: refused, nothing sent or recorded
    const stored = async () => (await okData(t.api.get('/crm/mail/list?direction=out'))).total as number;
    const outCount = await stored();
    const received = srv.received.length;
    expect(await refusal(t.api.post('/crm/mail/send', { to: ['b@customer.test'], subject: 'x', body: 'y', files: 'mail/1/2026/11/nope.pdf' }))).toBe(
      '文件不存在：mail/1/2026/11/nope.pdf',
    );
    expect(await refusal(t.api.post('/crm/mail/send', { to: ['b@customer.test'], subject: 'x', body: 'y', files: '../x.pdf' }))).toContain(
      '附件包含非法的文件路径',
    );
    expect(await stored()).toBe(outCount);
    expect(srv.received.length).toBe(received);
  });
});
