import type { Tx } from '../../../platform/db/database.ts';
import { CUSTOMER } from '../customer-access.ts';
import { attachmentsOf } from './attachments.ts';
import { queueSeen } from './seen.ts';
import { sanitizeMailHtml } from './html.ts';

/** Links mails to the customers whose e-mail address is among their sender, recipients and copies (case-insensitive). */
export async function linkMails(tx: Tx, tenantId: number, mailIds: number[]): Promise<void> {
  if (!mailIds.length) return;
  await tx.query(
    `insert into crm_mail_partner(tenant_id, mail_id, partner_id)
     select distinct m.tenant_id, m.id, p.id
       from crm_mail m cross join lateral unnest(array[m.from_addr] || m.to_addrs || m.cc_addrs) a(addr)
       join partner p on p.tenant_id = m.tenant_id and lower(p.email) = a.addr and not p.delete_flag and p.email is not null
      where m.tenant_id = $1 and m.id = any($2::bigint[]) and p.type = $3 and a.addr <> ''
     on conflict do nothing`,
    [tenantId, mailIds, CUSTOMER],
  );
}

const TIME = `'YYYY-MM-DD HH24:MI:SS'`;
const LIST = `m.id, m.direction, m.from_addr as "fromAddr", m.from_name as "fromName", m.to_addrs as "to", m.cc_addrs as cc, m.subject,
  to_char(m.sent_at, ${TIME}) as "sentTime", m.seen,
  (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id), '[]'::json)
     from crm_mail_partner mp join partner p on p.tenant_id = mp.tenant_id and p.id = mp.partner_id
    where mp.tenant_id = m.tenant_id and mp.mail_id = m.id) as customers`;

export interface MailFilter {
  direction?: 'in' | 'out';
  unread?: boolean;
  partnerId?: number;
  keyword?: string;
  currentPage: number;
  pageSize: number;
}

/** The caller's mails (收件箱 / 已发送), newest first, with the customers each belongs to. */
export async function listMails(tx: Tx, tenantId: number, userId: number, f: MailFilter) {
  const params: unknown[] = [tenantId, userId];
  const where = ['m.tenant_id = $1', 'm.user_id = $2'];
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  if (f.direction) add((n) => `m.direction = ${n}`, f.direction);
  if (f.unread) where.push(`m.direction = 'in' and not m.seen`);
  if (f.partnerId)
    add((n) => `exists (select 1 from crm_mail_partner mp where mp.tenant_id = m.tenant_id and mp.mail_id = m.id and mp.partner_id = ${n})`, f.partnerId);
  if (f.keyword) add((n) => `(m.subject ilike ${n} or m.from_addr ilike ${n})`, `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const w = where.join(' and ');
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from crm_mail m where ${w}`, params);
  const rows = await tx.query(
    `select ${LIST} from crm_mail m where ${w} order by m.sent_at desc, m.id desc limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}`,
    params,
  );
  return { rows, total: total!.n };
}

/** The unread count of the header's mail shortcut. */
export async function unreadCount(tx: Tx, tenantId: number, userId: number): Promise<number> {
  const r = await tx.one<{ n: number }>(`select count(*)::int as n from crm_mail where tenant_id = $1 and user_id = $2 and direction = 'in' and not seen`, [
    tenantId,
    userId,
  ]);
  return r!.n;
}

/**
 * One mail with its text. Readable by its mailbox's owner, and by anyone when it belongs to a customer (it is then
 * on that customer's timeline, which the company's CRM users share). The owner's reading marks it read, here and
 * (by a job) on the mail server. Its attachments are listed (stored ones download through mailAttachment).
 */
export async function mailDetail(tx: Tx, tenantId: number, userId: number, id: number) {
  const m = await tx.one<Record<string, unknown> & { userId: string; customers: unknown[]; html: string | null }>(
    `select ${LIST}, m.body, m.html, m.message_id as "messageId", m.user_id::text as "userId", u.username as "ownerName"
       from crm_mail m join sys_user u on u.tenant_id = m.tenant_id and u.id = m.user_id where m.tenant_id = $1 and m.id = $2`,
    [tenantId, id],
  );
  if (!m || (Number(m.userId) !== userId && !m.customers.length)) return undefined;
  if (Number(m.userId) === userId && m.direction === 'in' && !m.seen) {
    await tx.query(`update crm_mail set seen = true where tenant_id = $1 and id = $2`, [tenantId, id]);
    await queueSeen(tx, tenantId, userId, [id]);
  }
  const all = await attachmentsOf(tx, tenantId, id);
  const cids = new Map(all.filter((a) => a.contentId && a.stored).map((a) => [a.contentId!, a.id]));
  const shown = m.html ? sanitizeMailHtml(m.html, cids) : { html: null, blockedImages: 0, inline: [] as number[] };
  // an image shown in the HTML is not listed again among the files
  const attachments = all.filter((a) => !shown.inline.includes(a.id)).map(({ contentId: _, ...a }) => a);
  const { inline, ...view } = shown;
  return { ...m, ...view, inlineImages: inline, userId: Number(m.userId), mine: Number(m.userId) === userId, attachments };
}

/** A stored attachment of a mail the caller may read (as mailDetail decides): its file's path and name. */
export async function mailAttachment(tx: Tx, tenantId: number, userId: number, id: number) {
  return tx.one<{ path: string; fileName: string }>(
    `select a.path, a.file_name as "fileName" from crm_mail_attachment a join crm_mail m on m.tenant_id = a.tenant_id and m.id = a.mail_id
      where a.tenant_id = $1 and a.id = $2 and a.path is not null
        and (m.user_id = $3 or exists (select 1 from crm_mail_partner mp where mp.tenant_id = m.tenant_id and mp.mail_id = m.id))`,
    [tenantId, id, userId],
  );
}
