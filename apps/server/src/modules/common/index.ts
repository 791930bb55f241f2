import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { RouteSpec } from '../../platform/http/route.ts';
import { createFileStore, type FileStore } from '../../platform/files/index.ts';
import { commonRoutes as routes } from './common.routes.ts';
import { multipartLimits } from './upload.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
  }
}

export const commonRoutes: RouteSpec[] = routes;

/**
 * Multipart parsing (with the upload limits) and the file store, as `app.fileStore`. Without a
 * filesDir (tests, embedding) the files go to a fresh temporary folder, removed when the app closes.
 */
export async function registerFiles(app: FastifyInstance, config: { filesDir?: string; fileStore?: string }): Promise<void> {
  let dir = config.filesDir;
  if (!dir) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-files-'));
    app.addHook('onClose', async () => fs.rmSync(tmp, { recursive: true, force: true }));
    dir = tmp;
  }
  app.decorate('fileStore', createFileStore(config.fileStore ?? 'local', dir));
  await app.register(multipart, { limits: multipartLimits });
}
