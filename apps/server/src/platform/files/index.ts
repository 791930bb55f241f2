import { LocalFileStore } from './local.ts';
import type { FileStore } from './store.ts';

export type { FileArea, FileKey, FileStore } from './store.ts';
export { UnsafePathError } from './store.ts';
export { LocalFileStore } from './local.ts';
export { contentTypeOf, extensionOf, safeFileName, unsafePathReason } from './paths.ts';

/** The configured store. Only 'local' exists; S3 is planned (docs/decisions.md) and refused here too. */
export function createFileStore(kind: string, filesDir: string): FileStore {
  if (kind === 'local') return new LocalFileStore(filesDir);
  throw new Error(`FILE_STORE=${kind} is not supported yet: only 'local' (files under FILES_DIR) works; see docs/decisions.md`);
}
