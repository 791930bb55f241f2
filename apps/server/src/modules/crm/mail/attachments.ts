import crypto from 'node:crypto';
import type { MessageStructureObject } from 'imapflow';
import type { Tx } from '../../../platform/db/database.ts';
import { safeFileName, type FileKey, type FileStore } from '../../../platform/files/index.ts';

/**
 * Attachments of mails (docs/crm.md "E-mail"): a synced part up to the limit is stored in the company's file
 * store (upload area, under mail/<user>/), bigger ones are listed with name and size only. The limits are read at
 * each call (tests lower them): ERP_MAIL_ATTACHMENT_MAX_BYTES per part (default 10 MB), and mails up to
 * ERP_MAIL_SOURCE_MAX_BYTES (default 10 MB) are fetched whole; a bigger mail is read part by part from its
 * BODYSTRUCTURE, so a 200 MB attachment is never downloaded.
 */
export const attachmentMax = () => Number(process.env.ERP_MAIL_ATTACHMENT_MAX_BYTES ?? 10 * 1024 * 1024);
export const sourceMax = () => Number(process.env.ERP_MAIL_SOURCE_MAX_BYTES ?? 10 * 1024 * 1024);
/** At most this many parts of one mail are kept (listed or stored). */
const MAX_PARTS = 20;

export interface MailAttachment {
  part: string;
  fileName: string;
  contentType: string;
  size: number;
  /** the stored file; null when over the limit or no store was given */
  path: string | null;
  /** the Content-ID (no angle brackets) an HTML body's cid: image refers to */
  contentId?: string | null;
}

/** A part's bytes or only what is known of it (bodystructure) when it is not fetched. */
export interface FoundPart {
  part: string;
  fileName: string;
  contentType: string;
  size: number;
  content?: Buffer;
  contentId?: string | null;
}

const nameOf = (n: MessageStructureObject) => n.dispositionParameters?.filename ?? n.parameters?.name;
/** A Content-ID without its angle brackets (what a cid: URL names). */
export const bareCid = (id: string | undefined | null) => (id ? id.trim().replace(/^<|>$/g, '').slice(0, 250) || null : null);
/** An inline image of an HTML body: an image part with a Content-ID, named or not. */
const inlineImage = (n: MessageStructureObject) => n.type.startsWith('image/') && !!n.id && n.disposition !== 'attachment';

/** The attachment parts of a BODYSTRUCTURE: leaves named as files or marked attachment (inline text and HTML bodies are not). */
export function attachmentParts(node: MessageStructureObject | undefined, out: MessageStructureObject[] = []): MessageStructureObject[] {
  if (!node) return out;
  if (node.childNodes?.length) {
    for (const c of node.childNodes) attachmentParts(c, out);
    return out;
  }
  const body = node.type.startsWith('text/') && !nameOf(node) && node.disposition !== 'attachment';
  if (!body && (nameOf(node) || node.disposition === 'attachment' || inlineImage(node)) && node.part) out.push(node);
  return out;
}

/** The first plain-text (or, with `type`, HTML) body part of a BODYSTRUCTURE (part number and charset), if any. */
export function textPart(node: MessageStructureObject | undefined, type = 'text/plain'): { part: string; charset: string } | undefined {
  if (!node) return undefined;
  if (node.childNodes?.length) {
    for (const c of node.childNodes) {
      const t = textPart(c, type);
      if (t) return t;
    }
    return undefined;
  }
  if (node.type === type && !nameOf(node) && node.disposition !== 'attachment') return { part: node.part ?? '1', charset: node.parameters?.charset ?? 'utf-8' };
  return undefined;
}

export const describePart = (n: MessageStructureObject, content?: Buffer): FoundPart => ({
  part: n.part!,
  fileName: nameOf(n) ?? `attachment-${n.part}`,
  contentType: n.type,
  size: content?.length ?? n.size ?? 0,
  content,
  contentId: bareCid(n.id),
});

/**
 * Stores the parts within the limit (random names: a batch that fails removes what it stored, see dropStored);
 * the others are listed without a file. Without a store nothing is stored.
 */
export async function storeParts(store: FileStore | undefined, tenantId: number, userId: number, parts: FoundPart[]): Promise<MailAttachment[]> {
  const out: MailAttachment[] = [];
  const now = new Date();
  const dir = `mail/${userId}/${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}`;
  for (const p of parts.slice(0, MAX_PARTS)) {
    const fileName = safeFileName(p.fileName) || `attachment-${p.part}`;
    const base = {
      part: p.part.slice(0, 50),
      fileName: fileName.slice(0, 255),
      contentType: p.contentType.slice(0, 200),
      size: p.size,
      contentId: bareCid(p.contentId),
    };
    if (!store || !p.content || p.content.length > attachmentMax()) {
      out.push({ ...base, path: null });
      continue;
    }
    const path = `${dir}/${crypto.randomBytes(8).toString('hex')}_${fileName}`;
    await store.put({ tenantId, area: 'upload', path }, p.content);
    out.push({ ...base, path });
  }
  return out;
}

/** Removes stored parts of a batch whose transaction failed (they would be orphans). */
export async function dropStored(store: FileStore | undefined, tenantId: number, attachments: MailAttachment[]): Promise<void> {
  if (!store) return;
  const keys: FileKey[] = attachments.filter((a) => a.path).map((a) => ({ tenantId, area: 'upload', path: a.path! }));
  await Promise.allSettled(keys.map((k) => store.delete(k)));
}

/** Records the attachments of the mails just inserted; `byMail` maps a mail id to its attachments. */
export async function insertAttachments(tx: Tx, tenantId: number, byMail: Array<{ mailId: number; attachments: MailAttachment[] }>): Promise<void> {
  const rows = byMail.flatMap((m) => m.attachments.map((a) => ({ ...a, mailId: m.mailId })));
  if (!rows.length) return;
  await tx.query(
    `insert into crm_mail_attachment(tenant_id, mail_id, part, file_name, content_type, size, path, content_id)
     select $1, r."mailId", r.part, r."fileName", r."contentType", r.size, r.path, r."contentId"
       from jsonb_to_recordset($2::jsonb) as r("mailId" bigint, part text, "fileName" text, "contentType" text, size bigint, path text, "contentId" text)
     on conflict do nothing`,
    [tenantId, JSON.stringify(rows)],
  );
}

/** A mail's attachments as the reader lists them (stored: downloadable). */
export async function attachmentsOf(tx: Tx, tenantId: number, mailId: number) {
  return tx.query<{ id: number; fileName: string; contentType: string; size: number; stored: boolean; contentId: string | null }>(
    `select id, file_name as "fileName", content_type as "contentType", size::float8 as size, path is not null as stored, content_id as "contentId"
       from crm_mail_attachment where tenant_id = $1 and mail_id = $2 order by id`,
    [tenantId, mailId],
  );
}
