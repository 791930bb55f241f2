import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';

/** Serves the built web app (when there is one): its files, and index.html for every history-mode route. */
export async function serveWebApp(app: FastifyInstance, config: Pick<Config, 'webDist' | 'apiBase'>): Promise<void> {
  const index = path.join(config.webDist, 'index.html');
  if (fs.existsSync(index)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // the build names its chunks by content hash: browsers keep them for good; index.html is asked for anew each time
      setHeaders: (res, file) =>
        res.setHeader('cache-control', file.startsWith(path.join(config.webDist, 'assets') + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    app.get('/', (_req, reply) => reply.sendFile('index.html'));
    app.get('/*', (req, reply) => {
      const p = (req.params as { '*': string })['*'];
      const file = path.join(config.webDist, p);
      // history-mode routes fall back to the app; real files (assets) are sent as they are
      if (p && file.startsWith(config.webDist) && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(p);
      if (config.apiBase && req.url.startsWith(config.apiBase + '/')) {
        return reply.status(404).send({ code: 404, data: { message: `接口不存在: ${req.method} ${req.url.split('?')[0]}` } });
      }
      return reply.sendFile('index.html');
    });
  }
}
