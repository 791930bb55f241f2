/**
 * `npm run bench:workflow-approve` (issue 15's second figure): the approve action that ends a flow, so the pass
 * audits the document with its posting — 8 clients each passing its own open tasks of 10-line sale outbounds
 * (customer, prices, payment in full; disjoint materials per client, as bench:posting's scenario A), on a fresh
 * PostgreSQL database through the server bundle. jsh (the demo's administrator) saves and submits the outbounds
 * beforehand under a deployed one-approver flow bound to sale outbounds, and passes them. Beside it in the same
 * run: the posting's own rows written by raw SQL (bench/lib/raw-sale.ts; the workflow's task, instance and
 * history rows are not in that baseline, so the ratio overstates the API's cost of the posting alone).
 * Goal: p95 ≤ 100 ms at 8 clients. BENCH_SECONDS (10), BENCH_WARMUP (2), BENCH_CLIENTS (8), BENCH_TASKS (250 per
 * client, made beforehand; the run fails if a client runs out), BENCH_QUIET_WAIT (10).
 */
import os from 'node:os';
import pg from 'pg';
import { apiClient, closedLoop, pool } from './lib/closed-loop.ts';
import { waitQuiet } from './lib/cpu.ts';
import { backendPids } from './lib/db.ts';
import { DISTURBED_PCT } from './lib/report.ts';
import { startErp } from './lib/erp.ts';
import { finAccounts, rawSale } from './lib/raw-sale.ts';
import { saleWorld } from './lib/sale-world.ts';
import { cleanups, guardRun, envNumber, runBench } from './lib/exit-guard.ts';

const seconds = envNumber('BENCH_SECONDS', 10, 1);
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const clients = Math.round(envNumber('BENCH_CLIENTS', 8, 1));
const perClient = Math.round(envNumber('BENCH_TASKS', 250, 1));
const quietWait = envNumber('BENCH_QUIET_WAIT', 10, 0);
const MATERIALS = 161;
const LINES = 10;
const OPER_TIME = '2026-11-21 10:00:00';
const PRICE = 3;
const GOAL_P95 = 100;

guardRun(3 * quietWait + 2 * (seconds + warmupSeconds) + 1800);
const f = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(d));

