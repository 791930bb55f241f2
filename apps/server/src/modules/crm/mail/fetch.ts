import type { ImapFlow, MessageStructureObject } from 'imapflow';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { attachmentMax, attachmentParts, describePart, sourceMax, textPart, type FoundPart } from './attachments.ts';

/**
 * Reading new mails from the selected folder (sync.ts drives it): first the UID, flags, size and BODYSTRUCTURE of
 * every mail above the place (cheap), then per batch the whole source of mails up to sourceMax() (parsed with
 * mailparser, attachments included) and, for a bigger mail, its headers, text part and the attachment parts within
 * attachmentMax() only.
 */
const BODY_MAX = 20000;
/** The HTML body is kept up to this many characters (sanitised when read: store.ts). */
const HTML_MAX = 300000;

export interface MailMeta {
  uid: number;
  seen: boolean;
  size: number;
  structure?: MessageStructureObject;
}

export interface ParsedRow {
  uid: number;
  messageId: string | null;
  inReplyTo: string | null;
  fromAddr: string;
  fromName: string | null;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  /** the HTML body as received, if the mail has one */
  html: string | null;
  sentAt: string;
  seen: boolean;
  found: FoundPart[];
}

// PostgreSQL text holds no NUL character
const clean = (s: string | undefined | null, max: number) => (s ?? '').replace(/\0/g, '').slice(0, max);
const addrs = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((o) => o.value)
    .flatMap((v) => (v.group ? v.group : [v]))
    .map((v) => clean(v.address, 200).toLowerCase())
    .filter(Boolean);

function rowOf(uid: number, m: ParsedMail, seen: boolean, text: string, found: FoundPart[], html?: string | false): ParsedRow {
  const from = Array.isArray(m.from) ? m.from[0] : m.from;
  const date = m.date && !Number.isNaN(m.date.getTime()) ? m.date : new Date();
  return {
    uid,
    messageId: m.messageId ? clean(m.messageId, 500) : null,
    inReplyTo: m.inReplyTo ? clean(m.inReplyTo, 500) : null,
    fromAddr: addrs(from)[0] ?? '',
    fromName: clean(from?.value[0]?.name, 200) || null,
    to: addrs(m.to),
    cc: addrs(m.cc),
    subject: clean(m.subject, 500),
    body: clean(text, BODY_MAX),
    html: html ? clean(html, HTML_MAX) : null,
    sentAt: date.toISOString(),
    seen,
    found,
  };
}

/** A whole mail: text and every attachment (sizes as decoded). */
export async function parseMail(uid: number, source: Buffer, seen: boolean): Promise<ParsedRow> {
  const m = await simpleParser(source, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true });
  const found = m.attachments.map((a, i) => ({
    part: a.partId ?? String(i + 1),
    fileName: a.filename ?? `attachment-${a.partId ?? i + 1}`,
    contentType: a.contentType,
    size: a.content.length,
    content: a.content,
    contentId: a.cid ?? a.contentId ?? null,
  }));
  return rowOf(uid, m, seen, m.text ?? '', found, m.html);
}

/** The metadata of every mail from UID `from` on ("n:*" answers the last mail even when n is past it). */
export async function listNew(client: ImapFlow, from: number): Promise<MailMeta[]> {
  const out: MailMeta[] = [];
  for await (const msg of client.fetch(`${from}:*`, { uid: true, flags: true, size: true, bodyStructure: true }, { uid: true })) {
    if (msg.uid < from) continue;
    out.push({ uid: msg.uid, seen: msg.flags?.has('\\Seen') ?? false, size: msg.size ?? 0, structure: msg.bodyStructure });
  }
  return out;
}

const decode = (b: Buffer | null | undefined, charset: string) => {
  if (!b) return '';
  try {
    return new TextDecoder(charset).decode(b);
  } catch {
    return b.toString('utf8');
  }
};

/** A mail over sourceMax(): headers, its text part and the attachments within the limit, each fetched by part. */
async function readLarge(client: ImapFlow, meta: MailMeta): Promise<ParsedRow | undefined> {
  const head = await client.fetchOne(String(meta.uid), { uid: true, headers: true }, { uid: true });
  if (!head || !head.headers) return undefined;
  const m = await simpleParser(Buffer.concat([head.headers, Buffer.from('\r\n')]));
  const text = textPart(meta.structure);
  const html = textPart(meta.structure, 'text/html');
  const parts = attachmentParts(meta.structure);
  const wanted = parts.filter((p) => (p.size ?? 0) <= attachmentMax() * 1.4).map((p) => p.part!);
  const ids = [...(text ? [text.part] : []), ...(html ? [html.part] : []), ...wanted];
  const got = ids.length ? await client.downloadMany(String(meta.uid), ids, { uid: true, maxBytes: Math.max(attachmentMax(), BODY_MAX * 4) + 1 }) : {};
  const within = (part: string) => {
    const c = wanted.includes(part) ? got[part]?.content : undefined;
    return c && c.length <= attachmentMax() ? c : undefined;
  };
  const found = parts.map((p) => describePart(p, within(p.part!)));
  const body = (t: { part: string; charset: string } | undefined) => (t ? decode(got[t.part]?.content, t.charset) : '');
  return rowOf(meta.uid, m, meta.seen, body(text), found, body(html));
}

/** The parsed mails of one batch of metadata, in UID order. */
export async function readBatch(client: ImapFlow, metas: MailMeta[]): Promise<ParsedRow[]> {
  const small = metas.filter((m) => m.size <= sourceMax());
  const rows: ParsedRow[] = [];
  if (small.length) {
    const seen = new Map(small.map((m) => [m.uid, m.seen]));
    for await (const msg of client.fetch(small.map((m) => m.uid).join(','), { uid: true, source: true }, { uid: true })) {
      if (msg.source && seen.has(msg.uid)) rows.push(await parseMail(msg.uid, msg.source, seen.get(msg.uid)!));
    }
  }
  for (const meta of metas.filter((m) => m.size > sourceMax())) {
    const row = await readLarge(client, meta);
    if (row) rows.push(row);
  }
  return rows.sort((a, b) => a.uid - b.uid);
}
