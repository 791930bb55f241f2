import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Database } from '../../../platform/db/database.ts';
import { JobRunner, runInline } from '../../../platform/jobs/runner.ts';
import { newTenant, testApp, uniqueName, type Client } from '../../../test-support/harness.ts';
import { mailServers, refusedPort, mailSettings, type MailServers } from '../../../test-support/mail-servers.ts';
import { MAIL_SYNC_JOB } from '../index.ts';
import { okData, refusal } from './fixtures.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';

// the tests' own key: the stored passwords are made with it (secret.ts reads it at each call)
process.env.ERP_MAIL_KEY = 'test-key-mail-suite';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let app: FastifyInstance;
let db: Database;
let srv: MailServers;
let runner: JobRunner;

beforeAll(async () => {
  ({ app, db } = await testApp());
  srv = await mailServers();
  runner = new JobRunner(db, log, { pollMs: 100, names: [MAIL_SYNC_JOB] }).start();
});
afterAll(async () => {
  await runner.stop(5000);
});

const mailbox = (box: { user: string; password: string }, over: Record<string, unknown> = {}) => mailSettings(srv, box, over);

/** 同步 as the screen does it: the job is queued, the runner runs it, the status route tells when it is done. */
async function syncNow(api: Client) {
  const { jobId } = await okData(api.post('/crm/mail/sync'));
  let state = '';
  await expect
    .poll(async () => {
      const s = await okData(api.get(`/crm/mail/sync/status?jobId=${jobId}`));
      state = s.state;
      return ['done', 'failed'].includes(s.state);
    })
    .toBe(true);
  return state;
}

const storedCount = (tenantId: number) =>
  db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from crm_mail where tenant_id = $1', [tenantId])).then((r) => r!.n);

async function customerWithMail(api: Client) {
  const email = `${uniqueName('buyer')}@customer.test`.toLowerCase();
  const id = (await okData(api.post('/crm/lead/add', { name: uniqueName('邮件客户'), email }))).id as number;
  return { id, email };
}

