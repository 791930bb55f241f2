/**
 * `npm run bench:dashboards` (issue 24 item 3): the home page, the boards and the workbenches opened together —
 * every call their figures and charts come from, at most 6 in flight as a browser sends them to one host — over a
 * company with BENCH_LEDGER_ROWS (10,000,000) stock-ledger rows and BENCH_JOURNAL_LINES (10,000,000) journal lines
 * of history, beside one with 1 % of that (cost flat in history), on a fresh PostgreSQL database through the
 * server bundle. The raw-SQL side replays, for each call, the very statements the route's handler sends
 * (recorded once), each call in its own tenant transaction, 6 connections at once, in the same run.
 * Goal: the whole dashboard (≥ 20 widgets) answers in ≤ 1 s (p95 of whole loads).
 * BENCH_SECONDS (10 per company and side), BENCH_ROUNDS (5), BENCH_WARMUP (2), BENCH_USERS (1: dashboards
 * loaded at once, each a closed loop), BENCH_MATERIALS (2000), BENCH_QUIET_WAIT (5). The 10,000,000-row load takes
 * over half an hour, which a shared machine can afford only apart from the measuring: BENCH_SEED_ONLY=1 loads,
 * keeps the database and stops; BENCH_REUSE=<database> measures on such a kept database without loading.
 */
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import type { RouteSpec } from '../apps/server/src/platform/http/route.ts';
import { inventoryRoutes } from '../apps/server/src/modules/inventory/index.ts';
import { systemRoutes } from '../apps/server/src/modules/system/index.ts';
import { financeRoutes } from '../apps/server/src/modules/finance/index.ts';
import { tenantPreamble } from '../apps/server/src/platform/db/database.ts';
import { waitQuiet } from './lib/cpu.ts';
import { backendPids } from './lib/db.ts';
import { keptLine, loadMode, startErp } from './lib/erp.ts';
import { DISTURBED_PCT } from './lib/report.ts';
import { seedReports } from './lib/seed-reports.ts';
import { seedJournal } from './lib/seed-journal.ts';
import type { Statement } from './lib/raw-sql.ts';
import { sideBySide, type Side } from './lib/side-by-side.ts';
import { captureRouteSql } from './lib/route-sql.ts';
import { cleanups, guardRun, call, envNumber, runBench } from './lib/exit-guard.ts';
// the server's request type augmentation, which those modules' types assume (type-only)
import type {} from '@fastify/multipart';

const ledgerRows = Math.round(envNumber('BENCH_LEDGER_ROWS', 10_000_000, 1000));
const journalLines = Math.round(envNumber('BENCH_JOURNAL_LINES', 10_000_000, 1000));
const materials = Math.round(envNumber('BENCH_MATERIALS', 2000, 10));
const seconds = envNumber('BENCH_SECONDS', 10, 1);
const rounds = Math.round(envNumber('BENCH_ROUNDS', 5, 1));
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const users = Math.round(envNumber('BENCH_USERS', 1, 1));
const quietWait = envNumber('BENCH_QUIET_WAIT', 5, 0);
const { seedOnly, reuse } = loadMode;
const GOAL_MS = 1000;
const BROWSER_WIDTH = 6;
const PASSWORD = 'bench1';
const DOCS_PER_DAY = 110;

guardRun(4 * quietWait + 4 * (seconds + warmupSeconds) + 7200);

const ROUTES = [...(inventoryRoutes as RouteSpec[]), ...systemRoutes, ...financeRoutes];
/** What the home page, the boards and the workbenches call when opened (all GET, no query). */
const CALLS = [
  '/depotHead/getBuyAndSaleStatistics',
  '/depotHead/getTrendStatistics',
  '/board/management/two',
  '/board/management/two/buy',
  '/board/warningData',
  '/board/operationsData',
  '/board/workbenchData',
  '/board/procurementData',
  '/board/purchaseWorkbenchData',
  '/finance/workbench',
];

/** At most `width` of the tasks at once, as a browser's connections to one host. */
async function inWaves(tasks: Array<() => Promise<void>>, width: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
}

