import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import MailComposer from 'nodemailer/lib/mail-composer';
import { JobRunner } from '../../../platform/jobs/runner.ts';
import { newTenant, testApp, type Client } from '../../../test-support/harness.ts';
import { mailServers, mailSettings, type MailServers } from '../../../test-support/mail-servers.ts';
import { SAMPLE } from '../../../test-support/upload.ts';
import { MAIL_SYNC_JOB } from '../index.ts';
import { okData } from './fixtures.ts';

// the same limits as mail-attachments.test.ts: a mail over 128 kB is read part by part
process.env.ERP_MAIL_KEY = 'test-key-mail-html';
process.env.ERP_MAIL_ATTACHMENT_MAX_BYTES = String(64 * 1024);
process.env.ERP_MAIL_SOURCE_MAX_BYTES = String(128 * 1024);

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let app: FastifyInstance;
let srv: MailServers;
let runner: JobRunner;

beforeAll(async () => {
  const { db } = await testApp();
  app = (await testApp()).app;
  srv = await mailServers();
  runner = new JobRunner(db, log, { pollMs: 100, names: [MAIL_SYNC_JOB], files: app.fileStore }).start();
});
afterAll(async () => {
  await runner.stop(5000);
});

async function syncNow(api: Client) {
  const { jobId } = await okData(api.post('/crm/mail/sync'));
  await expect.poll(async () => (await okData(api.get(`/crm/mail/sync/status?jobId=${jobId}`))).state, { timeout: 30000 }).toBe('done');
}

/** An HTML mail as a mail client writes it: multipart/alternative (text, HTML) inside multipart/related with a cid: image. */
async function htmlMail(to: string, subject: string, html: string, extra: Array<{ filename: string; content: Buffer }> = []) {
  const composer = new MailComposer({
    from: 'designer@customer.test',
    to,
    subject,
    text: '纯文本版本',
    html,
    attachments: [{ filename: 'logo.png', content: SAMPLE.png(), contentType: 'image/png', cid: 'logo@customer.test' }, ...extra],
  });
  return composer.compile().build();
}

const HOSTILE = `<html><head><style>body{display:none}</style><script>alert(1)</script></head><body>
<p class="ant-modal-mask" id="x" style="position:fixed;color:red" onclick="alert(2)">您好，<b>报价</b>见下图</p>
<img src="cid:logo@customer.test" alt="logo" onerror="alert(3)">
<img src="https://tracker.example.com/pixel.gif" width="1" height="1">
<a href="javascript:alert(4)">bad</a> <a href="https://customer.test/offer">offer</a>
<iframe src="https://evil.example.com"></iframe><form action="https://evil.example.com"><input name="p"></form>
</body></html>`;

describe('CRM mail HTML bodies and inline images against a real Dovecot', () => {
  it('shows a synced HTML body sanitised, its cid: image served from the stored attachment; a big mail read by part too', async () => {
    const t = await newTenant(app, 'mhtml');
    const other = await newTenant(app, 'mhtmlx');
    const box = srv.addUser();
    srv.deliver(box.user, await htmlMail(`${box.user}@crm.test`, 'Html offer', HOSTILE));
    // over ERP_MAIL_SOURCE_MAX_BYTES: headers, text, HTML and the parts within the limit are fetched one by one
    const big = Buffer.alloc(150 * 1024, 7);
    srv.deliver(
      box.user,
      await htmlMail(`${box.user}@crm.test`, 'Html big', '<p>大邮件 <img src="cid:logo@customer.test"></p>', [{ filename: 'big.bin', content: big }]),
    );
    await okData(t.api.put('/crm/mail/setting', mailSettings(srv, box)));
    await syncNow(t.api);
    const rows = (await okData(t.api.get('/crm/mail/list?direction=in'))).rows as Array<{ id: number; subject: string }>;

    const d = await okData(t.api.get(`/crm/mail/detail?id=${rows.find((r) => r.subject === 'Html offer')!.id}`));
    expect(d.body).toContain('纯文本版本');
    const html = d.html as string;
    expect(html).toContain('您好，<b>报价</b>见下图');
    for (const gone of [
      '<script',
      'alert(',
      'onclick',
      'onerror',
      '<style',
      'display:none',
      'position',
      'class=',
      'id="x"',
      'tracker.example.com',
      '<iframe',
      '<form',
      '<input',
      'javascript:',
    ])
      expect(html, gone).not.toContain(gone);
    expect(html).toContain('style="color:red"');
    expect(html).toContain('href="https://customer.test/offer" target="_blank" rel="noopener noreferrer nofollow"');
    expect(d.blockedImages).toBe(1);
    // the inline image: pointed at its stored attachment, not listed again among the files, downloadable byte for byte
    const id = Number(/<img alt="logo" data-attachment-id="(\d+)"/.exec(html)?.[1]);
    expect(d.inlineImages).toEqual([id]);
    expect(d.attachments).toEqual([]);
    const img = await app.inject({ method: 'GET', url: `/api/crm/mail/attachment?id=${id}`, headers: { 'x-access-token': t.token } });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(SAMPLE.png())).toBe(true);
    const stranger = await app.inject({ method: 'GET', url: `/api/crm/mail/attachment?id=${id}`, headers: { 'x-access-token': other.token } });
    expect(stranger.json().code).not.toBe(200);

    const b = await okData(t.api.get(`/crm/mail/detail?id=${rows.find((r) => r.subject === 'Html big')!.id}`));
    expect(b.body).toContain('纯文本版本');
    expect(b.html).toMatch(/^<p>大邮件 <img data-attachment-id="\d+" \/><\/p>$/);
    expect(b.inlineImages).toHaveLength(1);
    expect(b.attachments.map((a: any) => [a.fileName, a.stored])).toEqual([['big.bin', false]]);
  });

  it('a plain-text mail has no HTML', async () => {
    const t = await newTenant(app, 'mhtmlt');
    const box = srv.addUser();
    srv.deliver(box.user, { from: 'a@customer.test', to: `${box.user}@crm.test`, subject: 'Plain', text: 'just text <b>not bold</b>' });
    await okData(t.api.put('/crm/mail/setting', mailSettings(srv, box)));
    await syncNow(t.api);
    const [row] = (await okData(t.api.get('/crm/mail/list?direction=in'))).rows as Array<{ id: number }>;
    const d = await okData(t.api.get(`/crm/mail/detail?id=${row!.id}`));
    expect([d.html, d.body.trim()]).toEqual([null, 'just text <b>not bold</b>']);
  });
});
