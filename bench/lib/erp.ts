import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createDatabase, databaseUrlOf, dropDatabase } from './db.ts';
import { freePort, startNode, stop, waitReady } from './procs.ts';
import { buildServer } from '../../scripts/build-server.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * How the benches with long loads (reports, finance, lists, dashboards) run: BENCH_SEED_ONLY=1 loads, keeps the
 * database and stops; BENCH_REUSE=<database> measures on such a kept database without loading.
 */
export const loadMode = { seedOnly: process.env.BENCH_SEED_ONLY === '1', reuse: process.env.BENCH_REUSE || undefined };
export const keptLine = (dbName: string, bench: string) => `loaded and kept database ${dbName}; measure with BENCH_REUSE=${dbName} npm run ${bench}`;

/**
 * The ERP server on a fresh PostgreSQL database, run as production runs it (the bundle `npm start`
 * builds), migrated and seeded with the demo companies. Everything it made is undone through
 * `cleanups`, in reverse order, by the caller's exit path. With `reuse`, the server runs on that existing
 * database instead (a kept one: a long load measured later, on a quiet machine), which is left in place.
 */
export async function startErp(prefix: string, cleanups: Array<() => Promise<unknown>>, reuse?: string) {
  const dbName = reuse ?? `${prefix}_${Date.now()}`;
  const databaseUrl = reuse ? databaseUrlOf(reuse) : await createDatabase(dbName);
  if (!reuse) cleanups.push(() => dropDatabase(dbName));
  // uploads and PGlite files would go here; keep the checkout's ./data untouched
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  await buildServer();
  const erp: ChildProcess = startNode('apps/server/dist/main.js', root, {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    // the benchmarks register their own companies, more than one address may per hour in production
    REGISTER_PER_HOUR: '0',
  });
  cleanups.push(() => stop(erp));
  const api = `http://127.0.0.1:${port}/api`;
  console.error(`bench: migrating and seeding ${dbName} …`);
  // migrating and seeding the demo takes minutes on a loaded machine: the bound only stops a hang
  await waitReady(erp, `${api}/platform/info`, 600_000);
  return { dbName, databaseUrl, erp, api };
}
