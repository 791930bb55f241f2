/**
 * `npm run bench:workflow` (issue 15): my to-do count and a page of my to-do list with ~1,000,000 open
 * approval tasks across 100 companies, on a fresh PostgreSQL database, over HTTP through the server bundle
 * (as `npm start` runs it), each case beside the very SQL the server issues for it (task.queries.ts),
 * replayed raw through pg in the same run, in alternating slices. Load goes to 127.0.0.1 only.
 * BENCH_TENANTS (100), BENCH_INSTANCES (1000 per company), BENCH_TASKS (10 per instance), BENCH_SECONDS (10 per
 * case and side), BENCH_ROUNDS (5), BENCH_WARMUP (2), BENCH_CONNECTIONS (8), BENCH_QUIET_WAIT (30).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { waitQuiet } from './lib/cpu.ts';
import { backendPids } from './lib/db.ts';
import { startErp } from './lib/erp.ts';
import { DISTURBED_PCT } from './lib/report.ts';
import { rawSide } from './lib/raw-sql.ts';
import { sideBySide, type Side } from './lib/side-by-side.ts';
import { captureTaskSql, seedTasks, type TaskCase } from './lib/workflow-sql.ts';
import { cleanups, guardRun, call, envNumber, runBench } from './lib/exit-guard.ts';

const tenantCount = Math.round(envNumber('BENCH_TENANTS', 100, 1));
const instances = Math.round(envNumber('BENCH_INSTANCES', 1000, 1));
const perInstance = Math.round(envNumber('BENCH_TASKS', 10, 1));
const seconds = envNumber('BENCH_SECONDS', 10, 1);
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const rounds = Math.round(envNumber('BENCH_ROUNDS', 5, 1));
const connections = Math.round(envNumber('BENCH_CONNECTIONS', 8, 1));
const quietWait = envNumber('BENCH_QUIET_WAIT', 30, 0);
const GOAL_P95 = 50;
const PASSWORD = 'bench1';
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

// a hard bound on the whole run, so nothing hangs for ever; cleanups undone on every exit path
guardRun(4 * quietWait + 4 * (2 * seconds + 2 * warmupSeconds + 10) + 1500);

/** A GET through node:http on one kept-alive socket per loop (the raw side has one pg connection per loop). */
function httpSide(url: string, token: string): Side {
  return {
    name: 'HTTP',
    async make() {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const once = () =>
        new Promise<void>((resolve, reject) => {
          http
            .get(url, { agent, headers: { 'x-access-token': token } }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => {
                const body = Buffer.concat(chunks).toString('utf8');
                if (body.includes('"code":200')) resolve();
                else reject(new Error(body.slice(0, 200)));
              });
              res.on('error', reject);
            })
            .on('error', reject);
        });
      return { once, close: async () => agent.destroy() };
    },
  };
}

