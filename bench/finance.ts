/**
 * `npm run bench:finance`: the finance journal on PostgreSQL, through the real server (the bundle, as bench/run.ts
 * starts it) on a fresh database seeded with the demo, each figure beside a raw-SQL baseline in the same run.
 * 1. Posting receipts that each settle 10 sales (closed loops of BENCH_CLIENTS clients, disjoint sales per
 *    client), against the same rows written by raw SQL in one transaction (lock the open items, head, lines,
 *    entry, journal lines; the database's own triggers run for both).
 * 2. Over a journal grown by raw SQL to BENCH_JOURNAL_LINES lines (default 1,000,000, half of them on open
 *    items spread over 24 months): the trial balance of a month and the receivable ageing through the API, beside
 *    the same SQL run raw and beside the naive query summing the journal lines themselves.
 * BENCH_SECONDS (10), BENCH_WARMUP (2), BENCH_CLIENTS (8), BENCH_REPEAT (30 report calls per side).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { apiClient, closedLoop, percentile, pool } from './lib/closed-loop.ts';
import { backendPids } from './lib/db.ts';
import { startErp } from './lib/erp.ts';
import { cleanups, guardRun, envNumber, runBench } from './lib/exit-guard.ts';

const seconds = envNumber('BENCH_SECONDS', 10, 1);
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const clients = Math.round(envNumber('BENCH_CLIENTS', 8, 1));
const journalLines = Math.round(envNumber('BENCH_JOURNAL_LINES', 1_000_000, 0));
const repeat = Math.round(envNumber('BENCH_REPEAT', 30, 1));
const SETTLES = 10;
const DAY = '2026-11-21';
const GOALS = { receiptsPerS: 150, trialP95: 200, ageingMs: 1000 };

// a hard bound on the whole run, so nothing hangs for ever; cleanups undone on every exit path
guardRun(2 * (seconds + warmupSeconds) + 1500);

const f = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(d));

/** p50 and p95 of `repeat` sequential calls. */
async function timed(fn: () => Promise<unknown>) {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const s = Float64Array.from(times).sort();
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
}

