import { LocalFileStore } from './local.ts';
import type { S3Settings } from './s3.ts';
import type { FileStore } from './store.ts';

export type { FileArea, FileKey, FileStore } from './store.ts';
export type { S3Settings } from './s3.ts';
export { UnsafePathError } from './store.ts';
export { LocalFileStore } from './local.ts';
export { assertSafeKey, contentTypeOf, extensionOf, safeFileName, unsafePathReason } from './paths.ts';

/** The configured store: files under filesDir, or an S3-compatible bucket (loaded only when chosen). */
export async function createFileStore(kind: 'local' | 's3', filesDir: string, s3?: S3Settings): Promise<FileStore & { close?(): void }> {
  if (kind === 'local') return new LocalFileStore(filesDir);
  if (!s3) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  const { S3FileStore } = await import('./s3.ts');
  return S3FileStore.open(s3);
}
