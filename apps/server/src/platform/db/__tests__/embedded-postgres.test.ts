import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_NODE_FLAGS } from '../../../../../../scripts/build-server.mjs';
import { ENGINE } from '../../../test-support/harness.ts';
import { ROOT } from '../../root.ts';

/**
 * The default engine of `npm start` (issue 12): the server bundle run as scripts/start.mjs runs it,
 * without DATABASE_URL or DB_ENGINE, on a fresh DATA_DIR. Independent of TEST_DB, so it runs in the
 * PGlite pass only.
 */
const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'erp-embedded-pg-')), 'data');
const pgDir = path.join(dataDir, 'postgres');
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Processes whose command line names our DATA_DIR: the postmaster, its children and its watchdog. */
function clusterProcesses(): string[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
        return cmd.includes(pgDir) ? [`${d}: ${cmd}`] : [];
      } catch {
        return [];
      }
    });
}

const postmaster = () => fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');

async function startServer(): Promise<{ child: ChildProcess; api: string; out: () => string; exited: Promise<number | null> }> {
  const port = await freePort();
  const { DATABASE_URL: _u, DATABASE_LISTEN_URL: _l, DB_ENGINE: _e, ...env } = process.env;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', REMINDER_INTERVAL_MINUTES: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const api = `http://127.0.0.1:${port}/api`;
  await expect
    .poll(
      () =>
        child.exitCode === null &&
        fetch(`${api}/platform/info`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 170_000, interval: 250 },
    )
    .toBe(true);
  return { child, api, out: () => out, exited };
}

async function call(api: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${api}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { 'x-access-token': token }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: any };
}

/** Whether the server's connections to its database come over the Unix socket (no client address) or TCP. */
async function serverConnections(port: number): Promise<{ socket: boolean; tcp: boolean }> {
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const c = new pg.Client({ host: pgDir, port, user: 'postgres', password, database: 'postgres' });
  await c.connect();
  try {
    const r = await c.query<{ socket: boolean; tcp: boolean }>(
      `select coalesce(bool_or(client_addr is null), false) as socket, coalesce(bool_or(client_addr is not null), false) as tcp
         from pg_stat_activity where datname = 'erp' and backend_type = 'client backend'`,
    );
    return r.rows[0];
  } finally {
    await c.end();
  }
}

async function signIn(api: string): Promise<string> {
  const r = await call(api, '/user/login', { loginName: 'jsh', password: md5('123456') });
  expect(r.code).toBe(200);
  return r.data.token as string;
}

afterAll(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

describe.skipIf(ENGINE !== 'pglite' || process.platform !== 'linux')('npm start on the embedded PostgreSQL (the default engine)', () => {
  it('starts on an empty DATA_DIR, signs in, keeps its data over a restart and a crash, and stops leaving no postgres process', async () => {
    await buildServer();
    const first = await startServer();
    try {
      expect(first.out()).toContain(`database: embedded PostgreSQL in ${pgDir}`);
      // a real cluster in DATA_DIR, listening on loopback only
      expect(fs.existsSync(path.join(pgDir, 'PG_VERSION'))).toBe(true);
      expect(postmaster()[5]).toBe('127.0.0.1');
      // and on its own Unix socket in the cluster's directory, which the server connects through (issue 13)
      const port = postmaster()[3];
      expect(postmaster()[4]).toBe(pgDir);
      expect(fs.statSync(path.join(pgDir, `.s.PGSQL.${port}`)).isSocket()).toBe(true);
      expect(await serverConnections(Number(port))).toEqual({ socket: true, tcp: false });
      const token = await signIn(first.api);
      expect((await call(first.api, '/depot/add', { name: '重启前的仓库' }, token)).code).toBe(200);
      const pm = Number(postmaster()[0]);

      first.child.kill('SIGTERM');
      expect(await first.exited, first.out()).toBe(0);
      // the postmaster stopped with the server: no process left, no lock file
      expect(clusterProcesses()).toEqual([]);
      expect(() => process.kill(pm, 0)).toThrow();
      expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    } finally {
      first.child.kill('SIGKILL');
    }

    // the same DATA_DIR again: the data is there; then a crash (kill -9) takes the database down with it
    const second = await startServer();
    try {
      const token = await signIn(second.api);
      const depots = await call(second.api, '/depot/list?currentPage=1&pageSize=50', undefined, token);
      expect(JSON.stringify(depots.data)).toContain('重启前的仓库');
      second.child.kill('SIGKILL');
      await second.exited;
      await expect.poll(clusterProcesses, { timeout: 60_000, interval: 250 }).toEqual([]);
    } finally {
      second.child.kill('SIGKILL');
    }

    // after the crash: it starts again, signs in, and a stop still leaves nothing behind
    const third = await startServer();
    try {
      await signIn(third.api);
      third.child.kill('SIGTERM');
      expect(await third.exited, third.out()).toBe(0);
      expect(clusterProcesses()).toEqual([]);
    } finally {
      third.child.kill('SIGKILL');
    }
  }, 600_000);
});
