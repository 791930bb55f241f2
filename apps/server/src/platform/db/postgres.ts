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

/**
 * The transaction's first statement goes out with its `begin` (issue 13): the pool's clients pipeline (node-postgres'
 * `pipeline`, each extended-protocol statement with its own Sync), the socket is corked while `begin` and the tenant
 * preamble are written and uncorked once the first statement is queued behind them, so both leave in one write and
 * come back in one round trip. A statement's rows are handed over only once `begin` has succeeded; had it failed,
 * the statement ran in an aborted transaction and failed too, so nothing is written outside one.
 */
function wrap(c: pg.PoolClient, began: Promise<unknown>, cork: Cork, tenantScope: boolean, named: Namer | undefined, end: TxEnd): Tx {
  const uncork = cork.uncork;
  const note = tenantScope && sqlLog ? record : () => {};
  // written to the socket now (pipeline mode), answered later
  const send = (sql: string, params?: unknown[]) => {
    if (end.committed) throw new Error(`statement after the transaction's commit: ${sql.slice(0, 80)}`);
    note(sql);
    const s = named ? named(sql, params) : sql;
    return typeof s === 'string' ? c.query(s, params) : c.query(s);
  };
  const run = async (sql: string, params?: unknown[]) => {
    const sent = send(sql, params);
    uncork();
    const [, res] = await Promise.all([began, sent]);
    return res;
  };
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await run(sql, params)).rows as T[];
    },
    async one<T>(sql: string, params?: unknown[]) {
      return (await run(sql, params)).rows[0] as T | undefined;
    },
    async exec(sql: string) {
      await run(sql);
    },
    // the statement and its commit leave in one write; the statement's error is the one thrown (the commit of an
    // aborted transaction answers ROLLBACK)
    async oneAndCommit<T>(sql: string, params?: unknown[]) {
      cork.again();
      const sent = send(sql, params);
      end.committed = c.query('commit');
      end.committed.catch(() => undefined);
      uncork();
      const [, res] = await Promise.all([began, sent]);
      await committedOrThrow(end.committed);
      return res.rows[0] as T | undefined;
    },
  };
}

/** The corked socket of a transaction's connection: `begin` leaves with the first statement, a commit with the last. */
interface Cork {
  uncork(): void;
  again(): void;
}
/** Corks the connection's socket (until the transaction's first statement is queued behind `begin`). */
function corkOf(c: pg.PoolClient): Cork {
  const stream = (c as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  let corked = true;
  stream.cork();
  return {
    uncork: () => {
      if (!corked) return;
      corked = false;
      stream.uncork();
    },
    again: () => {
      if (corked) return;
      corked = true;
      stream.cork();
    },
  };
}
/** Set once the transaction's commit was sent with its last statement (oneAndCommit). */
interface TxEnd {
  committed?: Promise<pg.QueryResult>;
}
async function committedOrThrow(committed: Promise<pg.QueryResult>): Promise<void> {
  const r = await committed;
  if (r.command !== 'COMMIT') throw new Error(`the transaction was not committed (${r.command})`);
}

/**
 * `listenUrl`: LISTEN needs a session of its own, which PgBouncer's transaction pooling in `url` does not give.
 * `prepare`: named statements (default: on unless LISTEN goes elsewhere, the sign of a pooler in `url`).
 */
export async function openPostgres(url: string, listenUrl = url, prepare = listenUrl === url): Promise<Database> {
  // `pipeline` (node-postgres ≥ 8.21, not in its types yet): a query is written at once, not when the one before is answered
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 20), pipeline: true } as pg.PoolConfig);
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
    const cork = corkOf(c);
    const uncork = cork.uncork;
    const began = c.query(`begin; ${preamble}`);
    began.catch(() => undefined); // observed by the first statement, or by the commit below
    const end: TxEnd = {};
    try {
      const out = await fn(wrap(c, began, cork, preamble !== '', named, end));
      uncork();
      await began;
      if (end.committed) await committedOrThrow(end.committed);
      else await c.query('commit');
      return out;
    } catch (e) {
      uncork();
      try {
        // a commit already sent ends the transaction either way (ROLLBACK when a statement before it failed)
        if (end.committed) await end.committed.catch(() => undefined);
        else await c.query('rollback');
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
