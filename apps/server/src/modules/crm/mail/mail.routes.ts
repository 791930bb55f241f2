import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { notFound } from '../../../platform/errors.ts';
import { enqueue, jobStatus } from '../../../platform/jobs/queue.ts';
import { getMailSetting, saveMailSetting } from './setting.ts';
import { listMails, mailAttachment, mailDetail, unreadCount } from './store.ts';
import { attachedNames, sendFile } from '../../common/index.ts';
import { sendMail } from './send.ts';
import { importMail } from './import.ts';
import { MAIL_SYNC_JOB } from './sync.ts';

const tags = ['crm'];
const MAIL = '/business/EmailIsReception';
const id = z.coerce.number().int().positive();
const host = z
  .string()
  .trim()
  .min(1, '请输入服务器地址')
  .max(200)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, '服务器地址格式不正确');
const port = z.number().int().min(1, '端口应在 1–65535 之间').max(65535, '端口应在 1–65535 之间');
const address = z.string().trim().email('请输入正确的邮箱地址').max(200);
const secret = z.string().max(200).optional();
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const mailRoutes = [
  defineRoute({
    method: 'GET',
    url: '/crm/mail/setting',
    summary: 'The caller’s mailbox settings (never the passwords) and the state of its sync',
    tags,
    access: { menu: MAIL },
    handler: ({ tx, session }) => getMailSetting(tx, session.tenantId, session.userId),
  }),
  defineRoute({
    method: 'PUT',
    url: '/crm/mail/setting',
    summary: 'Save the caller’s mailbox: IMAP and SMTP are signed in to first; a refusal is a clear message and writes nothing',
    tags,
    access: { menu: MAIL },
    body: z.strictObject({
      email: address,
      imapHost: host,
      imapPort: port,
      imapTls: z.boolean(),
      imapUser: z.string().trim().min(1, '请输入邮箱用户名').max(200),
      imapPassword: secret,
      smtpHost: host,
      smtpPort: port,
      smtpTls: z.boolean(),
      smtpUser: z.string().trim().max(200).optional(),
      smtpPassword: secret,
      folder: z.string().trim().max(100).optional(),
    }),
    handler: ({ tx, session, req, body }) => saveMailSetting({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/mail/sync',
    summary: 'Queue a sync of the caller’s mailbox now (a background job; its id is returned)',
    tags,
    access: { menu: MAIL },
    handler: async ({ tx, session }) => {
      if (!(await getMailSetting(tx, session.tenantId, session.userId))) throw notFound('请先设置邮箱');
      const jobId = await enqueue(tx, MAIL_SYNC_JOB, { userId: session.userId }, { tenantId: session.tenantId, singletonKey: `user:${session.userId}` });
      return { jobId };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/mail/sync/status',
    summary: 'The state of a mail sync job (queued, running, done, failed with its message)',
    tags,
    access: { menu: MAIL },
    query: z.strictObject({ jobId: id }),
    handler: async ({ tx, session, query }) => {
      const job = await jobStatus(tx, session.tenantId, query.jobId);
      if (!job || job.name !== MAIL_SYNC_JOB) throw notFound('同步任务不存在');
      return { state: job.state, error: job.error, finishTime: job.finishTime };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/mail/list',
    summary: 'The caller’s mails, newest first: received (in) or sent (out), unread only, or one customer’s',
    tags,
    access: { menu: MAIL },
    query: z.strictObject({
      direction: z.enum(['in', 'out']).optional(),
      unread: flag.optional(),
      partnerId: id.optional(),
      keyword: z.string().trim().max(100).optional(),
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(20),
    }),
    handler: ({ tx, session, query }) => listMails(tx, session.tenantId, session.userId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/mail/unread',
    summary: 'The unread count of the header’s mail shortcut',
    tags,
    access: { menu: MAIL },
    invalidates: false,
    handler: async ({ tx, session }) => ({ count: await unreadCount(tx, session.tenantId, session.userId) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/mail/detail',
    summary: 'One mail with its text (the owner’s reading marks it read)',
    tags,
    access: { menu: MAIL },
    query: z.strictObject({ id }),
    handler: async ({ tx, session, query }) => {
      const m = await mailDetail(tx, session.tenantId, session.userId, query.id);
      if (!m) throw notFound('邮件不存在');
      return m;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/mail/send',
    summary: 'Send a mail (or a reply) with uploaded files attached through the caller’s SMTP server; it is recorded and shown on its customers’ timelines',
    tags,
    access: { menu: MAIL, btn: '1' },
    body: z.strictObject({
      to: z.array(address).min(1, '请输入收件人').max(50),
      cc: z.array(address).max(50).optional(),
      subject: z.string().trim().min(1, '请输入主题').max(500),
      body: z.string().max(20000),
      replyToId: id.nullable().optional(),
      files: attachedNames('附件').nullable().optional(),
    }),
    handler: ({ tx, session, req, body }) => sendMail({ tx, session, ip: req.ip, store: req.server.fileStore }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/mail/import',
    summary: 'Import a mail from its .eml source into the caller’s mailbox (no mail server needed); it is linked to its customers like a synced one',
    tags,
    access: { menu: MAIL, btn: '1' },
    body: z.strictObject({
      eml: z.string().min(1, '请提供邮件内容').max(900000, '邮件过大（.eml 不超过 900 KB）'),
      direction: z.enum(['in', 'out']).optional(),
    }),
    handler: ({ tx, session, req, body }) => importMail({ tx, session, ip: req.ip, store: req.server.fileStore }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/mail/attachment',
    summary: 'Download a stored attachment of a mail the caller may read (its owner, or anyone for a mail on a customer’s timeline)',
    tags,
    access: { menu: MAIL },
    query: z.strictObject({ id }),
    handler: async ({ tx, session, req, reply, query }) => {
      const a = await mailAttachment(tx, session.tenantId, session.userId, query.id);
      if (!a) throw notFound('附件不存在');
      return sendFile(req.server.fileStore, reply, { tenantId: session.tenantId, area: 'upload', path: a.path }, 'id');
    },
  }),
];
