import pg from 'pg';

/** The maintenance database on the local server; BENCH_PG_ADMIN_URL overrides it. */
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
