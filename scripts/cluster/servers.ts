/**
 * The real servers of the cluster test, each on a loopback port in a temp folder: PgBouncer in
 * transaction pooling mode in front of the PostgreSQL server at 127.0.0.1:5432, ERP instances that
 * reach the database through it (LISTEN on a direct connection), and HAProxy balancing HTTP and
 * WebSocket traffic over them with /ready health checks.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../bench/lib/procs.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' };

export const directUrl = (db: string) => `postgres://${PG.user}@${PG.host}:${PG.port}/${db}`;

/** Everything started is stopped, in reverse order, by cleanup(). */
export class Cluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-cluster-'));
  private readonly undo: Array<() => Promise<unknown> | unknown> = [];
  readonly logs: Record<string, string> = {};

  async cleanup(): Promise<void> {
    for (let fn = this.undo.pop(); fn; fn = this.undo.pop()) await Promise.resolve(fn()).catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private track(name: string, child: ChildProcess): ChildProcess {
    this.logs[name] = '';
    const keep = (b: Buffer) => (this.logs[name] = (this.logs[name] + b.toString()).slice(-20000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.undo.push(() => stopChild(child));
    return child;
  }

  database(name: string): string {
    const psql = (sql: string) => spawnSync('psql', ['-h', PG.host, '-U', PG.user, '-d', 'postgres', '-qc', sql], { encoding: 'utf8' });
    const r = psql(`create database ${name}`);
    if (r.status !== 0) throw new Error(`create database: ${r.stderr}`);
    this.undo.push(() => psql(`drop database if exists ${name} with (force)`));
    return name;
  }

  /** PgBouncer refuses to run as root: it runs as the postgres system user then. */
  async pgbouncer(db: string): Promise<string> {
    const port = await freePort();
    const ini = path.join(this.dir, 'pgbouncer.ini');
    fs.writeFileSync(path.join(this.dir, 'users.txt'), `"${PG.user}" ""\n`);
    fs.writeFileSync(
      ini,
      [
        '[databases]',
        `${db} = host=${PG.host} port=${PG.port} dbname=${db} user=${PG.user}`,
        '[pgbouncer]',
        `listen_addr = 127.0.0.1`,
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(this.dir, 'users.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 500',
        'default_pool_size = 20',
        'ignore_startup_parameters = extra_float_digits,options',
        `logfile = ${path.join(this.dir, 'pgbouncer.log')}`,
        '',
      ].join('\n'),
    );
    fs.chmodSync(this.dir, 0o777);
    const asRoot = process.getuid?.() === 0;
    const child = asRoot ? spawn('runuser', ['-u', 'postgres', '--', 'pgbouncer', ini]) : spawn('pgbouncer', [ini]);
    this.track('pgbouncer', child);
    await waitPort(port, child, 20_000);
    return `postgres://${PG.user}@127.0.0.1:${port}/${db}`;
  }

  /** One ERP instance, as `npm start` runs it but from source (tsx), with its own data folder. */
  async erp(name: string, env: Record<string, string>): Promise<{ port: number; url: string; child: ChildProcess }> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(this.dir, `${name}-`));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    });
    this.track(name, child);
    const url = `http://127.0.0.1:${port}`;
    await waitHttp(`${url}/ready`, child, 180_000);
    return { port, url, child };
  }

  /** HAProxy over the instances: round robin, /ready checks every 500 ms, WebSocket upgrades pass. */
  async haproxy(backends: number[]): Promise<string> {
    const port = await freePort();
    const cfg = path.join(this.dir, 'haproxy.cfg');
    fs.writeFileSync(
      cfg,
      [
        'global',
        '  maxconn 2000',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 60s',
        '  timeout server 60s',
        '  timeout tunnel 1h',
        '  option redispatch',
        '  retries 3',
        'frontend erp',
        `  bind 127.0.0.1:${port}`,
        '  default_backend app',
        'backend app',
        '  balance roundrobin',
        '  option httpchk GET /ready',
        '  http-check expect status 200',
        ...backends.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check inter 500ms fall 2 rise 2`),
        '',
      ].join('\n'),
    );
    const child = spawn('haproxy', ['-f', cfg, '-db']);
    this.track('haproxy', child);
    await waitPort(port, child, 20_000);
    return `http://127.0.0.1:${port}`;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([gone, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function waitPort(port: number, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before listening on ${port}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`nothing listens on ${port} after ${ms} ms`);
}

async function waitHttp(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before ${url} answered`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}
