import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { now } from '../../../platform/clock.ts';
import { mailErrorText, smtpTransport } from './connect.ts';
import { mailboxConfig } from './setting.ts';
import { linkMails } from './store.ts';
import { insertAttachments } from './attachments.ts';
import type { FileStore } from '../../../platform/files/index.ts';
import { contentTypeOf } from '../../../platform/files/index.ts';
import { checkAttached, originalName, splitNames } from '../../common/index.ts';

/** The uploads to attach, checked as the company's files within the upload rules, read from the store. */
async function filesToAttach(store: FileStore, tenantId: number, value: string | null | undefined) {
  const names = splitNames(await checkAttached(store, tenantId, value, 'files'));
  const out: Array<{ path: string; fileName: string; contentType: string; content: Buffer }> = [];
  for (const path of names) {
    const content = await store.read({ tenantId, area: 'upload', path });
    if (!content) throw new BusinessError(`文件不存在：${path}`);
    const fileName = originalName(path);
    out.push({ path, fileName, contentType: contentTypeOf(fileName).split(';')[0]!, content });
  }
  return out;
}

export interface SendInput {
  to: string[];
  cc?: string[];
  subject: string;
  body: string;
  /** A mail of the caller's (or of a customer's timeline) this one answers: In-Reply-To and References. */
  replyToId?: number | null;
  /** Files to attach: comma-joined names from POST /common/uploadMinio (the company's, within its limits). */
  files?: string | null;
}

/**
 * 发送: hands the mail to the user's SMTP server, then records it (and its customer links) in the request's
 * transaction; a refusal there is a clear message and nothing is recorded.
 */
export async function sendMail(ctx: RequestCtx & { store: FileStore }, input: SendInput) {
  const { tx, session, ip, store } = ctx;
  const t = session.tenantId;
  let cfg;
  try {
    cfg = await mailboxConfig(tx, t, session.userId);
  } catch (err) {
    throw new BusinessError((err as Error).message);
  }
  if (!cfg) throw new BusinessError('请先设置邮箱（邮件接收 → 邮箱设置）');
  let replyTo: { messageId: string | null } | undefined;
  if (input.replyToId) {
    replyTo = await tx.one<{ messageId: string | null }>(
      `select m.message_id as "messageId" from crm_mail m where m.tenant_id = $1 and m.id = $2
          and (m.user_id = $3 or exists (select 1 from crm_mail_partner mp where mp.tenant_id = m.tenant_id and mp.mail_id = m.id))`,
      [t, input.replyToId, session.userId],
    );
    if (!replyTo) throw notFound('要回复的邮件不存在');
  }
  const files = await filesToAttach(store, t, input.files);
  const to = [...new Set(input.to.map((a) => a.toLowerCase()))];
  const cc = [...new Set((input.cc ?? []).map((a) => a.toLowerCase()))];
  const transport = smtpTransport(cfg);
  let info;
  try {
    info = await transport.sendMail({
      from: cfg.email,
      to,
      cc: cc.length ? cc : undefined,
      subject: input.subject,
      text: input.body,
      attachments: files.map((f) => ({ filename: f.fileName, content: f.content, contentType: f.contentType })),
      ...(replyTo?.messageId ? { inReplyTo: replyTo.messageId, references: [replyTo.messageId] } : {}),
    });
  } catch (err) {
    throw new BusinessError(`邮件发送失败：${mailErrorText('SMTP', cfg.smtpHost, cfg.smtpPort, err)}`);
  } finally {
    transport.close();
  }
  const row = await tx.one<{ id: string }>(
    `insert into crm_mail(tenant_id, user_id, direction, message_id, in_reply_to, from_addr, to_addrs, cc_addrs, subject, body, sent_at, seen)
     values ($1, $2, 'out', $3, $4, $5, $6, $7, $8, $9, $10, true) returning id::text`,
    [t, session.userId, info.messageId ?? null, replyTo?.messageId ?? null, cfg.email, to, cc, input.subject, input.body, now().toISOString()],
  );
  const id = Number(row!.id);
  await insertAttachments(tx, t, [
    {
      mailId: id,
      attachments: files.map((f, i) => ({ part: String(i + 1), fileName: f.fileName, contentType: f.contentType, size: f.content.length, path: f.path })),
    },
  ]);
  await linkMails(tx, t, [id]);
  await logWrite(tx, session, ip, 'add', 'crmMail', [id], { to, cc, subject: input.subject });
  return { id, messageId: info.messageId ?? null };
}