describe('CRM mail against a real Dovecot and SMTP server', () => {
  it('syncs a mailbox incrementally by UID, matches mails to the customer by address and stores the password encrypted', async () => {
    const t = await newTenant(app, 'mail');
    const box = srv.addUser();
    const c = await customerWithMail(t.api);
    srv.deliver(box.user, { from: `Buyer <${c.email.toUpperCase()}>`, to: `${box.user}@crm.test`, subject: '询价 A', text: '请报价 100 件' });
    srv.deliver(box.user, { from: 'someone@else.test', to: `${box.user}@crm.test`, subject: 'Newsletter', text: 'hello' });
    srv.deliver(box.user, { from: `${box.user}@crm.test`, to: c.email, subject: '报价单', text: '见附件' });

    expect(await okData(t.api.get('/crm/mail/setting'))).toBeNull();
    const saved = await okData(t.api.put('/crm/mail/setting', mailbox(box)));
    expect(saved).toMatchObject({ imapUser: box.user, hasPassword: true });
    expect(JSON.stringify(saved)).not.toContain(box.password);
    const got = await okData(t.api.get('/crm/mail/setting'));
    expect(Object.keys(got)).not.toContain('imapPassword');
    expect(JSON.stringify(got)).not.toContain(box.password);
    const row = await db.system((tx) =>
      tx.one<{ imap_password: string; smtp_password: string }>('select imap_password, smtp_password from crm_mail_setting where tenant_id = $1', [t.tenantId]),
    );
    expect(row!.imap_password).toMatch(/^v1:/);
    expect(row!.imap_password).not.toContain(box.password);
    expect(Buffer.from(row!.imap_password.slice(3), 'base64').toString('latin1')).not.toContain(box.password);
    expect(row!.smtp_password).not.toContain(srv.smtpPassword);

    expect(await syncNow(t.api)).toBe('done');
    const inbox = await okData(t.api.get('/crm/mail/list?direction=in'));
    expect(inbox.total).toBe(3);
    expect(inbox.rows.map((m: any) => m.subject).sort()).toEqual(['Newsletter', '报价单', '询价 A']);
    const ask = inbox.rows.find((m: any) => m.subject === '询价 A');
    expect(ask).toMatchObject({ fromAddr: c.email, fromName: 'Buyer', seen: false });
    expect(ask.customers.map((x: any) => x.id)).toEqual([c.id]);
    expect(inbox.rows.find((m: any) => m.subject === 'Newsletter').customers).toEqual([]);
    expect(await okData(t.api.get('/crm/mail/unread'))).toEqual({ count: 3 });

    const detail = await okData(t.api.get(`/crm/customer/detail?partnerId=${c.id}`));
    const mails = detail.timeline.filter((e: any) => e.kind === 'mail');
    expect(mails.map((e: any) => e.text).sort()).toEqual(['报价单', '询价 A']);

    // incremental: only the new mail is fetched; a rerun with the place lost (a crash before it was saved) stores nothing twice
    srv.deliver(box.user, { from: c.email, to: `${box.user}@crm.test`, subject: '追加订单', text: '再要 50 件' });
    expect(await syncNow(t.api)).toBe('done');
    expect(await storedCount(t.tenantId)).toBe(4);
    await db.system((tx) => tx.query('update crm_mail_setting set last_uid = 0 where tenant_id = $1', [t.tenantId]));
    expect(await syncNow(t.api)).toBe('done');
    expect(await storedCount(t.tenantId)).toBe(4);
    const place = await okData(t.api.get('/crm/mail/setting'));
    expect(place).toMatchObject({ lastUid: '4', lastError: null });

    // reading marks it read: the header's count goes down
    await okData(t.api.get(`/crm/mail/detail?id=${ask.id}`));
    expect(await okData(t.api.get('/crm/mail/unread'))).toEqual({ count: 3 });
  });

  it('sends a reply over SMTP, records it on the customer’s timeline, and refuses a send the server rejects without writing', async () => {
    const t = await newTenant(app, 'mail');
    const box = srv.addUser();
    const c = await customerWithMail(t.api);
    srv.deliver(box.user, { from: c.email, to: `${box.user}@crm.test`, subject: '样品', text: '能寄样品吗', messageId: '<sample-1@customer.test>' });
    await okData(t.api.put('/crm/mail/setting', mailbox(box)));
    expect(await syncNow(t.api)).toBe('done');
    const [asked] = (await okData(t.api.get('/crm/mail/list'))).rows;

    const before = srv.received.length;
    const sent = await okData(t.api.post('/crm/mail/send', { to: [c.email], subject: 'Re: 样品', body: '明天寄出', replyToId: asked.id }));
    await expect.poll(() => srv.received.length).toBe(before + 1);
    const got = srv.received.at(-1)!;
    expect(got.to).toEqual([c.email]);
    expect(got.user).toBe(srv.smtpUser);
    expect(got.parsed.subject).toBe('Re: 样品');
    expect(got.parsed.text?.trim()).toBe('明天寄出');
    expect(got.parsed.inReplyTo).toBe('<sample-1@customer.test>');
    expect(got.parsed.from?.value[0]?.address).toBe(`${box.user}@crm.test`.toLowerCase());

    const timeline = (await okData(t.api.get(`/crm/customer/detail?partnerId=${c.id}`))).timeline.filter((e: any) => e.kind === 'mail');
    expect(timeline.map((e: any) => [e.subtype, e.text])).toEqual([
      ['out', 'Re: 样品'],
      ['in', '样品'],
    ]);
    expect((await okData(t.api.get('/crm/mail/list?direction=out'))).rows.map((m: any) => m.id)).toEqual([sent.id]);

    // the SMTP server goes away: a clear message, nothing recorded
    const gone = await refusedPort();
    await db.system((tx) => tx.query('update crm_mail_setting set smtp_port = $2 where tenant_id = $1', [t.tenantId, gone]));
    const n = await storedCount(t.tenantId);
    expect(await refusal(t.api.post('/crm/mail/send', { to: [c.email], subject: 'x', body: 'y' }))).toMatch(
      /^邮件发送失败：无法连接 SMTP 服务器 127\.0\.0\.1:\d+（拒绝连接）/,
    );
    expect(await storedCount(t.tenantId)).toBe(n);
  });

  it('refuses bad settings with a clear message and writes nothing; a failing mailbox never stops the others', async () => {
    const t = await newTenant(app, 'mail');
    const box = srv.addUser();
    const dead = await refusedPort();
    expect(await refusal(t.api.put('/crm/mail/setting', mailbox(box, { imapPort: dead })))).toBe(`无法连接 IMAP 服务器 127.0.0.1:${dead}（拒绝连接）`);
    expect(await refusal(t.api.put('/crm/mail/setting', mailbox(box, { imapPassword: 'wrong' })))).toBe('IMAP 登录失败：用户名或密码错误（127.0.0.1）');
    expect(await refusal(t.api.put('/crm/mail/setting', mailbox(box, { smtpPassword: 'wrong' })))).toBe('SMTP 登录失败：用户名或密码错误（127.0.0.1）');
    expect(await refusal(t.api.put('/crm/mail/setting', mailbox(box, { folder: 'NoSuchFolder' })))).toBe('IMAP 文件夹不存在：NoSuchFolder');
    expect(await refusal(t.api.put('/crm/mail/setting', mailbox(box, { imapPort: 70000 })))).toBe('参数错误 body.imapPort: 端口应在 1–65535 之间');
    expect(await okData(t.api.get('/crm/mail/setting'))).toBeNull();
    expect(await refusal(t.api.post('/crm/mail/sync'))).toBe('请先设置邮箱');
    expect(await refusal(t.api.post('/crm/mail/send', { to: ['a@b.test'], subject: 's', body: '' }))).toBe('请先设置邮箱（邮件接收 → 邮箱设置）');
    const rows = await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from crm_mail_setting where tenant_id = $1', [t.tenantId]));
    expect(rows!.n).toBe(0);

    // two mailboxes of one company: the first one's server is gone, the second still syncs
    await okData(t.api.put('/crm/mail/setting', mailbox(box)));
    const other = srv.addUser();
    const role = await roleWith(t.api, { '/business/EmailIsReception': '1' });
    const u2 = await userWith(app, t.api, [role]);
    await okData(u2.api.put('/crm/mail/setting', mailbox(other)));
    srv.deliver(other.user, { from: 'x@y.test', to: `${other.user}@crm.test`, subject: 'for the second', text: 'hi' });
    await db.system((tx) => tx.query('update crm_mail_setting set imap_port = $2 where tenant_id = $1 and imap_user = $3', [t.tenantId, dead, box.user]));
    const run = (await runInline(db, log, MAIL_SYNC_JOB, {}, t.tenantId)) as { mailboxes: { fetched: number; error?: string }[] };
    expect(run.mailboxes.map((m) => m.error ?? m.fetched)).toEqual([`无法连接 IMAP 服务器 127.0.0.1:${dead}（拒绝连接）`, 1]);
    expect((await okData(t.api.get('/crm/mail/setting'))).lastError).toBe(`无法连接 IMAP 服务器 127.0.0.1:${dead}（拒绝连接）`);
    expect(await syncNow(t.api)).toBe('failed');
    expect((await okData(u2.api.get('/crm/mail/list'))).total).toBe(1);
    // the other user's mail is not the admin's to read (it belongs to no customer)
    const theirs = (await okData(u2.api.get('/crm/mail/list'))).rows[0].id;
    expect((await t.api.get(`/crm/mail/detail?id=${theirs}`)).body.code).toBe(404);
  });
});
