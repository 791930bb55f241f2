import path from 'node:path';
import { UnsafePathError, type FileKey } from './store.ts';

const MAX_PATH = 1000;
/** Bytes, not characters: file systems cap a name at 255 bytes and a Chinese character takes 3. */
const MAX_NAME_BYTES = 200;

/** Control characters, and the bidi overrides that make 'gpj.exe' display as 'exe.jpg'. */
const invisible = (c: string) => {
  const n = c.codePointAt(0) ?? 0;
  return n < 0x20 || n === 0x7f || n === 0x200e || n === 0x200f || (n >= 0x202a && n <= 0x202e) || (n >= 0x2066 && n <= 0x2069);
};

/**
 * Why a relative path from a request is refused, or undefined when it may be joined under a
 * tenant's folder. Deliberately stricter than needed: no absolute paths, no '.'/'..' or hidden
 * segments, no backslashes, colons or control characters, and no percent-encoded dots, slashes or
 * NUL (a second decoding anywhere downstream must not turn into a traversal).
 */
export function unsafePathReason(rel: string): string | undefined {
  if (!rel) return '不能为空';
  if (rel.length > MAX_PATH) return `不能超过${MAX_PATH}个字符`;
  if (/[\\:]/.test(rel) || Array.from(rel).some(invisible)) return '含有非法字符';
  if (/%(2e|2f|5c|00)/i.test(rel)) return '含有编码的路径字符';
  if (rel.startsWith('/')) return '不能是绝对路径';
  if (rel.split('/').some((seg) => seg === '' || seg.startsWith('.'))) return '含有非法的路径段';
  return undefined;
}

/** Refuses (UnsafePathError) a key whose tenant or path could leave the tenant's area; every store calls it first. */
export function assertSafeKey(key: FileKey): void {
  if (!Number.isSafeInteger(key.tenantId) || key.tenantId <= 0) throw new UnsafePathError('tenant');
  if (key.area !== 'upload' && key.area !== 'resource') throw new UnsafePathError('area');
  const reason = unsafePathReason(key.path);
  if (reason) throw new UnsafePathError(reason);
}

/**
 * An uploaded file's original name made safe to store and to list: only the last path part,
 * no control or bidi-override characters, none of <>:"|?*%, and no comma (upload replies
 * comma-join the names). Chinese and other letters are kept.
 */
export function safeFileName(original: string): string {
  const last = original.split(/[/\\]/).pop() ?? '';
  const cleaned = Array.from(last.normalize('NFC'))
    .filter((c) => !invisible(c))
    .join('')
    .replace(/[<>:"|?*%,]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  const ext = path.extname(cleaned);
  // every character is at least one byte: cutting to MAX_NAME_BYTES first keeps the loop short
  const stem = Array.from(cleaned.slice(0, cleaned.length - ext.length)).slice(0, MAX_NAME_BYTES);
  while (stem.length && Buffer.byteLength(stem.join('') + ext) > MAX_NAME_BYTES) stem.pop();
  return stem.join('').trim() + (Buffer.byteLength(ext) <= 20 ? ext : '');
}

/** Lower-case extension without the dot ('' when none). */
export const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export const contentTypeOf = (name: string) => CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream';
