import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'apps/web');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** Same staleness rule as scripts/start.mjs: rebuild when a web source is newer than the build. */
function buildIfStale(): void {
  const stamp = path.join(web, 'dist/index.html');
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((f) => newest(path.join(web, f)));
  if (Math.max(...sources, newest(path.join(root, 'packages/entities/src'))) <= builtAt) return;
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build
  const r = spawnSync('npm', ['run', 'build', '-w', '@erp/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('web build failed');
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_LISTEN_URL: _listen, ...rest } = env;
  return rest;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, server: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

// one lock per checkout: worktrees each build their own apps/web/dist
const LOCK = path.join(os.tmpdir(), `erp-e2e-${crypto.createHash('sha1').update(root).digest('hex').slice(0, 8)}.lock`);
const LOCK_WAIT_MS = 6 * 60000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs in one checkout share apps/web/dist: two runs must not build it at once. A run takes this lock
 * directory (stale when its owner process is gone) while it checks and builds, then lets go, so journeys
 * run side by side (npm test runs them in shards, each with its own server). After LOCK_WAIT_MS a run goes
 * ahead anyway.
 */
async function takeLock(): Promise<() => void> {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return () => fs.rmSync(LOCK, { recursive: true, force: true });
    } catch {
      let owner = 0;
      try {
        owner = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8')) || 0;
      } catch {
        // released meanwhile, or its owner is still writing the pid: try again
      }
      if (owner && !alive(owner)) fs.rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > until) return () => undefined;
      else await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** Builds the web app if stale and starts ONE server the way `npm start` does, on a fresh DATA_DIR (the embedded PostgreSQL). */
export default async function setup(project: TestProject) {
  const release = await takeLock();
  try {
    buildIfStale();
  } finally {
    release();
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-'));
  const log = fs.createWriteStream(path.join(dataDir, '..', `erp-e2e-server-${port}.log`));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // as `npm start` runs it: the embedded database, whatever DATABASE_URL the test run has (ARCHITECTURE §1)
    env: {
      ...withoutDatabaseUrl(process.env),
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'data'),
      SEED_DEMO: 'true',
      // the weighing journey's virtual scale (socat links under /tmp)
      ERP_SERIAL_PORTS: '/tmp/weigh-e2e-*',
      LOG_LEVEL: 'warn',
      REGISTER_PER_HOUR: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  // migrations and the demo on a fresh database, beside the API suites and the other shards' servers: minutes on a
  // loaded 2-core machine
  await waitUntilUp(`${baseUrl}/api/platform/info`, server, 360000);
  project.provide('baseUrl', baseUrl);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      // the embedded database must close cleanly; give it time, then stop waiting (unref: the timer must not hold
      // vitest open); a SIGKILL still stops the PostgreSQL child (its watchdog sees the server gone)
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15000).unref())]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    log.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
