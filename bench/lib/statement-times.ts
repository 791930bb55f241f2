/**
 * Where a posted sale's database time goes, statement by statement (issue 13): `node --import tsx bench/lib/statement-times.ts`.
 * Starts the server on a fresh database as bench:posting does, posts STMT_DOCS (300) 10-line sale outbounds one after
 * the other through the API and as many by the raw-SQL baseline, with `log_min_duration_statement = 0` and
 * `log_statement_stats = on` set on that database only (the server's connections are ended so they take them), then
 * reads PostgreSQL's own log (STMT_PG_LOG, Debian's default path) and prints, per statement text, the mean parse / bind /
 * execute wall milliseconds and the backend's user + system CPU for it; then the CPU of the server and of the database's
 * backends over each window from /proc (what the statements do not account for is protocol, idle and logging work).
 * pg_stat_statements would say the same per statement but needs `shared_preload_libraries` and a restart of a shared
 * server. Needs read access to the log (root or the adm group).
 */
import fs from 'node:fs';
import pg from 'pg';
import { apiClient } from './closed-loop.ts';
import { cpuWindow } from './cpu.ts';
import { backendPids } from './db.ts';
import { saleWorld } from './sale-world.ts';
import { startErp } from './erp.ts';
import { finAccounts, rawSale } from './raw-sale.ts';
import { cleanups, guardRun, envNumber, runBench } from './exit-guard.ts';
import { setTimeout as sleep } from 'node:timers/promises';

const docs = Math.round(envNumber('STMT_DOCS', 300, 10));
const pgLog = process.env.STMT_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const OPER_TIME = '2026-11-21 10:00:00';
const PRICE = 3;
const LINES = 10;
const explain = process.env.STMT_EXPLAIN === '1';
const EXPLAIN_SETTINGS = [
  ['session_preload_libraries', `'auto_explain'`],
  ['auto_explain.log_min_duration', '0'],
  ['auto_explain.log_analyze', 'on'],
  ['auto_explain.log_nested_statements', 'on'],
] as const;
guardRun(1800);

type Phase = 'parse' | 'bind' | 'execute' | 'statement';
type Per = Map<string, { n: Record<Phase, number>; ms: Record<Phase, number>; cpu: number }>;
const zero = () => ({ parse: 0, bind: 0, execute: 0, statement: 0 });
/**
 * Sums the log entries of database `db` written after byte `from`: each `duration:` entry (wall ms, per phase and
 * statement text) and the `STATISTICS` entry log_statement_stats writes right after it on the same backend (user +
 * system CPU of that message).
 */
function readLog(db: string, from: number): Per {
  const text = fs.readFileSync(pgLog, 'utf8').slice(from);
  const per: Per = new Map();
  const names = new Map<string, string>();
  const pending = new Map<string, number>(); // backend pid -> CPU ms of its last STATISTICS entry, until its STATEMENT line
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \w+ \[)/);
  const keyOf = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 110);
  const row = (key: string) => {
    const r = per.get(key) ?? { n: zero(), ms: zero(), cpu: 0 };
    per.set(key, r);
    return r;
  };
  for (const e of entries) {
    const head = /^\S+ \S+ \S+ \[(\d+)\] \S*@(\S+) (LOG|DETAIL|STATEMENT): {2}([\s\S]*)$/.exec(e);
    if (!head || head[2] !== db) continue;
    const [, pid, , kind, body] = head;
    if (kind === 'STATEMENT') {
      const cpu = pending.get(pid);
      if (cpu !== undefined) row(keyOf(body)).cpu += cpu;
      pending.delete(pid);
      continue;
    }
    const st = /^! system usage stats:\s+!\s+([\d.]+) s user, ([\d.]+) s system/.exec(body);
    if (kind === 'DETAIL' && st) {
      pending.set(pid, (Number(st[1]) + Number(st[2])) * 1000);
      continue;
    }
    const d = kind === 'LOG' && /^duration: ([\d.]+) ms {2}(parse|bind|execute|statement) ?([^:]*): ([\s\S]*)$/.exec(body);
    if (!d) continue;
    const phase = d[2] as Phase;
    const name = d[3].trim();
    let sql = d[4];
    if (name && name !== '<unnamed>') {
      if (names.has(name)) sql = names.get(name)!;
      else names.set(name, sql);
    }
    const r = row(keyOf(sql));
    r.n[phase]++;
    r.ms[phase] += Number(d[1]);
  }
  return per;
}

