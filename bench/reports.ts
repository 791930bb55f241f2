/**
 * `npm run bench:reports`: the home figures and the stock reports (issue 12) over two companies of
 * the same trade (110 documents of 10 lines a day) on a fresh PostgreSQL database: one with
 * BENCH_SMALL_ROWS (100,000) ledger rows of history and one with BENCH_LEDGER_ROWS (10,000,000), so
 * the second has 100× the history. Each case over HTTP through the server bundle (as `npm start`
 * runs it), beside the very SQL the server issues for it replayed raw through pg in the same run.
 * Goals: home ≤ 100 ms p95, inventory age / in-out summary / in-out detail pages ≤ 200 ms, safety
 * stock ≤ 100 ms, and each within 2× of the small company's figure (cost flat in history).
 * BENCH_SECONDS (5 per case and side), BENCH_ROUNDS (5), BENCH_WARMUP (1), BENCH_CONNECTIONS (8),
 * BENCH_MATERIALS (2000), BENCH_QUIET_WAIT (5), BENCH_ONLY=text runs only the cases whose name holds it,
 * BENCH_KEEP=1 keeps the database. The 10,000,000-row load takes over half an hour, which a shared machine can afford only apart from the measuring: BENCH_SEED_ONLY=1 loads,
 * keeps the database and stops; BENCH_REUSE=<database> measures on such a kept database without loading.
 */
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { waitQuiet } from './lib/cpu.ts';
import { backendPids } from './lib/db.ts';
import { keptLine, loadMode, startErp } from './lib/erp.ts';
import { DISTURBED_PCT } from './lib/report.ts';
import { seedReports } from './lib/seed-reports.ts';
import { rawSide, type Statement } from './lib/raw-sql.ts';
import { sideBySide, type Side } from './lib/side-by-side.ts';
import { captureRouteSql } from './lib/route-sql.ts';
import { cleanups, guardRun, call, envNumber, runBench } from './lib/exit-guard.ts';

const bigRows = Math.round(envNumber('BENCH_LEDGER_ROWS', 10_000_000, 1000));
const smallRows = Math.round(envNumber('BENCH_SMALL_ROWS', 100_000, 1000));
const materials = Math.round(envNumber('BENCH_MATERIALS', 2000, 10));
const seconds = envNumber('BENCH_SECONDS', 5, 1);
const rounds = Math.round(envNumber('BENCH_ROUNDS', 5, 1));
const warmupSeconds = envNumber('BENCH_WARMUP', 1, 0);
const connections = Math.round(envNumber('BENCH_CONNECTIONS', 8, 1));
const quietWait = envNumber('BENCH_QUIET_WAIT', 5, 0);
const only = process.env.BENCH_ONLY;
const { seedOnly, reuse } = loadMode;
const keep = process.env.BENCH_KEEP === '1' || seedOnly;
const DOCS_PER_DAY = 110;
const LINES = 10;
const PASSWORD = 'bench1';

// a hard bound on the whole run, so nothing hangs for ever; cleanups undone on every exit path
guardRun(12 * quietWait + 12 * (2 * seconds + 2 * warmupSeconds + 5) + 7200);

