import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import type { FileStore } from '../../../platform/files/index.ts';
import { parseMail } from './fetch.ts';
import { linkMails } from './store.ts';
import { dropStored, insertAttachments, storeParts } from './attachments.ts';

/**
 * 导入邮件 (docs/crm.md "E-mail"): a mail saved elsewhere as an .eml (RFC 822 source) put into the caller's mailbox
 * without a mail server — a mail from another account, or the demo's mails. Parsed like a synced one (text, HTML,
 * attachments through the file store, cid: images), linked to customers by address, marked read; it has no IMAP UID,
 * so neither the sync nor \Seen ever touch it. The same Message-ID imported twice into one mailbox is the same mail.
 */
export async function importMail(ctx: RequestCtx & { store: FileStore }, input: { eml: string; direction?: 'in' | 'out' }) {
  const { tx, session, ip, store } = ctx;
  const t = session.tenantId;
  const parsed = await parseMail(0, Buffer.from(input.eml, 'utf8'), true);
  if (!parsed.fromAddr || (!parsed.subject && !parsed.body && !parsed.html)) throw new BusinessError('邮件内容无法识别：需要发件人和主题或正文');
  if (parsed.messageId) {
    const same = await tx.one<{ id: string }>(
      `select id::text from crm_mail where tenant_id = $1 and user_id = $2 and message_id = $3 and uid is null order by id limit 1`,
      [t, session.userId, parsed.messageId],
    );
    if (same) return { id: Number(same.id), imported: false };
  }
  const attachments = await storeParts(store, t, session.userId, parsed.found);
  try {
    const row = await tx.one<{ id: string }>(
      `insert into crm_mail(tenant_id, user_id, direction, message_id, in_reply_to, from_addr, from_name, to_addrs, cc_addrs, subject, body, html, sent_at, seen)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, true) returning id::text`,
      [
        t,
        session.userId,
        input.direction ?? 'in',
        parsed.messageId,
        parsed.inReplyTo,
        parsed.fromAddr,
        parsed.fromName,
        parsed.to,
        parsed.cc,
        parsed.subject,
        parsed.body,
        parsed.html,
        parsed.sentAt,
      ],
    );
    const id = Number(row!.id);
    await insertAttachments(tx, t, [{ mailId: id, attachments }]);
    await linkMails(tx, t, [id]);
    await logWrite(tx, session, ip, 'add', 'crmMail', [id], { imported: true, subject: parsed.subject });
    return { id, imported: true };
  } catch (err) {
    // a failed insert leaves no file behind (a transaction failing after this is left to the cleanup job)
    await dropStored(store, t, attachments);
    throw err;
  }
}
