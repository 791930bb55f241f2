import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';

/**
 * GET /health (liveness: the process answers, no database) and GET /ready (the database answers
 * and every migration file has run). Both sit outside API_BASE, where load balancers and
 * orchestrators look for them; while the app closes Fastify answers 503, so a draining instance
 * drops out of the balancer.
 */
export function registerHealth(app: FastifyInstance, db: Database): void {
  const expected = fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_.+\.sql$/.test(f));
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    try {
      const done = await db.system((tx) => tx.query<{ version: string }>('select version from schema_migrations'));
      const have = new Set(done.map((r) => r.version));
      const missing = expected.filter((f) => !have.has(f));
      if (missing.length) return reply.status(503).send({ status: 'migrations pending', missing });
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
}
