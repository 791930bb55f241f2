import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { JobRunner } from '../jobs/runner.ts';

/**
 * Stops in order: the server stops taking requests (new ones and /ready get 503) and finishes
 * those in flight, while the job runner stops claiming and lets running handlers finish their
 * current step; then the database closes (PGlite must close cleanly or the next start runs
 * crash recovery). Whatever is still running after `graceMs` is cut off: its job is claimed
 * again when its lease runs out.
 */
export async function gracefulShutdown(parts: { app: FastifyInstance; runner?: JobRunner; db: Database; graceMs: number }): Promise<void> {
  const { app, runner, db, graceMs } = parts;
  let timer: NodeJS.Timeout | undefined;
  const cutOff = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  // a keep-alive connection whose request finishes after close began would hold the server open
  // until its idle timeout: close each one as soon as it goes idle
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  await Promise.race([Promise.allSettled([app.close(), runner?.stop(graceMs)]), cutOff]);
  clearTimeout(timer);
  clearInterval(sweep);
  await db.close();
}
