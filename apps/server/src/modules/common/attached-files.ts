import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { BusinessError } from '../../platform/errors.ts';
import { extensionOf, unsafePathReason, type FileStore } from '../../platform/files/index.ts';
import { IMAGE_TYPES, MAX_FILE_BYTES, MAX_FILES, MSG_COUNT, MSG_IMAGE_SIZE, MSG_IMAGE_TYPE, MSG_SIZE, MSG_TYPE, typeAllowed } from './upload-rules.ts';

/**
 * Files attached to a record: the record keeps the comma-joined names POST /common/uploadMinio returned
 * (SPEC §3 "comma-separated relative paths"); the route that saves the record checks them here against
 * the company's own store and the upload route's rules, and removes them when the record goes.
 */

/** The zod shape of such a field: up to `max` safe relative names; '' or null clears it. */
export const attachedNames = (label: string, max = MAX_FILES) =>
  z
    .string()
    .trim()
    .max(4000, `${label}路径过长`)
    .refine((v) => v === '' || v.split(',').length <= max, max === MAX_FILES ? MSG_COUNT : `上传文件数量不能超过 ${max} 个!`)
    .refine((v) => v === '' || v.split(',').every((p) => p.length > 0 && !unsafePathReason(p)), `${label}包含非法的文件路径`);

export const splitNames = (v: string | null | undefined): string[] => (v ? v.split(',').filter(Boolean) : []);

/**
 * Checks each name is a file of the caller's company (another company's is never looked up: the key
 * carries the tenant) within the upload route's limits: images png/jpg/jpeg, documents the listed types,
 * at most 5 MB. Returns the value to store (null for none). Refusals are business messages, nothing written.
 */
export async function checkAttached(store: FileStore, tenantId: number, value: string | null | undefined, kind: 'images' | 'files'): Promise<string | null> {
  const names = splitNames(value);
  for (const path of names) {
    const ext = extensionOf(path);
    if (kind === 'images' ? !IMAGE_TYPES.includes(ext) : !typeAllowed(ext)) throw new BusinessError(kind === 'images' ? MSG_IMAGE_TYPE : MSG_TYPE);
    const file = await store.get({ tenantId, area: 'upload', path }).catch(() => undefined);
    if (!file) throw new BusinessError(`文件不存在：${path}`);
    file.stream.destroy();
    if (file.size > MAX_FILE_BYTES) throw new BusinessError(kind === 'images' ? MSG_IMAGE_SIZE : MSG_SIZE);
  }
  return names.length ? names.join(',') : null;
}

/** Names in `before` that `after` no longer holds (the files a save lets go). */
export const droppedNames = (before: Array<string | null | undefined>, after: Array<string | null | undefined>): string[] => {
  const kept = new Set(after.flatMap(splitNames));
  return [...new Set(before.flatMap(splitNames))].filter((n) => !kept.has(n));
};

/**
 * Removes files of the company once the record that held them is committed without them (call from
 * afterCommit: a rolled-back save keeps its files). A failure is logged, never the request's error.
 */
export async function removeAttached(store: FileStore, log: FastifyBaseLogger, tenantId: number, names: string[]): Promise<void> {
  for (const path of names) {
    if (unsafePathReason(path)) continue;
    await store.delete({ tenantId, area: 'upload', path }).catch((err) => log.error({ err, tenantId, path }, 'removing an attached file failed'));
  }
}
