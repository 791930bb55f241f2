/**
 * `npm run bench:posting`: posting inventory documents through the real server (the bundle, as
 * bench/run.ts starts it) on a fresh PostgreSQL database, beside a raw-SQL baseline doing the same
 * rows from the same number of connections in the same run. Load goes to 127.0.0.1 only.
 * Scenarios: 10-line sale outbounds (customer, prices, payment in full) on disjoint items (A) and with one hot item in every
 * document (B), one 1,000-line inbound document, and the current-stock report over ~1,000,000
 * ledger rows. BENCH_SECONDS (10 per load scenario), BENCH_WARMUP (2), BENCH_CLIENTS (8),
 * BENCH_LEDGER_ROWS (1000000), BENCH_QUIET_WAIT (30: seconds to wait for other processes to calm down),
 * BENCH_PROFILE_DIR (a V8 CPU profile of the server, see lib/procs.ts). Each load scenario reports the
 * CPU of the server and its database backends per document, which other load on the machine bends less
 * than throughput does.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { apiClient, closedLoop } from './lib/closed-loop.ts';
import { saleWorld } from './lib/sale-world.ts';
import { waitIdle, waitQuiet } from './lib/cpu.ts';
import { backendPids, databaseUrlOf } from './lib/db.ts';
import { formatWaits, sampleWaits } from './lib/wait-sampler.ts';
import { memMb } from './lib/procs.ts';
import { DISTURBED_PCT } from './lib/report.ts';
import { startErp } from './lib/erp.ts';
import { finAccounts, rawSale } from './lib/raw-sale.ts';
import { cleanups, guardRun, envNumber, runBench } from './lib/exit-guard.ts';

const seconds = envNumber('BENCH_SECONDS', 10, 1);
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const clients = Math.round(envNumber('BENCH_CLIENTS', 8, 1));
const ledgerRows = Math.round(envNumber('BENCH_LEDGER_ROWS', 1_000_000, 0));
const quietWait = envNumber('BENCH_QUIET_WAIT', 30, 0);
// BENCH_WAITS=1: sample the database's backends (state, lock waits) during A, the raw baseline and B (lib/wait-sampler.ts)
const sampleWaitsOn = process.env.BENCH_WAITS === '1';

const MATERIALS = 200;
const BIG_DOC_LINES = 1000;
const LINES = 10;
const OPER_TIME = '2026-11-21 10:00:00';
const PRICE = 3;
const GOALS = { docsA: 150, p95A: 150, docsB: 40, bigDocS: 3, stockMs: 500 };

// a hard bound on the whole run, so nothing hangs for ever; cleanups undone on every exit path
guardRun(4 * quietWait + 3 * (seconds + warmupSeconds) + 900);

const f = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(d));

async function main(): Promise<boolean> {
  const { dbName, databaseUrl, erp, api } = await startErp('erp_bench_posting', cleanups);
  // the raw-SQL baseline and the bulk ledger rows: superuser, so row-level security does not apply
  const sql = new pg.Pool({ connectionString: databaseUrl, max: clients });
  cleanups.push(() => sql.end());
  const ourPids = async () => [erp.pid ?? 0, ...(await backendPids(dbName))];
  const loop = { clients, warmupSeconds, secs: seconds };
  const waitReports: string[] = [];
  // the sampler connects to the maintenance database, so its backend is not counted as the bench's CPU
  const sampled = async <T extends { name: string; docs: number }>(run: () => Promise<T>): Promise<T> => {
    if (!sampleWaitsOn) return run();
    const s = await sampleWaits(databaseUrlOf('postgres'), dbName);
    const l = await run();
    waitReports.push(formatWaits(l.name, await s.stop(), l.docs));
    return l;
  };

  // 1. setup through the API
  const setupT0 = performance.now();
  const c = apiClient(api);
  await c.signIn();
  const {
    tenantId,
    depotA,
    supplier,
    customer,
    account,
    mats,
    extra: bigMats,
    extOf,
  } = await saleWorld(c, sql, {
    materials: MATERIALS,
    extra: BIG_DOC_LINES,
    operTime: OPER_TIME,
  });
  // a live database has statistics (autovacuum analyses tables as they grow); tables filled a
  // second ago do not, and their one-row estimates would measure the planner, not the posting.
  // Again after each warm-up: the documents table grows from a handful of rows to thousands in
  // seconds, faster than autovacuum would notice, and plans cached meanwhile (foreign-key checks,
  // prepared statements) would scan it; ANALYZE invalidates them, as autovacuum does in a live database.
  const analyze = () => sql.query('analyze');
  await analyze();
  console.error(
    `bench: setup (2 warehouses, 2 partners, ${MATERIALS + BIG_DOC_LINES} materials, 1 inbound of ${MATERIALS} lines) ` +
      `took ${((performance.now() - setupT0) / 1000).toFixed(1)} s`,
  );

  // material #0 is the hot item; the others are dealt out to the clients, disjoint sets
  const hot = mats[0];
  const sets = Array.from({ length: clients }, (_, k) => mats.slice(1).filter((_m, i) => i % clients === k));
  if (sets.some((s) => s.length < LINES)) throw new Error(`${MATERIALS - 1} materials are too few for ${clients} clients × ${LINES} distinct lines`);
  const pick = (k: number, seq: number, n: number) => Array.from({ length: n }, (_, j) => sets[k][(seq * n + j) % sets[k].length]);
  // a sale outbound with a customer, prices and the payment in full (what issue 13's goal names)
  const outbound = (lines: typeof mats) => ({
    info: { type: '出库', subType: '销售', operTime: OPER_TIME, organId: customer, accountId: account, changeAmount: String(PRICE * lines.length) },
    rows: lines.map((m) => ({ barCode: m.barCode, operNumber: 1, unitPrice: PRICE, depotId: depotA })),
  });
  const postDoc = async (body: unknown) => {
    const r = await c.call('POST', '/depotHead/addDepotHeadAndDetail', body);
    return r.code === 200 ? undefined : JSON.stringify(r).slice(0, 300);
  };

  // 2. scenario A, and 6. the raw-SQL baseline doing the same rows right after it
  let busy = await waitQuiet(quietWait);
  console.error(`bench: A different items: ${clients} clients, ${warmupSeconds} s warm-up then ${seconds} s; machine ${busy.toFixed(0)} % busy before …`);
  const loadA = await sampled(() =>
    closedLoop('A: 10-line sale outbound, different items (API)', loop, (k, seq) => postDoc(outbound(pick(k, seq, LINES))), ourPids, analyze),
  );

  // the raw baseline writes the rows the API wrote for a sale (bench/lib/raw-sale.ts), as the user who posted them
  const userId = Number(
    (await sql.query<{ creator: string }>('select creator from depot_head where tenant_id = $1 and creator is not null limit 1', [tenantId])).rows[0].creator,
  );
  const saleSetup = { tenantId, userId, customer, account, depot: depotA, operTime: OPER_TIME, price: PRICE, extOf };
  const rawDoc = rawSale(sql, saleSetup, await finAccounts(sql, saleSetup));
  busy = await waitQuiet(quietWait);
  console.error(`bench: raw-SQL baseline of A: ${clients} pg connections; machine ${busy.toFixed(0)} % busy before …`);
  const loadRaw = await sampled(() =>
    closedLoop('A baseline: the same rows by raw SQL (pg, 8 connections)', loop, (k, seq) => rawDoc(pick(k, seq, LINES).map((m) => m.id)), ourPids, analyze),
  );

  // 3. scenario B: line 1 is always the hot item
  busy = await waitQuiet(quietWait);
  console.error(`bench: B one hot item; machine ${busy.toFixed(0)} % busy before …`);
  const loadB = await sampled(() =>
    closedLoop(
      'B: 10-line sale outbound, one hot item in every document (API)',
      loop,
      (k, seq) => postDoc(outbound([hot, ...pick(k, seq, LINES - 1)])),
      ourPids,
      analyze,
    ),
  );
  await waitIdle(erp.pid, 15);

  // 4. one inbound document of 1,000 lines (1,000 distinct materials, none posted before)
  await waitQuiet(quietWait);
  const bigT0 = performance.now();
  const big = await c.call('POST', '/depotHead/addDepotHeadAndDetail', {
    info: { type: '入库', subType: '其它', operTime: OPER_TIME, organId: supplier },
    rows: bigMats.map((m) => ({ barCode: m.barCode, operNumber: 100, unitPrice: 2, depotId: depotA })),
  });
  const bigSeconds = (performance.now() - bigT0) / 1000;
  const bigError = big.code === 200 ? undefined : JSON.stringify(big).slice(0, 300);

  // 5. ~1,000,000 ledger rows for warehouse A by raw SQL (one bulk document), with matching balances, then the current-stock report
  const bulkT0 = performance.now();
  const allIds = [...mats, ...bigMats].map((m) => m.id);
  const bulk = await sql.connect();
  try {
    await bulk.query('begin');
    const h = await bulk.query<{ id: string }>(
      `insert into depot_head(tenant_id, doc_key, type, sub_type, number, oper_time, organ_id, status, posted, share_token)
       values ($1, 'otherIn', '入库', '其它', $2, $3, $4, '1', true, $5) returning id`,
      [tenantId, `BULK${process.pid}`, OPER_TIME, supplier, crypto.randomUUID()],
    );
    // row n: material n mod M, its k-th (k = n div M) receipt of 1 at cost 1 on top of what was
    // there. Set-based with array subscripts (a join of the series to the materials planned as a
    // nested loop and took minutes); the two secondary ledger indexes are built after the load.
    const base = await bulk.query<{ material_id: string; qty: string; value: string }>(
      'select material_id, qty, value from stock_cost where tenant_id = $1 and depot_id = $2 and material_id = any($3::bigint[])',
      [tenantId, depotA, allIds],
    );
    const baseOf = new Map(base.rows.map((r) => [Number(r.material_id), r]));
    if (baseOf.size !== allIds.length) throw new Error('bulk ledger: every material needs its stock_cost row from the setup documents');
    const ledgerIndexes = (
      await bulk.query<{ def: string }>(
        `select indexdef as def from pg_indexes where tablename = 'stock_ledger' and indexname in ('stock_ledger_item', 'stock_ledger_header')`,
      )
    ).rows.map((r) => r.def);
    if (ledgerIndexes.length !== 2) throw new Error('bulk ledger: the ledger indexes were renamed; update bench/posting.ts');
    await bulk.query('drop index stock_ledger_item, stock_ledger_header');
    // as pg_restore --disable-triggers does: no per-row foreign-key checks during the load; the
    // rows reference the header, materials and warehouse made above, checked set-based below
    await bulk.query(`set local session_replication_role = replica`);
    await bulk.query(
      `insert into stock_ledger(tenant_id, header_id, material_id, depot_id, qty_change, unit_cost, value_change, qty_after, value_after, reason)
       select $1, $2, ($5::bigint[])[g % $8 + 1], $3, 1, 1, 1, ($6::numeric[])[g % $8 + 1] + g / $8 + 1, ($7::numeric[])[g % $8 + 1] + g / $8 + 1, 'otherIn'
         from generate_series(0, $4::int - 1) g`,
      [tenantId, h.rows[0].id, depotA, ledgerRows, allIds, allIds.map((id) => baseOf.get(id)!.qty), allIds.map((id) => baseOf.get(id)!.value), allIds.length],
    );
    await bulk.query(`set local session_replication_role = origin`);
    const dangling = await bulk.query<{ n: string }>(
      `select count(*) as n from stock_ledger l where l.tenant_id = $1 and l.header_id = $2
          and not exists (select 1 from material m where m.tenant_id = l.tenant_id and m.id = l.material_id)`,
      [tenantId, h.rows[0].id],
    );
    if (Number(dangling.rows[0].n) !== 0) throw new Error('bulk ledger: rows with no material');
    for (const def of ledgerIndexes) await bulk.query(def);
    // material i got ⌊N/M⌋ rows, one more if i < N mod M
    const added = allIds.map((_id, i) => Math.floor(ledgerRows / allIds.length) + (i < ledgerRows % allIds.length ? 1 : 0));
    await bulk.query(
      `update stock_cost c set qty = c.qty + a.n, value = c.value + a.n from unnest($3::bigint[], $4::int[]) as a(material_id, n)
                       where c.tenant_id = $1 and c.material_id = a.material_id and c.depot_id = $2`,
      [tenantId, depotA, allIds, added],
    );
    await bulk.query(
      `update stock_balance s set qty = s.qty + a.n from unnest($3::bigint[], $4::int[]) as a(material_id, n)
                       where s.tenant_id = $1 and s.material_id = a.material_id and s.depot_id = $2 and s.batch_number = ''`,
      [tenantId, depotA, allIds, added],
    );
    await bulk.query('commit');
  } catch (e) {
    await bulk.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    bulk.release();
  }
  await sql.query('analyze stock_ledger; analyze stock_balance; analyze stock_cost');
  const ledgerCount = Number(
    (await sql.query<{ n: string }>('select count(*) as n from stock_ledger where tenant_id = $1 and depot_id = $2', [tenantId, depotA])).rows[0].n,
  );
  const bulkSeconds = (performance.now() - bulkT0) / 1000;
  await waitQuiet(quietWait);
  const stockMs: number[] = [];
  let stockError: string | undefined;
  let stockRows = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = await c.call('GET', `/report/materialStock?depotId=${depotA}&pageSize=100`);
    stockMs.push(performance.now() - t0);
    if (r.code !== 200) stockError ??= JSON.stringify(r).slice(0, 300);
    else stockRows = Number((r.data as { total?: number }).total ?? 0);
  }
  const stockMedian = [...stockMs].sort((a, b) => a - b)[2];
  const hwmMb = memMb(erp.pid, 'VmHWM');

  // the report
  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · ` +
      `${clients} clients · ${seconds} s per load scenario after ${warmupSeconds} s warm-up\n`,
  );
  console.log('| scenario | docs/s | p50 ms | p95 ms | p99 ms | docs | errors | CPU bench / other % | server + DB CPU ms/doc (of which Node) |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const l of [loadA, loadB, loadRaw]) {
    console.log(
      `| ${l.name} | ${f(l.docs / l.seconds, 0)} | ${f(l.p50, 1)} | ${f(l.p95, 1)} | ${f(l.p99, 1)} | ${l.docs} | ${l.errors} | ` +
        `${f(l.oursCpuPct, 0)} / ${f(l.otherCpuPct, 0)} | ${f(l.serverMsPerDoc, 1)} (${f(l.nodeMsPerDoc, 1)}) |`,
    );
  }
  console.log(`| 1,000-line inbound document (1,000 distinct materials), one POST | | | | | 1 | ${bigError ? 1 : 0} | ${f(bigSeconds * 1000, 0)} ms |`);
  console.log(
    `| current stock: GET /report/materialStock?depotId=A&pageSize=100 over ${ledgerCount} ledger rows (${stockRows} stock rows) | ` +
      `median ${f(stockMedian, 1)} ms | | | | 5 | ${stockError ? 1 : 0} | all: ${stockMs.map((t) => f(t, 0)).join(', ')} ms |`,
  );
  const rateA = loadA.docs / loadA.seconds;
  const rateB = loadB.docs / loadB.seconds;
  const rateRaw = loadRaw.docs / loadRaw.seconds;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nA API / raw SQL = ${f((rateA / rateRaw) * 100)} % (${f(rateA, 0)} / ${f(rateRaw, 0)} docs/s); B / A = ${f((rateB / rateA) * 100)} %`);
  console.log(
    `A different items ≥ ${GOALS.docsA} docs/s: ${verdict(rateA >= GOALS.docsA)} (${f(rateA, 0)}); p95 ≤ ${GOALS.p95A} ms: ${verdict(loadA.p95 <= GOALS.p95A)} (${f(loadA.p95)})`,
  );
  console.log(`B one hot item ≥ ${GOALS.docsB} docs/s: ${verdict(rateB >= GOALS.docsB)} (${f(rateB, 0)}; p95 ${f(loadB.p95)} ms)`);
  console.log(`1,000-line document ≤ ${GOALS.bigDocS} s: ${verdict(!bigError && bigSeconds <= GOALS.bigDocS)} (${f(bigSeconds, 2)} s)`);
  console.log(`current stock ≤ ${GOALS.stockMs} ms: ${verdict(!stockError && stockMedian <= GOALS.stockMs)} (median ${f(stockMedian, 1)} ms)`);
  console.log(`setup of ${ledgerCount} ledger rows by raw SQL took ${f(bulkSeconds)} s; ERP server peak RSS ${f(hwmMb, 0)} MB`);
  const disturbed = [loadA, loadB, loadRaw].filter((l) => l.otherCpuPct > DISTURBED_PCT).map((l) => l.name);
  if (disturbed.length) console.log(`DISTURBED: other processes took > ${DISTURBED_PCT} % of the CPU during: ${disturbed.join('; ')}`);
  for (const l of [loadA, loadB, loadRaw]) if (l.firstError) console.log(`first error in ${l.name}: ${l.firstError}`);
  if (bigError) console.log(`1,000-line document failed: ${bigError}`);
  if (stockError) console.log(`current stock failed: ${stockError}`);
  const valid = [loadA, loadB, loadRaw].every((l) => l.errors === 0 && l.docs > 0) && !bigError && !stockError;
  for (const w of waitReports) console.log(w);
  console.log(valid ? 'run valid: no errors' : 'INVALID RUN: some requests failed (see above)');
  return valid;
}

await runBench(main);
