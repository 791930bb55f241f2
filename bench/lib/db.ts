import fs from 'node:fs';
import pg from 'pg';

/**
 * The maintenance database on the local server; BENCH_PG_ADMIN_URL overrides it. Over Debian's Unix socket when the
 * server has one, as a server on the same host as its database would be deployed (docs/decisions.md, 2026-11-27): the ERP server and
 * the raw-SQL baselines both connect this way. Loopback TCP charged ~30 % of the ERP server's CPU to socket writes
 * under bench:posting (bench/RESULTS.md, 2026-11-27); `BENCH_PG_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres`
 * measures over TCP as the runs before that date did.
 */
const SOCKET_DIR = '/var/run/postgresql';
const ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ??
  (fs.existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`) ? `postgres://postgres@localhost/postgres?host=${SOCKET_DIR}` : 'postgres://postgres@127.0.0.1:5432/postgres');

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Creates an empty database for this run and returns its URL. */
export async function createDatabase(name: string): Promise<string> {
  await admin((c) => c.query(`create database ${checkedName(name)}`));
  return databaseUrlOf(name);
}

function checkedName(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  return name;
}

/** The address of an existing database on the benchmarks' server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${checkedName(name)}`;
  return url.toString();
}

/** `with (force)` ends any connection the server left behind, so the drop cannot hang. */
export async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
}

/** Server processes serving connections to this database: their CPU counts as the benchmark's. */
export async function backendPids(name: string): Promise<number[]> {
  const r = await admin((c) => c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]));
  return r.rows.map((x) => x.pid);
}
