import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types; only its constructor, run and close are used
// @ts-expect-error no declaration file
import S3rver from 's3rver';
import type { S3Settings } from '../../../platform/files/index.ts';

/**
 * An S3-compatible server in this process (s3rver, objects on a temporary folder) on a free
 * port, with one empty bucket: the S3 store is tested over real HTTP with real signatures.
 */
export async function startS3Server(): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-s3-'));
  const bucket = 'erp-files';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'erp/',
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