async function main(): Promise<boolean> {
  const { dbName, databaseUrl, erp, api } = await startErp('erp_bench_finance', cleanups);
  const sql = new pg.Pool({ connectionString: databaseUrl, max: clients + 1 });
  cleanups.push(() => sql.end());
  const ourPids = async () => [erp.pid ?? 0, ...(await backendPids(dbName))];
  const c = apiClient(api);
  await c.signIn();

  // setup through the API: stock, then SETTLES sales per client with arrears enough for every receipt
  const depot = (await c.ok('POST', '/depot/add', { name: '压测财务仓' })).id!;
  const supplier = (await c.ok('POST', '/supplier/add', { name: '压测财务供应商', type: '供应商' })).id!;
  const customer = (await c.ok('POST', '/supplier/add', { name: '压测财务客户', type: '客户' })).id!;
  const account = (await c.ok('POST', '/account/add', { name: '压测财务账户' })).id!;
  await c.ok('POST', '/material/add', { name: '压测财务商品', unit: '个', barCodes: [{ barCode: 'FINB1', commodityUnit: '个' }] });
  const doc = (type: string, subType: string, organId: number, qty: number) =>
    c.ok('POST', '/depotHead/addDepotHeadAndDetail', {
      info: { type, subType, operTime: `${DAY} 09:00:00`, organId },
      rows: [{ barCode: 'FINB1', operNumber: qty, unitPrice: 1000, depotId: depot }],
    });
  await doc('入库', '采购', supplier, 100_000);
  const sales = (await pool(Array.from({ length: clients * SETTLES }), 4, () => doc('出库', '销售', customer, 100))).map((d) => d.id!);
  const tenantId = Number((await sql.query('select tenant_id from depot where id = $1', [depot])).rows[0].tenant_id);
  const userId = Number((await sql.query("select id from sys_user where tenant_id = $1 and login_name = 'jsh'", [tenantId])).rows[0].id);
  const group = (k: number) => sales.slice(k * SETTLES, (k + 1) * SETTLES);
  const receipt = (ids: number[]) => ({
    info: { type: '收款', billTime: `${DAY} 10:00:00`, organId: customer, accountId: account },
    rows: ids.map((billId) => ({ billId, eachAmount: '0.01' })),
  });
  await c.ok('POST', '/accountHead/addAccountHeadAndDetail', receipt(group(0)));
  const acc = async (where: string, v: unknown) =>
    Number((await sql.query(`select id from fin_account where tenant_id = $1 and ${where} = $2`, [tenantId, v])).rows[0].id);
  const bank = await acc('settlement_account_id', account);
  const receivable = await acc('role', 'receivable');
  const items = new Map<number, number>(
    (await sql.query('select id, doc_id from fin_open_item where tenant_id = $1 and doc_kind = $2 and doc_id = any($3)', [tenantId, 'depot', sales])).rows.map(
      (r) => [Number(r.doc_id), Number(r.id)],
    ),
  );

  // 1. receipts: API, then the same rows by raw SQL
  const loop = { clients, warmupSeconds, secs: seconds };
  const apiLoad = await closedLoop(
    `receipt settling ${SETTLES} sales (API)`,
    loop,
    async (k) => {
      const r = await c.call('POST', '/accountHead/addAccountHeadAndDetail', receipt(group(k)));
      return r.code === 200 ? undefined : JSON.stringify(r).slice(0, 200);
    },
    ourPids,
    async () => undefined,
  );
  const rawReceipt = async (k: number) => {
    const open = group(k).map((d) => items.get(d)!);
    const cl = await sql.connect();
    try {
      await cl.query('begin');
      await cl.query('select id from fin_open_item where tenant_id = $1 and id = any($2) order by id for update', [tenantId, open]);
      const h = await cl.query(
        `insert into account_head(tenant_id, type, number, oper_time, organ_id, account_id, change_amount, total_price, status, posted, creator, updater)
         values ($1, '收款', $2, $3, $4, $5, $6, $6, '0', true, $7, $7) returning id`,
        [tenantId, `RAW${crypto.randomUUID()}`, `${DAY} 10:00:00`, customer, account, (0.01 * SETTLES).toFixed(2), userId],
      );
      const hid = h.rows[0].id;
      await cl.query(
        `insert into account_item(tenant_id, header_id, line_no, bill_id, each_amount) select $1::bigint, $2::bigint, n, b, 0.01 from unnest($3::bigint[]) with ordinality x(b, n)`,
        [tenantId, hid, group(k)],
      );
      const e = await cl.query(
        `insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period, creator) values ($1, 'account', $2, $3, 202611, $4) returning id`,
        [tenantId, hid, DAY, userId],
      );
      await cl.query(
        `insert into fin_journal_line(tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
         select $1::bigint, $2::bigint, $3::bigint, null::bigint, null::bigint, 202611, $6::numeric, 0
         union all select $1::bigint, $2::bigint, $4::bigint, $5::bigint, o, 202611, 0, 0.01 from unnest($7::bigint[]) o`,
        [tenantId, e.rows[0].id, bank, receivable, customer, (0.01 * SETTLES).toFixed(2), open],
      );
      await cl.query('commit');
      return undefined;
    } catch (err) {
      await cl.query('rollback');
      return String(err);
    } finally {
      cl.release();
    }
  };
  const rawLoad = await closedLoop(
    `the same rows by raw SQL (pg, ${clients} connections)`,
    loop,
    (k) => rawReceipt(k),
    ourPids,
    async () => undefined,
  );

  // 2. a large journal by raw SQL: entries of 2 lines (receivable with an open item / revenue) over 24 months
  const t0 = performance.now();
  const revenue = await acc('role', 'revenue');
  const partners = (await sql.query("select id from partner where tenant_id = $1 and type = '客户' order by id limit 50", [tenantId])).rows.map((r) =>
    Number(r.id),
  );
  const entries = Math.floor(journalLines / 2);
  const CHUNK = 100_000;
  for (let from = 0; from < entries; from += CHUNK) {
    const n = Math.min(CHUNK, entries - from);
    const cl = await sql.connect();
    try {
      await cl.query('begin');
      await cl.query(
        `create temp table g on commit drop as
         select i, ($3::bigint[])[1 + i % array_length($3::bigint[], 1)] as partner,
                date '2024-12-01' + (i % 720)::int as day from generate_series($1::bigint, $1::bigint + $2 - 1) i`,
        [from, n, partners],
      );
      await cl.query(
        `insert into fin_open_item(tenant_id, doc_kind, doc_id, account_id, partner_id, sign, doc_date) select $1::bigint, 'bench', i, $2::bigint, partner, 1, day from g`,
        [tenantId, receivable],
      );
      await cl.query(
        `create temp table e on commit drop as
         with ins as (insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period)
                      select $1::bigint, 'bench', i, day, extract(year from day)::int * 100 + extract(month from day)::int from g returning id, source_id, period)
         select ins.id, ins.period, g.partner, o.id as item from ins join g on g.i = ins.source_id
           join fin_open_item o on o.tenant_id = $1 and o.doc_kind = 'bench' and o.doc_id = g.i`,
        [tenantId],
      );
      await cl.query(
        `insert into fin_journal_line(tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
         select $1::bigint, id, $2::bigint, partner, item, period, 10, 0 from e union all select $1::bigint, id, $3::bigint, null, null, period, 0, 10 from e`,
        [tenantId, receivable, revenue],
      );
      await cl.query('commit');
    } catch (err) {
      await cl.query('rollback');
      throw err;
    } finally {
      cl.release();
    }
  }
  await sql.query('analyze fin_journal_line; analyze fin_balance; analyze fin_open_item; analyze fin_entry');
  const bulkS = (performance.now() - t0) / 1000;
  const lines = Number((await sql.query('select count(*) from fin_journal_line where tenant_id = $1', [tenantId])).rows[0].count);
  const openItems = Number((await sql.query('select count(*) from fin_open_item where tenant_id = $1 and balance <> 0', [tenantId])).rows[0].count);

  const period = '2026-10';
  const trialApi = await timed(() => c.ok('GET', `/finance/trialBalance?period=${period}`));
  const trialRaw = await timed(() =>
    sql.query(
      `select a.id, a.code, sum(b.debit - b.credit) filter (where b.period < $2), sum(b.debit) filter (where b.period = $2), sum(b.credit) filter (where b.period = $2),
              sum(b.debit - b.credit) from fin_account a join fin_balance b on b.tenant_id = a.tenant_id and b.account_id = a.id and b.period <= $2
        where a.tenant_id = $1 group by a.id, a.code order by a.code`,
      [tenantId, 202610],
    ),
  );
  const trialNaive = await timed(() =>
    sql.query(
      `select account_id, sum(debit - credit) filter (where period < $2), sum(debit) filter (where period = $2), sum(credit) filter (where period = $2)
         from fin_journal_line where tenant_id = $1 and period <= $2 group by account_id`,
      [tenantId, 202610],
    ),
  );
  const ageingApi = await timed(() => c.ok('GET', '/finance/ageing?type=应收'));
  const ageingRaw = await timed(() =>
    sql.query(
      `select partner_id, sum(sign * balance), sum(sign * balance) filter (where current_date - doc_date <= 30), sum(sign * balance) filter (where current_date - doc_date > 90)
         from fin_open_item where tenant_id = $1 and balance <> 0 and sign = 1 group by partner_id`,
      [tenantId],
    ),
  );

  const rate = (l: typeof apiLoad) => l.docs / l.seconds;
  console.log(
    `\n## bench:finance — ${new Date().toISOString()} — ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(`\n| receipts (${SETTLES} sales settled each, ${clients} clients, ${seconds} s) | docs/s | p50 ms | p95 ms | errors | server+DB CPU ms/doc |`);
  console.log('|---|--:|--:|--:|--:|--:|');
  for (const l of [apiLoad, rawLoad]) console.log(`| ${l.name} | ${f(rate(l), 0)} | ${f(l.p50)} | ${f(l.p95)} | ${l.errors} | ${f(l.serverMsPerDoc)} |`);
  console.log(`\njournal: ${lines} lines, ${openItems} open items (bulk insert by raw SQL with the triggers: ${f(bulkS)} s)`);
  console.log(`\n| query (${repeat} calls) | p50 ms | p95 ms |`);
  console.log('|---|--:|--:|');
  const q = (name: string, t: { p50: number; p95: number }) => console.log(`| ${name} | ${f(t.p50)} | ${f(t.p95)} |`);
  q(`trial balance ${period} (API, period balance rows)`, trialApi);
  q('trial balance, the same SQL raw', trialRaw);
  q('trial balance summed from the journal lines (naive, raw)', trialNaive);
  q('receivable ageing (API, open items)', ageingApi);
  q('receivable ageing, the same SQL raw', ageingRaw);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nreceipts ≥ ${GOALS.receiptsPerS} docs/s at ${clients} clients: ${verdict(rate(apiLoad) >= GOALS.receiptsPerS)} (${f(rate(apiLoad), 0)}; raw SQL ${f(rate(rawLoad), 0)})`,
  );
  console.log(`trial balance p95 ≤ ${GOALS.trialP95} ms: ${verdict(trialApi.p95 <= GOALS.trialP95)} (${f(trialApi.p95)} ms)`);
  console.log(`ageing ≤ ${GOALS.ageingMs} ms: ${verdict(ageingApi.p95 <= GOALS.ageingMs)} (p95 ${f(ageingApi.p95)} ms over ${openItems} open items)`);
  for (const l of [apiLoad, rawLoad]) if (l.firstError) console.log(`first error in ${l.name}: ${l.firstError}`);
  return apiLoad.errors === 0 && rawLoad.errors === 0;
}

await runBench(main);