function httpGet(url: string, token: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'x-access-token': token } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (body.includes('"code":200')) resolve();
          else reject(new Error(`${url}: ${body.slice(0, 200)}`));
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The figures, lists and charts one reply feeds: its data's top-level entries. */
const widgetsOf = (data: unknown) => (data && typeof data === 'object' ? Object.keys(data).length : 1);

type Company = { label: string; id: number; userId: number; token: string; ledger: number; lines: number };

async function main(): Promise<boolean> {
  const t0 = performance.now();
  const first = cleanups.length;
  const { dbName, databaseUrl, erp, api } = await startErp('erp_dash', cleanups, reuse);
  if (seedOnly && !reuse) cleanups.splice(first, 1);
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  cleanups.push(() => owner.end());
  const setup: string[] = [];
  const companies: Company[] = [];
  for (const [label, share] of [
    ['small', 0.01],
    ['large', 1],
  ] as const) {
    const login = `dash_${label}`;
    const docs = Math.max(100, Math.round((ledgerRows * share) / 10));
    const days = Math.max(30, Math.round(docs / DOCS_PER_DAY));
    let tenantId: number;
    if (reuse) {
      tenantId = Number((await owner.query('select tenant_id from sys_user where login_name = $1', [login])).rows[0].tenant_id);
      setup.push(`${label}: loaded earlier (BENCH_REUSE=${reuse})`);
    } else {
      tenantId = (await call<{ tenantId: number }>(api, '/user/registerUser', { loginName: login, password: PASSWORD, tenantName: `看板公司${label}` }))
        .tenantId;
      const lines = Math.max(1000, Math.round(journalLines * share));
      console.error(`bench: loading ${label}: ${docs * 10} ledger rows and ~${lines} journal lines over ${days} days …`);
      const t = await seedReports(owner, tenantId, { materials, docs, days });
      const j = await seedJournal(owner, tenantId, { lines, days });
      setup.push(
        `${label}: loaded over ${days} days; stock load ${(t.load / 1000).toFixed(0)} s, summaries ${(t.summaries / 1000).toFixed(0)} s, journal ${(j.ms / 1000).toFixed(0)} s`,
      );
    }
    const n = (
      await owner.query<{ ledger: string; lines: string; open: string }>(
        `select (select count(*) from stock_ledger where tenant_id = $1) as ledger, (select count(*) from fin_journal_line where tenant_id = $1) as lines,
                (select count(*) from fin_open_item where tenant_id = $1 and balance <> 0) as open`,
        [tenantId],
      )
    ).rows[0];
    setup.push(
      `${label}: ${Number(n.ledger).toLocaleString('en')} ledger rows, ${Number(n.lines).toLocaleString('en')} journal lines, ${Number(n.open).toLocaleString('en')} open items`,
    );
    console.error(`bench: ${setup.at(-1)}`);
    const md5 = (await import('node:crypto')).createHash('md5').update(PASSWORD).digest('hex');
    const token = (await call<{ token: string }>(api, '/user/login', { loginName: login, password: md5 })).token;
    const userId = Number((await owner.query('select id from sys_user where tenant_id = $1 order by id limit 1', [tenantId])).rows[0].id);
    companies.push({ label, id: tenantId, userId, token, ledger: Number(n.ledger), lines: Number(n.lines) });
  }
  const t1 = performance.now();
  if (!reuse) {
    await owner.query('vacuum analyze');
    setup.push(`vacuum analyze ${((performance.now() - t1) / 1000).toFixed(0)} s; setup ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  if (seedOnly) {
    for (const s of setup) console.log(`- ${s}`);
    console.log(keptLine(dbName, 'bench:dashboards'));
    return true;
  }

  const lines: string[] = [];
  const perCall: string[] = [];
  const p95s = new Map<string, number>();
  let valid = true;
  let met = true;
  const f = (n: number, d = 1) => (Number.isNaN(n) ? 'n/a' : n.toFixed(d));
  for (const c of companies) {
    let widgets = 0;
    const stmts = new Map<string, Statement[]>();
    for (const path of CALLS) {
      widgets += widgetsOf(await call<unknown>(api, path, undefined, c.token));
      stmts.set(path, await captureRouteSql(databaseUrl, { tenantId: c.id, userId: c.userId }, path, {}, ROUTES));
    }
    const statements = [...stmts.values()].reduce((n, s) => n + s.length, 0);
    const busy = await waitQuiet(quietWait);
    console.error(`bench: ${c.label}: ${CALLS.length} calls, ${widgets} widgets, ${statements} statements; machine ${busy.toFixed(0)} % busy before`);
    const httpSide: Side = {
      name: 'HTTP',
      async make() {
        const agent = new http.Agent({ keepAlive: true, maxSockets: BROWSER_WIDTH });
        return {
          once: () =>
            inWaves(
              CALLS.map((p) => () => httpGet(`${api}${p}`, c.token, agent)),
              BROWSER_WIDTH,
            ),
          close: async () => agent.destroy(),
        };
      },
    };
    const rawSide: Side = {
      name: 'raw SQL',
      async make() {
        const conns = await Promise.all(
          Array.from({ length: BROWSER_WIDTH }, async () => {
            const cl = new pg.Client({ connectionString: databaseUrl });
            await cl.connect();
            return cl;
          }),
        );
        const free = [...conns];
        const run = async (list: Statement[]) => {
          const cl = free.pop()!;
          try {
            await cl.query(`begin; ${tenantPreamble(c.id)}`);
            for (const [sql, params] of list) await cl.query(sql, params);
            await cl.query('commit');
          } finally {
            free.push(cl);
          }
        };
        return {
          once: () =>
            inWaves(
              [...stmts.values()].map((list) => () => run(list)),
              BROWSER_WIDTH,
            ),
          close: async () => void (await Promise.all(conns.map((cl) => cl.end()))),
        };
      },
    };
    const [h, raw] = await sideBySide([httpSide, rawSide], {
      connections: users,
      seconds,
      warmupSeconds,
      rounds,
      ourPids: async () => [erp.pid!, ...(await backendPids(dbName))],
    });
    p95s.set(c.label, h.p95);
    // which calls the load waits for: each alone, the median of three
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (const path of CALLS) {
      const ms: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await httpGet(`${api}${path}`, c.token, agent);
        ms.push(performance.now() - t);
      }
      perCall.push(`| ${c.label} | ${path} | ${f(ms.sort((a, b) => a - b)[1])} |`);
    }
    agent.destroy();
    const growth = c.label === 'large' ? h.p95 / p95s.get('small')! : 1;
    const ok = h.p95 <= GOAL_MS && widgets >= 20;
    met &&= ok;
    valid &&= h.errors + raw.errors === 0 && h.requests > 0 && raw.requests > 0;
    if (h.firstError ?? raw.firstError) console.error(`bench: ${h.firstError ?? raw.firstError}`);
    const other = Math.max(h.otherCpuPct, raw.otherCpuPct);
    lines.push(
      `| ${c.label} (${c.ledger.toLocaleString('en')} ledger rows, ${c.lines.toLocaleString('en')} journal lines) | ${CALLS.length} / ${widgets} | ` +
        `${h.requests} | ${f(h.p50)} | ${f(h.p95)} | ${f(raw.p50)} | ${f(raw.p95)} | ${f(h.p95 / raw.p95, 2)} | ${c.label === 'large' ? `${f(growth, 2)}×` : ''} | ` +
        `≤ ${GOAL_MS} ms: ${ok ? 'met' : 'NOT met'}${other > DISTURBED_PCT ? ` (disturbed ${f(other, 0)} %)` : ''} |`,
    );
    console.error(lines.at(-1));
  }
  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · ${users} user(s) · ${seconds} s per company and side ` +
      `in ${rounds} slices · load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} · setup ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
  for (const s of setup) console.log(`- ${s}`);
  console.log('\n| company | calls / widgets | loads | HTTP p50 ms | HTTP p95 ms | raw p50 ms | raw p95 ms | HTTP / raw p95 | p95 large/small | goal |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const l of lines) console.log(l);
  console.log('\n| company | call alone | median ms |\n|---|---|--:|');
  for (const l of perCall) console.log(l);
  console.log(`\ndashboard ≤ ${GOAL_MS} ms: ${met ? 'met' : 'NOT met'}; ${valid ? 'run valid: no errors' : 'INVALID RUN: some requests failed'}`);
  return valid;
}

await runBench(main);
