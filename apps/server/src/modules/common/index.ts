import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { RouteSpec } from '../../platform/http/route.ts';
import { createFileStore, type FileStore, type S3Settings } from '../../platform/files/index.ts';
import { commonRoutes as routes } from './common.routes.ts';
import { zipRoutes } from './zip-download.ts';
import { multipartLimits } from './upload.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
  }
}

export const commonRoutes: RouteSpec[] = [...routes, ...zipRoutes];
export { MAX_FILE_MB, MAX_FILES } from './upload-rules.ts';
export { sendFile } from './common.routes.ts';
export { originalName } from './upload.ts';
export { zipOf } from './zip-download.ts';
export { attachedNames, checkAttached, droppedNames, removeAttached, splitNames } from './attached-files.ts';

/**
 * Multipart parsing (with the upload limits) and the file store, as `app.fileStore`. Local store
 * without a filesDir (tests, embedding): the files go to a fresh temporary folder, removed when the app
 * closes (or by a later start once this process is gone).
 */
export async function registerFiles(app: FastifyInstance, config: { filesDir?: string; fileStore?: 'local' | 's3'; s3?: S3Settings }): Promise<void> {
  const kind = config.fileStore ?? 'local';
  let dir = config.filesDir;
  if (!dir && kind === 'local') {
    const tmp = temporaryFilesDir();
    app.addHook('onClose', async () => fs.rmSync(tmp, { recursive: true, force: true }));
    dir = tmp;
  }
  const store = await createFileStore(kind, dir ?? '', config.s3);
  app.decorate('fileStore', store);
  app.addHook('onClose', async () => store.close?.());
  await app.register(multipart, { limits: multipartLimits });
}

/**
 * `<tmp>/erp-files-<pid>-XXXXXX`. The shared test app is never closed and test workers are killed
 * rather than exiting, so folders of processes that are gone are swept here instead.
 */
function temporaryFilesDir(): string {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^erp-files-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as { code?: string }).code === 'ESRCH') fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
  return fs.mkdtempSync(path.join(os.tmpdir(), `erp-files-${process.pid}-`));
}
