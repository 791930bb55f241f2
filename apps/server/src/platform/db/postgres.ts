import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { type Database, type Tx, tenantPreamble } from './database.ts';

// bigint ids fit in a JS number; numeric stays a string for decimal.js.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * ERP_SQL_LOG=<file>: every distinct statement run in a tenant transaction is appended to the file,
 * for scripts/check-tenant-filters.ts (every tenant-table statement names its tenant: Citus routes by it).
 */
const sqlLog = process.env.ERP_SQL_LOG;
const logged = new Set<string>();
function record(sql: string): void {
  if (!sqlLog || logged.has(sql)) return;
  logged.add(sql);
  fs.appendFileSync(sqlLog, `${JSON.stringify(sql)}\n`);
}

/**
 * Named (server-side prepared) statements, as JDBC drivers use them: a parameterised statement seen a second time
 * gets a name, so each connection parses and rewrites it once and PostgreSQL may keep its plan (bench:posting 248 →
 * 336 docs/s when first tried; docs/decisions.md). Texts built per call (a row count in a multi-row insert) would
 * each be prepared once and kept by every connection, so at most PREPARED_TEXTS texts are named, the rest run
 * unnamed. Off behind a transaction-pooling PgBouncer older than 1.21, where a name prepared on one server
 * connection is unknown on the next.
 */
const PREPARED_TEXTS = 800;
type Namer = (sql: string, params: unknown[] | undefined) => string | pg.QueryConfig;
function namer(): Namer {
  const names = new Map<string, string>();
  let once = new Set<string>(); // seen one time; forgotten in bulk when large, so a hot text is never shut out
  return (sql, params) => {
    if (!params?.length) return sql;
    const name = names.get(sql);
    if (name) return { name, text: sql, values: params };
    if (!once.has(sql)) {
      if (once.size >= PREPARED_TEXTS * 4) once = new Set();
      once.add(sql);
    } else if (names.size < PREPARED_TEXTS) {
      once.delete(sql);
      names.set(sql, `erp_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 20)}`);
    }
    return sql;
  };
}

function wrap(c: pg.PoolClient, tenantScope: boolean, named: Namer | undefined): Tx {
  const note = tenantScope && sqlLog ? record : () => {};
  const run = (sql: string, params?: unknown[]) => {
    note(sql);
    const s = named ? named(sql, params) : sql;
    return typeof s === 'string' ? c.query(s, params) : c.query(s);
  };
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await run(sql, params)).rows as T[];
    },
    async one<T>(sql: string, params?: unknown[]) {
      return (await run(sql, params)).rows[0] as T | undefined;
    },
    async exec(sql: string) {
      note(sql);
      await c.query(sql);
    },
  };
}

/**
 * `listenUrl`: LISTEN needs a session of its own, which PgBouncer's transaction pooling in `url` does not give.
 * `prepare`: named statements (default: on unless LISTEN goes elsewhere, the sign of a pooler in `url`).
 */
export async function openPostgres(url: string, listenUrl = url, prepare = listenUrl === url): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 20) });
  const named = prepare ? namer() : undefined;
  // an idle connection the server ends (a restart, a stop while closing) is dropped by the pool; unheard, its
  // 'error' would end the process (node-postgres: "you must handle errors on the pool")
  pool.on('error', (e) => console.error(`database connection lost while idle: ${e.message}`));
  await pool.query('select 1');

  // no automatic retry: a handler is not safe to replay (it may have sent a push or read a file);
  // locks are taken in a fixed order, and the rare serialization failure is answered as "try again"
  async function run<T>(preamble: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const c = await pool.connect();
    let broken: Error | undefined;
    try {
      await c.query(`begin; ${preamble}`);
      const out = await fn(wrap(c, preamble !== '', named));
      await c.query('commit');
      return out;
    } catch (e) {
      try {
        await c.query('rollback');
      } catch (re) {
        broken = re as Error;
      }
      throw e;
    } finally {
      c.release(broken);
    }
  }

  const listeners: pg.Client[] = [];
  return {
    engine: 'postgres',
    system: (fn) => run('', fn),
    tenant: (tenantId, fn) => run(tenantPreamble(tenantId), fn),
    async listen(channel, onPayload) {
      // a dedicated connection per channel; if it drops, reconnect so fan-out resumes
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: listenUrl });
        c.on('notification', (n) => n.channel === channel && onPayload(n.payload ?? ''));
        c.on('error', () => {
          listeners.splice(listeners.indexOf(c), 1);
          if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
        });
        await c.connect();
        await c.query(`listen "${channel.replace(/"/g, '')}"`);
        client = c;
        listeners.push(c);
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end();
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