async function main(): Promise<boolean> {
  const t0 = performance.now();
  const { dbName, databaseUrl, erp, api } = await startErp('erp_wf', cleanups);
  // companies as the product makes them: self-registration provisions each one's administrator
  const tenantIds: number[] = [];
  for (let i = 0; i < tenantCount; i++)
    tenantIds.push(
      (await call<{ tenantId: number }>(api, '/user/registerUser', { loginName: `wf${i}`, password: PASSWORD, tenantName: `审批公司${i}` })).tenantId,
    );
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  cleanups.push(() => owner.end());
  console.error(`bench: seeding ${tenantCount} × ${instances} instances × ${perInstance} open tasks …`);
  const tLoad = performance.now();
  await seedTasks(owner, tenantIds, instances, perInstance);
  const counts = (
    await owner.query<{ open: string; tenants: string; mb: string }>(
      `select count(*) open, count(distinct tenant_id) tenants, pg_database_size(current_database()) / 1048576 mb from wf_task where status = 'open'`,
    )
  ).rows[0];
  const setup =
    `setup ${((performance.now() - t0) / 1000).toFixed(0)} s (seed and vacuum analyze ${((performance.now() - tLoad) / 1000).toFixed(0)} s): ` +
    `${counts.open} open tasks in ${counts.tenants} companies, database ${counts.mb} MB`;
  console.error(`bench: ${setup}`);

  // the measured user: the administrator of one company in the middle of the range, who holds all its open tasks
  const i = Math.floor(tenantCount / 2);
  const tenantId = tenantIds[i];
  const login = await call<{ token: string; user: { id: number } }>(api, '/user/login', { loginName: `wf${i}`, password: md5(PASSWORD) });
  const mine = instances * perInstance;
  const cases: Array<{ name: string; path: string; c: TaskCase }> = [
    { name: 'my to-do count (todoCount)', path: '/workflow/task/todoCount', c: { kind: 'count' } },
    { name: 'my to-do list, page 1 of 10', path: '/workflow/task/todo?currentPage=1&pageSize=10', c: { kind: 'todo', currentPage: 1, pageSize: 10 } },
    {
      name: `my to-do list, page ${Math.floor(mine / 20)} of 10`,
      path: `/workflow/task/todo?currentPage=${Math.floor(mine / 20)}&pageSize=10`,
      c: { kind: 'todo', currentPage: Math.floor(mine / 20), pageSize: 10 },
    },
  ];
  const rows: string[] = [];
  let valid = true;
  let allMet = true;
  const f = (n: number, d = 1) => (Number.isNaN(n) ? 'n/a' : n.toFixed(d));
  for (const k of cases) {
    const reply = await call<{ count?: number; total?: number }>(api, k.path, undefined, login.token);
    const stmts = await captureTaskSql(databaseUrl, tenantId, login.user.id, k.c);
    const busy = await waitQuiet(quietWait);
    console.error(`bench: ${k.name}: ${JSON.stringify(reply).slice(0, 60)}; ${stmts.length} statements; machine ${busy.toFixed(0)} % busy before`);
    const [h, raw] = await sideBySide([httpSide(`${api}${k.path}`, login.token), rawSide(databaseUrl, tenantId, stmts)], {
      connections,
      seconds,
      warmupSeconds,
      rounds,
      ourPids: async () => [erp.pid!, ...(await backendPids(dbName))],
    });
    const met = h.p95 <= GOAL_P95;
    allMet &&= met;
    valid &&= h.errors + raw.errors === 0 && h.requests > 0 && raw.requests > 0;
    if (h.firstError ?? raw.firstError) console.error(`bench: ${k.name}: ${h.firstError ?? raw.firstError}`);
    const other = Math.max(h.otherCpuPct, raw.otherCpuPct);
    const disturbed = other > DISTURBED_PCT ? ` (disturbed ${f(other, 0)} %)` : '';
    rows.push(
      `| ${k.name} | ${reply.count ?? reply.total} | ${f(h.rps, 0)} | ${f(h.p50)} | ${f(h.p95)} | ${f(raw.rps, 0)} | ${f(raw.p50)} | ${f(raw.p95)} | ` +
        `${f(h.p95 / raw.p95, 2)} | ≤ ${GOAL_P95} ms: ${met ? 'met' : 'NOT met'}${disturbed} |`,
    );
    console.error(rows.at(-1));
  }
  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} · ` + `${connections} connections · ${seconds} s per case and side in ${rounds} alternating slices · ${setup}\n`,
  );
  console.log('| case | my open tasks | HTTP req/s | HTTP p50 ms | HTTP p95 ms | raw req/s | raw p50 ms | raw p95 ms | p95 HTTP/raw | goal |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const r of rows) console.log(r);
  console.log(
    `\nall goals ${allMet ? 'met' : 'NOT met'}; ${valid ? 'run valid: no errors, every HTTP reply with code 200' : 'INVALID RUN: some requests failed'}`,
  );
  return valid;
}

await runBench(main);