function print(title: string, per: Per, n: number) {
  console.log(`\n${title} (mean ms per document over ${n})`);
  console.log('| statement | calls/doc | parse | bind | execute | simple | wall total | CPU (user + system) |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
  let sum = 0;
  let cpu = 0;
  const rows = [...per].map(([k, e]) => {
    const t = (e.ms.parse + e.ms.bind + e.ms.execute + e.ms.statement) / n;
    sum += t;
    cpu += e.cpu / n;
    return { k, e, t };
  });
  for (const { k, e, t } of rows.sort((a, b) => b.e.cpu - a.e.cpu)) {
    const f = (p: Phase) => (e.ms[p] / n).toFixed(3);
    const calls = (Math.max(e.n.execute, e.n.statement) / n).toFixed(2);
    console.log(
      `| \`${k.replace(/\|/g, '\\|')}\` | ${calls} | ${f('parse')} | ${f('bind')} | ${f('execute')} | ${f('statement')} | ${t.toFixed(3)} | ${(e.cpu / n).toFixed(3)} |`,
    );
  }
  console.log(`| **all** | | | | | | **${sum.toFixed(3)}** | **${cpu.toFixed(3)}** |`);
}

async function main(): Promise<boolean> {
  const { dbName, databaseUrl, erp, api } = await startErp('erp_bench_stmt', cleanups);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  cleanups.push(() => admin.end());
  const c = apiClient(api);
  await c.signIn();
  const sqlSetup = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const w = await saleWorld(c, sqlSetup, { materials: 200, operTime: OPER_TIME });
  await sqlSetup.end();
  const outbound = (k: number) => ({
    info: { type: '出库', subType: '销售', operTime: OPER_TIME, organId: w.customer, accountId: w.account, changeAmount: String(PRICE * LINES) },
    rows: Array.from({ length: LINES }, (_, j) => w.mats[1 + ((k * LINES + j) % (w.mats.length - 1))]).map((m) => ({
      barCode: m.barCode,
      operNumber: 1,
      unitPrice: PRICE,
      depotId: w.depotA,
    })),
  });
  const post = async (k: number) => {
    const r = await c.call('POST', '/depotHead/addDepotHeadAndDetail', outbound(k));
    if (r.code !== 200) throw new Error(JSON.stringify(r).slice(0, 300));
  };
  for (let k = 0; k < 50; k++) await post(k); // warm: plans, the session cache, first uses
  await admin.query('analyze');
  await admin.query(`alter database ${dbName} set log_min_duration_statement = 0`);
  await admin.query(`alter database ${dbName} set log_statement_stats = on`);
  // STMT_EXPLAIN=1: also each statement's plan with actual rows and times (auto_explain, triggers' statements too)
  for (const [k, v] of explain ? EXPLAIN_SETTINGS : []) await admin.query(`alter database ${dbName} set ${k} = ${v}`);
  // the settings reach new connections only: end the server's (its pool drops them and connects again)
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
  await sleep(2000);
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  cleanups.push(() => sql.end());
  for (let k = 50; k < 60; k++) await post(k); // new connections' first plans, not counted
  let from = fs.statSync(pgLog).size;
  let end = cpuWindow();
  for (let k = 60; k < 60 + docs; k++) await post(k);
  const apiCpu = await cpuOf(end);
  await sleep(500);
  const api1 = readLog(dbName, from);
  async function cpuOf(stop: ReturnType<typeof cpuWindow>) {
    const backends = await backendPids(dbName);
    return { node: stop([erp.pid ?? 0]).ours, db: stop(backends).ours };
  }
  const userId = Number(
    (await admin.query('select creator from depot_head where tenant_id = $1 and creator is not null limit 1', [w.tenantId])).rows[0].creator,
  );
  const setup = { tenantId: w.tenantId, userId, customer: w.customer, account: w.account, depot: w.depotA, operTime: OPER_TIME, price: PRICE, extOf: w.extOf };
  const raw = rawSale(sql, setup, await finAccounts(sql, setup));
  const ids = (k: number) => Array.from({ length: LINES }, (_, j) => w.mats[1 + ((k * LINES + j) % (w.mats.length - 1))].id);
  for (let k = 0; k < 10; k++) await raw(ids(k));
  from = fs.statSync(pgLog).size;
  end = cpuWindow();
  for (let k = 10; k < 10 + docs; k++) await raw(ids(k));
  const rawCpu = await cpuOf(end);
  await sleep(500);
  const raw1 = readLog(dbName, from);
  await admin.query(`alter database ${dbName} reset log_min_duration_statement`);
  await admin.query(`alter database ${dbName} reset log_statement_stats`);
  for (const [k] of explain ? EXPLAIN_SETTINGS : []) await admin.query(`alter database ${dbName} reset ${k}`);
  print('API (server, named statements, row-level security)', api1, docs);
  print('raw SQL baseline (superuser, unnamed statements)', raw1, docs);
  const ms = (t: number) => ((t * 10) / docs).toFixed(2);
  console.log(`\nCPU per document from /proc (ticks of 10 ms): API server ${ms(apiCpu.node)} ms, its database backends ${ms(apiCpu.db)} ms;`);
  console.log(`raw SQL: the bench's database backends ${ms(rawCpu.db)} ms (the server meanwhile ${ms(rawCpu.node)} ms)`);
  return true;
}

runBench(main);
