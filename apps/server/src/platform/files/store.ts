import type { Readable } from 'node:stream';

/** Uploads (users' files) and resources (files the company provides, e.g. templates) are kept apart. */
export type FileArea = 'upload' | 'resource';

/** One file: always inside one tenant's area; `path` is relative, e.g. 'biz/2026/11/ab12_报价.pdf'. */
export interface FileKey {
  tenantId: number;
  area: FileArea;
  path: string;
}

/** Where files live. Every method refuses (UnsafePathError) a key that could leave the tenant's area. */
export interface FileStore {
  /** Writes the whole file or nothing: readers never see part of it. */
  put(key: FileKey, data: Buffer): Promise<void>;
  /** The file opened for reading, or undefined when there is no such file. */
  get(key: FileKey): Promise<{ stream: Readable; size: number } | undefined>;
  read(key: FileKey): Promise<Buffer | undefined>;
  exists(key: FileKey): Promise<boolean>;
  /** True when a file was there and is gone now. */
  delete(key: FileKey): Promise<boolean>;
  /** Every file of a tenant's area whose path starts with `prefix` (a folder, e.g. 'mail/'), with its last change. */
  list(tenantId: number, area: FileArea, prefix: string): AsyncIterable<{ path: string; modified: Date }>;
}

export class UnsafePathError extends Error {}
