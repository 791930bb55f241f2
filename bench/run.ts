/**
 * `npm run bench`: the real server on a fresh PostgreSQL database under concurrent load,
 * beside a bare Fastify hello-world measured in the same run, because on a shared 2-core
 * machine only the ratio is comparable between runs. Load goes to 127.0.0.1 only.
 * BENCH_SECONDS (10 per scenario), BENCH_ROUNDS (5 slices they are cut into), BENCH_WARMUP (2),
 * BENCH_CONNECTIONS (50), BENCH_QUIET_WAIT (30: seconds to wait for other processes to calm down).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { waitIdle, waitQuiet } from './lib/cpu.ts';
import { backendPids } from './lib/db.ts';
import { measure, type Scenario } from './lib/load.ts';
import { freePort, memMb, startNode, stop, waitReady } from './lib/procs.ts';
import { printReport } from './lib/report.ts';
import { startErp } from './lib/erp.ts';
import { cleanups, guardRun, envNumber, runBench } from './lib/exit-guard.ts';

const root = path.resolve(import.meta.dirname, '..');
const seconds = envNumber('BENCH_SECONDS', 10, 1);
const rounds = Math.round(envNumber('BENCH_ROUNDS', 5, 1));
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const connections = Math.round(envNumber('BENCH_CONNECTIONS', 50, 1));
const quietWait = envNumber('BENCH_QUIET_WAIT', 30, 0);
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

// a hard bound on the whole run, so nothing hangs for ever; cleanups undone on every exit path
guardRun(2 * quietWait + 4 * (seconds + warmupSeconds) + 300);

async function signIn(api: string): Promise<string> {
  const res = await fetch(`${api}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'jsh', password: md5('123456') }),
  });
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error('demo sign-in jsh failed: is SEED_DEMO honoured?');
  return token;
}

async function main(): Promise<boolean> {
  const { dbName, erp, api } = await startErp('erp_bench', cleanups);
  const barePort = await freePort();
  const bare = startNode('bench/bare-server.ts', root, { PORT: String(barePort) });
  cleanups.push(() => stop(bare));
  await waitReady(bare, `http://127.0.0.1:${barePort}/`, 30_000);

  const auth = { 'x-access-token': await signIn(api) };
  const ok = '"code":200';
  // the ERP server's database work happens in its backends: their CPU is the benchmark's too
  const erpSide = { serverPid: erp.pid, morePids: () => backendPids(dbName) };
  const reads: Scenario[] = [
    { name: 'bare Fastify hello-world', url: `http://127.0.0.1:${barePort}/`, expect: '"hello":"world"', serverPid: bare.pid },
    { name: 'authenticated read: GET /user/infoWithTenant', url: `${api}/user/infoWithTenant`, headers: auth, expect: ok, ...erpSide },
    {
      name: 'menu tree: POST /function/findMenuByPNumber',
      url: `${api}/function/findMenuByPNumber`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ pNumber: '0' }),
      expect: ok,
      ...erpSide,
    },
  ];
  // alone and last: sign-ins queue behind scrypt for seconds and each adds a session row
  const signIns: Scenario[] = [
    {
      name: 'sign-in: POST /user/login (scrypt)',
      url: `${api}/user/login`,
      method: 'POST',
      body: JSON.stringify({ loginName: 'jsh', password: md5('123456') }),
      expect: '"msgTip":"user can login"',
      ...erpSide,
    },
  ];

  const rows = [];
  for (const [group, r] of [
    [reads, rounds],
    [signIns, 1],
  ] as const) {
    const busy = await waitQuiet(quietWait);
    console.error(
      `bench: ${group.map((s) => s.name).join(' | ')}: ${warmupSeconds} s warm-up each, then ${seconds} s each ` +
        `in ${r} round(s); machine ${busy.toFixed(0)} % busy before …`,
    );
    rows.push(...(await measure(group, { connections, seconds, warmupSeconds, rounds: r })));
  }
  const hwmMb = memMb(erp.pid, 'VmHWM');
  // sign-ins still queued when the load stops would run into the closing pool and log errors
  await waitIdle(erp.pid, 15);
  return printReport(rows, { bare: rows[0], authRead: rows[1], hwmMb, connections, seconds });
}

await runBench(main);