async function main(): Promise<boolean> {
  const t0 = performance.now();
  const { dbName, databaseUrl, erp, api } = await startErp('erp_bench_wfa', cleanups);
  const sql = new pg.Pool({ connectionString: databaseUrl, max: clients });
  cleanups.push(() => sql.end());
  const ourPids = async () => [erp.pid ?? 0, ...(await backendPids(dbName))];
  const c = apiClient(api);
  await c.signIn();
  const w = await saleWorld(c, sql, { materials: MATERIALS, operTime: OPER_TIME });
  const userId = Number((await sql.query<{ id: string }>(`select id from sys_user where tenant_id = $1 and login_name = 'jsh'`, [w.tenantId])).rows[0].id);
  // one approver, jsh: the pass is the flow's last, so it audits and posts
  await c.ok('PUT', '/systemConfig/update', { multiLevelApprovalFlag: true });
  const graph = {
    nodes: [
      { id: 'start', type: 'start', name: '开始' },
      { id: 'boss', type: 'approver', name: '审批', assignee: { kind: 'users', userIds: [userId] }, mode: 'any' },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'boss' },
      { id: 'e2', source: 'boss', target: 'end' },
    ],
  };
  const flow = (await c.ok('POST', '/workflow/flow/add', { processName: '压测出库审批', modelKey: 'bench_sale_out', processType: 'saleOut', graph })).id!;
  await c.ok('POST', '/workflow/flow/deploy', { id: flow });

  // the materials dealt out to the clients, disjoint sets; each client's outbounds saved and submitted beforehand
  const sets = Array.from({ length: clients }, (_, k) => w.mats.filter((_m, i) => i % clients === k));
  if (sets.some((s) => s.length < LINES)) throw new Error(`${MATERIALS} materials are too few for ${clients} clients × ${LINES} lines`);
  const pick = (k: number, seq: number) => Array.from({ length: LINES }, (_, j) => sets[k][(seq * LINES + j) % sets[k].length]);
  const outbound = (lines: typeof w.mats) => ({
    info: { type: '出库', subType: '销售', operTime: OPER_TIME, organId: w.customer, accountId: w.account, changeAmount: String(PRICE * lines.length) },
    rows: lines.map((m) => ({ barCode: m.barCode, operNumber: 1, unitPrice: PRICE, depotId: w.depotA })),
  });
  const docsOf = await pool(
    Array.from({ length: clients }, (_, k) => k),
    clients,
    async (k) => {
      const ids: number[] = [];
      for (let seq = 0; seq < perClient; seq++) {
        const id = (await c.ok('POST', '/depotHead/addDepotHeadAndDetail', outbound(pick(k, seq)))).id!;
        await c.ok('POST', '/workflow/submit', { docType: 'saleOut', busId: id });
        ids.push(id);
      }
      return ids;
    },
  );
  const taskOf = new Map(
    (
      await sql.query<{ id: string; bus_id: string }>(
        `select t.id, i.bus_id from wf_task t join wf_instance i on i.tenant_id = t.tenant_id and i.id = t.instance_id
          where t.tenant_id = $1 and t.status = 'open' and i.doc_type = 'saleOut'`,
        [w.tenantId],
      )
    ).rows.map((r) => [Number(r.bus_id), Number(r.id)]),
  );
  const queues = docsOf.map((ids) => ids.map((id) => taskOf.get(id)!));
  await sql.query('analyze');
  const setupS = (performance.now() - t0) / 1000;
  console.error(`bench: setup ${setupS.toFixed(0)} s: ${clients} × ${perClient} sale outbounds in approval`);

  let busy = await waitQuiet(quietWait);
  console.error(`bench: approve: ${clients} clients, ${warmupSeconds} s warm-up then ${seconds} s; machine ${busy.toFixed(0)} % busy before …`);
  const approve = await closedLoop(
    'pass, the last approval: audit with posting (API)',
    { clients, warmupSeconds, secs: seconds },
    async (k) => {
      const taskId = queues[k].shift();
      if (taskId === undefined) return `client ${k} ran out of tasks: raise BENCH_TASKS`;
      const r = await c.call('POST', '/workflow/task/pass', { taskId });
      return r.code === 200 ? undefined : JSON.stringify(r).slice(0, 300);
    },
    ourPids,
    async () => undefined,
  );
  // the bench's own outbounds that the passes audited and posted (the demo has sale outbounds of its own)
  const passed = Number(
    (
      await sql.query(`select count(*) from depot_head where tenant_id = $1 and id = any($2::bigint[]) and status = '1' and posted`, [
        w.tenantId,
        docsOf.flat(),
      ])
    ).rows[0].count,
  );

  const saleSetup = {
    tenantId: w.tenantId,
    userId,
    customer: w.customer,
    account: w.account,
    depot: w.depotA,
    operTime: OPER_TIME,
    price: PRICE,
    extOf: w.extOf,
  };
  const rawDoc = rawSale(sql, saleSetup, await finAccounts(sql, saleSetup));
  busy = await waitQuiet(quietWait);
  console.error(`bench: raw-SQL posting baseline; machine ${busy.toFixed(0)} % busy before …`);
  const raw = await closedLoop(
    'the posting rows of the same sale by raw SQL (pg)',
    { clients, warmupSeconds, secs: seconds },
    (k, seq) => rawDoc(pick(k, seq + perClient).map((m) => m.id)),
    ourPids,
    async () => undefined,
  );

  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · ${clients} clients · ${seconds} s after ${warmupSeconds} s ` +
      `warm-up · load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} · setup ${setupS.toFixed(0)} s\n`,
  );
  console.log('| scenario | per s | p50 ms | p95 ms | p99 ms | count | errors | CPU bench / other % | server + DB CPU ms each (Node) |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const l of [approve, raw])
    console.log(
      `| ${l.name} | ${f(l.docs / l.seconds, 0)} | ${f(l.p50)} | ${f(l.p95)} | ${f(l.p99)} | ${l.docs} | ${l.errors} | ${f(l.oursCpuPct, 0)} / ${f(l.otherCpuPct, 0)} | ` +
        `${f(l.serverMsPerDoc)} (${f(l.nodeMsPerDoc)}) |`,
    );
  const disturbed = Math.max(approve.otherCpuPct, raw.otherCpuPct) > DISTURBED_PCT;
  console.log(`\ndocuments audited and posted by the passes: ${passed}`);
  // a run with errors (a client out of tasks answers in no time) proves nothing either way
  const verdict = approve.errors + raw.errors > 0 ? 'INVALID (errors)' : approve.p95 <= GOAL_P95 ? 'met' : 'NOT met';
  console.log(`approve p95 ≤ ${GOAL_P95} ms at ${clients} clients: ${verdict} (${f(approve.p95)})${disturbed ? ' — DISTURBED' : ''}`);
  if (approve.firstError ?? raw.firstError) console.log(`first error: ${approve.firstError ?? raw.firstError}`);
  return approve.errors + raw.errors === 0 && passed >= approve.docs;
}

await runBench(main);