function httpGet(url: string, token: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'x-access-token': token } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayAgo = (n: number) => {
  const d = new Date(Date.now() - n * 864e5);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const CASES: Array<{ name: string; path: string; query: Record<string, string>; goal: number }> = [
  { name: 'home figures', path: '/depotHead/getBuyAndSaleStatistics', query: {}, goal: 100 },
  { name: 'home trends', path: '/depotHead/getTrendStatistics', query: {}, goal: 100 },
  { name: 'inventory age (90 days), page 1', path: '/report/inventoryAge', query: { days: '90', currentPage: '1', pageSize: '100' }, goal: 200 },
  {
    name: 'in/out summary (last 30 days), page 1',
    path: '/report/inOutSummary',
    query: { beginTime: dayAgo(30), endTime: dayAgo(0), currentPage: '1', pageSize: '100' },
    goal: 200,
  },
  {
    name: 'in/out detail (last 30 days), page 1',
    path: '/report/inOutDetail',
    query: { beginTime: dayAgo(30), endTime: dayAgo(0), currentPage: '1', pageSize: '100' },
    goal: 200,
  },
  {
    name: 'in/out detail (last 30 days), page 20',
    path: '/report/inOutDetail',
    query: { beginTime: dayAgo(30), endTime: dayAgo(0), currentPage: '20', pageSize: '100' },
    goal: 200,
  },
  { name: 'safety stock, page 1', path: '/material/safetyStockList', query: { currentPage: '1', pageSize: '100' }, goal: 100 },
];

type Company = { label: string; id: number; userId: number; token: string; rows: number; docs: number; days: number };

async function main(): Promise<boolean> {
  const t0 = performance.now();
  const first = cleanups.length;
  const { dbName, databaseUrl, erp, api } = await startErp('erp_reports', cleanups, reuse);
  if (keep && !reuse) cleanups.splice(first, 1);
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  cleanups.push(() => owner.end());
  const companies: Company[] = [];
  const setup: string[] = [];
  for (const [label, rows] of [
    ['small', smallRows],
    ['large', bigRows],
  ] as const) {
    const login = `reports_${label}`;
    let tenantId: number;
    let docs = Math.round(rows / LINES);
    if (reuse) {
      tenantId = Number((await owner.query('select tenant_id from sys_user where login_name = $1', [login])).rows[0].tenant_id);
      docs = Number((await owner.query(`select count(*) n from depot_head where tenant_id = $1`, [tenantId])).rows[0].n);
      setup.push(`${label}: ${docs} documents loaded earlier (BENCH_REUSE=${reuse})`);
    } else {
      tenantId = (await call<{ tenantId: number }>(api, '/user/registerUser', { loginName: login, password: PASSWORD, tenantName: `报表公司${label}` }))
        .tenantId;
      const days = Math.max(1, Math.round(docs / DOCS_PER_DAY));
      console.error(`bench: loading ${label}: ${docs} documents, ${docs * LINES} ledger rows over ${days} days …`);
      const t = await seedReports(owner, tenantId, { materials, docs, days });
      setup.push(
        `${label}: ${docs} documents, ${docs * LINES} ledger rows over ${days} days, load ${(t.load / 1000).toFixed(0)} s, summary rebuild ${(t.summaries / 1000).toFixed(1)} s`,
      );
    }
    console.error(`bench: ${setup.at(-1)}`);
    const token = (
      await call<{ token: string }>(api, '/user/login', {
        loginName: login,
        password: (await import('node:crypto')).createHash('md5').update(PASSWORD).digest('hex'),
      })
    ).token;
    const userId = Number((await owner.query('select id from sys_user where tenant_id = $1 order by id limit 1', [tenantId])).rows[0].id);
    companies.push({ label, id: tenantId, userId, token, rows: docs * LINES, docs, days: Math.max(1, Math.round(docs / DOCS_PER_DAY)) });
  }
  const t1 = performance.now();
  if (!reuse) await owner.query('vacuum analyze');
  const sizes = (
    await owner.query<{ mb: string; s: string; l: string }>(
      `select pg_database_size(current_database()) / 1048576 mb, (select count(*) from stock_day_summary) s, (select count(*) from stock_ledger) l`,
    )
  ).rows[0];
  setup.push(
    `vacuum analyze ${((performance.now() - t1) / 1000).toFixed(0)} s; ${sizes.l} ledger rows, ${sizes.s} stock summary rows, database ${sizes.mb} MB`,
  );
  if (seedOnly) {
    for (const s of setup) console.log(`- ${s}`);
    console.log(keptLine(dbName, 'bench:reports'));
    return true;
  }

  const results = new Map<string, { p95: number }>();
  const lines: string[] = [];
  let valid = true;
  let allMet = true;
  const f = (n: number, d = 1) => (Number.isNaN(n) ? 'n/a' : n.toFixed(d));
  for (const c of companies)
    for (const k of CASES.filter((c) => !only || c.name.includes(only))) {
      const qs = new URLSearchParams(k.query).toString();
      const url = `${api}${k.path}${qs ? `?${qs}` : ''}`;
      const reply = await call<{ rows?: unknown[]; total?: number }>(api, url.slice(api.length), undefined, c.token);
      const stmts: Statement[] = await captureRouteSql(databaseUrl, { tenantId: c.id, userId: c.userId }, k.path, k.query);
      const busy = await waitQuiet(quietWait);
      console.error(`bench: ${c.label}: ${k.name}: ${reply.rows?.length ?? '-'} rows of ${reply.total ?? '-'}; machine ${busy.toFixed(0)} % busy before`);
      const httpSide: Side = {
        name: 'HTTP',
        async make() {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          return {
            async once() {
              const body = await httpGet(url, c.token, agent);
              if (!body.includes('"code":200')) throw new Error(body.slice(0, 200));
            },
            close: async () => agent.destroy(),
          };
        },
      };
      const [h, raw] = await sideBySide([httpSide, rawSide(databaseUrl, c.id, stmts)], {
        connections,
        seconds,
        warmupSeconds,
        rounds,
        ourPids: async () => [erp.pid!, ...(await backendPids(dbName))],
      });
      results.set(`${c.label}:${k.name}`, { p95: h.p95 });
      const small = results.get(`small:${k.name}`)!;
      const growth = c.label === 'large' ? h.p95 / small.p95 : 1;
      const met = h.p95 <= k.goal && growth <= 2;
      allMet &&= met;
      valid &&= h.errors + raw.errors === 0 && h.requests > 0 && raw.requests > 0;
      if (h.firstError ?? raw.firstError) console.error(`bench: ${k.name}: ${h.firstError ?? raw.firstError}`);
      const other = Math.max(h.otherCpuPct, raw.otherCpuPct);
      const disturbed = other > DISTURBED_PCT ? ` (disturbed ${f(other, 0)} %)` : '';
      lines.push(
        `| ${c.label} (${c.rows.toLocaleString('en')} rows) | ${k.name} | ${reply.rows?.length ?? '-'} / ${reply.total ?? '-'} | ${f(h.rps, 0)} | ${f(h.p50)} | ${f(h.p95)} | ` +
          `${f(raw.rps, 0)} | ${f(raw.p50)} | ${f(raw.p95)} | ${c.label === 'large' ? `${f(growth, 2)}×` : ''} | ≤ ${k.goal} ms${c.label === 'large' ? ', ≤ 2×' : ''}: ${met ? 'met' : 'NOT met'}${disturbed} |`,
      );
      console.error(lines.at(-1));
    }
  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · ${connections} connections · ` +
      `${seconds} s per case and side in ${rounds} alternating slices · setup ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
  for (const s of setup) console.log(`- ${s}`);
  console.log('\n| company | case | rows / total | HTTP req/s | HTTP p50 ms | HTTP p95 ms | raw req/s | raw p50 ms | raw p95 ms | p95 large/small | goal |');
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const l of lines) console.log(l);
  console.log(
    `\nall goals ${allMet ? 'met' : 'NOT met'}; ${valid ? 'run valid: no errors, every HTTP reply with code 200' : 'INVALID RUN: some requests failed'}`,
  );
  if (keep) console.log(`kept database ${dbName} (drop it with: dropdb -h 127.0.0.1 -U postgres ${dbName})`);
  return valid;
}

await runBench(main);
