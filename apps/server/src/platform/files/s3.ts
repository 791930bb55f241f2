import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf } from './paths.ts';
import type { FileArea, FileKey, FileStore } from './store.ts';

/** S3_* settings (docs/decisions.md "Files"). `prefix` keeps several installations apart in one bucket. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: the AWS endpoint for the region. MinIO and the like: their URL. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key), which MinIO and most S3-compatible servers need. */
  forcePathStyle: boolean;
  prefix?: string;
}

type Sdk = typeof import('@aws-sdk/client-s3');

/** "No such object" as the SDK reports it for GET (NoSuchKey) and HEAD (NotFound, no body). */
const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket under `<prefix><tenantId>/<area>/<path>`, the same layout and
 * the same key checks as the local store. A PUT is atomic in S3, so readers never see part of a file.
 */
export class S3FileStore implements FileStore {
  private constructor(
    private readonly sdk: Sdk,
    readonly client: S3Client,
    readonly settings: S3Settings,
  ) {}

  /** The SDK is loaded here, not at start: a server on the local store never pays for it. */
  static async open(settings: S3Settings): Promise<S3FileStore> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey ?? '' } : undefined,
    });
    const store = new S3FileStore(sdk, client, settings);
    // a wrong bucket, endpoint or key stops the start here instead of losing the first upload
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: settings.bucket }));
    } catch (err) {
      client.destroy();
      throw new Error(`FILE_STORE=s3: bucket ${settings.bucket} cannot be reached (${(err as Error).name}: ${(err as Error).message})`, { cause: err });
    }
    return store;
  }

  /** The object key of a file, after checking that it stays inside the tenant's area. */
  objectKey(key: FileKey): string {
    assertSafeKey(key);
    return `${this.settings.prefix ?? ''}${key.tenantId}/${key.area}/${key.path}`;
  }

  private object(key: FileKey) {
    return { Bucket: this.settings.bucket, Key: this.objectKey(key) };
  }

  async put(key: FileKey, data: Buffer): Promise<void> {
    await this.client.send(new this.sdk.PutObjectCommand({ ...this.object(key), Body: data, ContentType: contentTypeOf(key.path) }));
  }

  async get(key: FileKey): Promise<{ stream: Readable; size: number } | undefined> {
    try {
      const r = await this.client.send(new this.sdk.GetObjectCommand(this.object(key)));
      // in Node the body is an http.IncomingMessage, a Readable
      return { stream: r.Body as Readable, size: r.ContentLength ?? 0 };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async read(key: FileKey): Promise<Buffer | undefined> {
    try {
      const r = await this.client.send(new this.sdk.GetObjectCommand(this.object(key)));
      return Buffer.from((await r.Body?.transformToByteArray()) ?? []);
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async exists(key: FileKey): Promise<boolean> {
    try {
      await this.client.send(new this.sdk.HeadObjectCommand(this.object(key)));
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  /** S3 deletes succeed whether or not the object was there, so it is looked at first. */
  async delete(key: FileKey): Promise<boolean> {
    if (!(await this.exists(key))) return false;
    await this.client.send(new this.sdk.DeleteObjectCommand(this.object(key)));
    return true;
  }

  async *list(tenantId: number, area: FileArea, prefix: string): AsyncIterable<{ path: string; modified: Date }> {
    const base = this.objectKey({ tenantId, area, path: 'x' }).slice(0, -1);
    let token: string | undefined;
    do {
      const r = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: base + prefix, ContinuationToken: token }));
      for (const o of r.Contents ?? []) if (o.Key) yield { path: o.Key.slice(base.length), modified: o.LastModified ?? new Date(0) };
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
