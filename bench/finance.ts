/**
 * `npm run bench:finance`: the finance journal on PostgreSQL, through the real server (the bundle, as bench/run.ts
 * starts it) on a fresh database seeded with the demo, each figure beside a raw-SQL baseline in the same run.
 * 1. Posting receipts that each settle 10 sales (closed loops of BENCH_CLIENTS clients, disjoint sales per
 *    client), against the same rows written by raw SQL in one transaction (lock the open items, head, lines,
 *    entry, journal lines; the database's own triggers run for both).
 * 2. Over a journal grown by raw SQL to BENCH_JOURNAL_LINES lines (default 10,000,000, as issue 14 asks;
 *    BENCH_OPEN_ITEMS of them, default 1,000,000, credit sales with open items, the rest cash sales; BENCH_CLOSE_LINES,
 *    default 1,000,000, in last month, the others over the 23 months before): the trial balance of last month, the
 *    customers' reconciliation statement of last month, their day statement (jshERP's 客户对账) over its second half,
 *    the receivable ageing and this year's income statement through
 *    the API, each beside the same SQL run raw (the trial balance also beside the naive sum of the journal lines);
 *    then the months before last closed (untimed) and last month's close timed through the API, and all reopened.
 * The receipts of 1. run after the journal has grown (issue 14: "with 10,000,000 journal lines").
 * BENCH_SECONDS (10), BENCH_WARMUP (2), BENCH_CLIENTS (8), BENCH_REPEAT (30 report calls per side).
 * The 10,000,000-line load takes long: BENCH_SEED_ONLY=1 loads and keeps the database; BENCH_REUSE=<database>
 * measures on such a kept database.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { apiClient, closedLoop, percentile, pool } from './lib/closed-loop.ts';
import { backendPids } from './lib/db.ts';
import { keptLine, loadMode, startErp } from './lib/erp.ts';
import { growJournal } from './lib/grow-journal.ts';
import { captureRouteSql } from './lib/route-sql.ts';
import type { Statement } from './lib/raw-sql.ts';
import { tenantPreamble } from '../apps/server/src/platform/db/database.ts';
import type { RouteSpec } from '../apps/server/src/platform/http/route.ts';
import { financeRoutes } from '../apps/server/src/modules/finance/index.ts';
import { cleanups, guardRun, envNumber, runBench } from './lib/exit-guard.ts';

const seconds = envNumber('BENCH_SECONDS', 10, 1);
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const clients = Math.round(envNumber('BENCH_CLIENTS', 8, 1));
const journalLines = Math.round(envNumber('BENCH_JOURNAL_LINES', 10_000_000, 0));
const openItemsWanted = Math.round(envNumber('BENCH_OPEN_ITEMS', 1_000_000, 0));
const closeLines = Math.round(envNumber('BENCH_CLOSE_LINES', 1_000_000, 0));
const { seedOnly, reuse } = loadMode;
const repeat = Math.round(envNumber('BENCH_REPEAT', 30, 1));
const SETTLES = 10;
const month = (d: Date) => d.toISOString().slice(0, 7);
const TODAY = new Date().toISOString().slice(0, 10);
// last month: the one the reports read and the bench closes (this month is not over, so it cannot close)
const LAST = month(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)));
/** The last day of a month (YYYY-MM) as YYYY-MM-DD. */
const lastDay = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
const RUN = crypto.randomBytes(3).toString('hex');
const GOALS = { receiptsPerS: 150, trialP95: 200, statementP95: 300, ageingMs: 1000, incomeMs: 1000, closeS: 30 };

// a hard bound on the whole run, so nothing hangs for ever; cleanups undone on every exit path
guardRun(2 * (seconds + warmupSeconds) + 1500 + (reuse ? 0 : journalLines / 2000));

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

type Sql = pg.Pool;
type Timing = { p50: number; p95: number };

/** The company's ids the bench needs: jsh's 演示公司, its accounts by role, its customers. */
async function company(sql: Sql, tenantId: number) {
  const acc = async (role: string) => Number((await sql.query('select id from fin_account where tenant_id = $1 and role = $2', [tenantId, role])).rows[0].id);
  const userId = Number((await sql.query("select id from sys_user where tenant_id = $1 and login_name = 'jsh'", [tenantId])).rows[0].id);
  const partners = (await sql.query("select id from partner where tenant_id = $1 and type = '客户' order by id limit 50", [tenantId])).rows.map((r) =>
    Number(r.id),
  );
  return { userId, partners, receivable: await acc('receivable'), revenue: await acc('revenue') };
}

/** 1. Receipts settling SETTLES sales each, through the API and as the same rows by raw SQL. */
async function receipts(c: ReturnType<typeof apiClient>, sql: Sql, tenantId: number, userId: number, ourPids: () => Promise<number[]>) {
  // stock, then SETTLES sales per client with arrears enough for every receipt (names per run: a kept database is reused)
  const code = `FINB${RUN}`;
  const depot = (await c.ok('POST', '/depot/add', { name: `压测财务仓${RUN}` })).id!;
  const supplier = (await c.ok('POST', '/supplier/add', { name: `压测财务供应商${RUN}`, type: '供应商' })).id!;
  const customer = (await c.ok('POST', '/supplier/add', { name: `压测财务客户${RUN}`, type: '客户' })).id!;
  const account = (await c.ok('POST', '/account/add', { name: `压测财务账户${RUN}` })).id!;
  await c.ok('POST', '/material/add', { name: `压测财务商品${RUN}`, unit: '个', barCodes: [{ barCode: code, commodityUnit: '个' }] });
  const doc = (type: string, subType: string, organId: number, qty: number) =>
    c.ok('POST', '/depotHead/addDepotHeadAndDetail', {
      info: { type, subType, operTime: `${TODAY} 09:00:00`, organId },
      rows: [{ barCode: code, operNumber: qty, unitPrice: 1000, depotId: depot }],
    });
  await doc('入库', '采购', supplier, 100_000);
  const sales = (await pool(Array.from({ length: clients * SETTLES }), 4, () => doc('出库', '销售', customer, 100))).map((d) => d.id!);
  const group = (k: number) => sales.slice(k * SETTLES, (k + 1) * SETTLES);
  const receipt = (ids: number[]) => ({
    info: { type: '收款', billTime: `${TODAY} 10:00:00`, organId: customer, accountId: account },
    rows: ids.map((billId) => ({ billId, eachAmount: '0.01' })),
  });
  await c.ok('POST', '/accountHead/addAccountHeadAndDetail', receipt(group(0)));
  const bank = Number((await sql.query('select id from fin_account where tenant_id = $1 and settlement_account_id = $2', [tenantId, account])).rows[0].id);
  const { receivable } = await company(sql, tenantId);
  const items = new Map<number, number>(
    (await sql.query('select id, doc_id from fin_open_item where tenant_id = $1 and doc_kind = $2 and doc_id = any($3)', [tenantId, 'depot', sales])).rows.map(
      (r) => [Number(r.doc_id), Number(r.id)],
    ),
  );
  const period = Number(TODAY.slice(0, 7).replace('-', ''));
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
        [tenantId, `RAW${crypto.randomUUID()}`, `${TODAY} 10:00:00`, customer, account, (0.01 * SETTLES).toFixed(2), userId],
      );
      const hid = h.rows[0].id;
      await cl.query(
        `insert into account_item(tenant_id, header_id, line_no, bill_id, each_amount) select $1::bigint, $2::bigint, n, b, 0.01 from unnest($3::bigint[]) with ordinality x(b, n)`,
        [tenantId, hid, group(k)],
      );
      const e = await cl.query(
        `insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period, creator) values ($1, 'account', $2, $3, $4, $5) returning id`,
        [tenantId, hid, TODAY, period, userId],
      );
      await cl.query(
        `insert into fin_journal_line(tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
         select $1::bigint, $2::bigint, $3::bigint, null::bigint, null::bigint, $8::int, $6::numeric, 0
         union all select $1::bigint, $2::bigint, $4::bigint, $5::bigint, o, $8::int, 0, 0.01 from unnest($7::bigint[]) o`,
        [tenantId, e.rows[0].id, bank, receivable, customer, (0.01 * SETTLES).toFixed(2), open, period],
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
  return { apiLoad, rawLoad };
}

/** p50 and p95 of a route's own SQL replayed raw in a tenant transaction, as the server runs it. */
async function rawRoute(databaseUrl: string, sql: Sql, who: { tenantId: number; userId: number }, path: string, query: Record<string, string>) {
  const stmts: Statement[] = await captureRouteSql(databaseUrl, who, path, query, financeRoutes as RouteSpec[]);
  return timed(async () => {
    const cl = await sql.connect();
    try {
      await cl.query(`begin; ${tenantPreamble(who.tenantId)}`);
      for (const [text, params] of stmts) await cl.query(text, params);
      await cl.query('commit');
    } finally {
      cl.release();
    }
  });
}

/** 2. The reports over the grown journal, each through the API and its SQL raw. */
async function reports(c: ReturnType<typeof apiClient>, sql: Sql, databaseUrl: string, who: { tenantId: number; userId: number }) {
  const p = Number(LAST.replace('-', ''));
  const year = TODAY.slice(0, 4);
  const out: Array<[string, Timing, number | null]> = [];
  const both = async (name: string, path: string, query: Record<string, string>, goal: number) => {
    out.push([`${name} (API)`, await timed(() => c.ok('GET', `${path}?${new URLSearchParams(query)}`)), goal]);
    out.push([`${name}, the same SQL raw`, await rawRoute(databaseUrl, sql, who, path, query), null]);
  };
  await both(`trial balance ${LAST}`, '/finance/trialBalance', { period: LAST }, GOALS.trialP95);
  out.push([
    'trial balance summed from the journal lines (naive, raw)',
    await timed(() =>
      sql.query(
        `select account_id, sum(debit - credit) filter (where period < $2), sum(debit) filter (where period = $2), sum(credit) filter (where period = $2)
           from fin_journal_line where tenant_id = $1 and period <= $2 group by account_id`,
        [who.tenantId, p],
      ),
    ),
    null,
  ]);
  await both(
    `customers' reconciliation statement ${LAST}`,
    '/finance/partnerStatement',
    { type: '客户', beginMonth: LAST, endMonth: LAST },
    GOALS.statementP95,
  );
  // jshERP's 客户对账 (its getStatementAccount): by day, the second half of last month; the months before from fin_balance
  await both(
    `customers' day statement ${LAST}-16…end`,
    '/finance/partnerDayStatement',
    { type: '客户', beginTime: `${LAST}-16`, endTime: lastDay(LAST) },
    GOALS.statementP95,
  );
  out.push([
    "the day statement's journal part as it was: every line through the last day (raw)",
    await timed(() =>
      sql.query(
        `select l.partner_id, sum(l.debit - l.credit) filter (where e.entry_date < $2::date), sum(l.debit - l.credit)
           from fin_journal_line l join fin_entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
           join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id and a.by_partner
          where l.tenant_id = $1 and l.partner_id is not null and e.entry_date <= $3::date group by l.partner_id`,
        [who.tenantId, `${LAST}-16`, lastDay(LAST)],
      ),
    ),
    null,
  ]);
  await both('receivable ageing', '/finance/ageing', { type: '应收' }, GOALS.ageingMs);
  await both(`income statement ${year}`, '/finance/incomeStatement', { year }, GOALS.incomeMs);
  return out;
}

/** 3. Closes the months before last (untimed), then last month (timed), then reopens them all, newest first. */
async function closing(c: ReturnType<typeof apiClient>) {
  const before = month(new Date(Date.UTC(Number(LAST.slice(0, 4)), Number(LAST.slice(5, 7)) - 2, 1)));
  const t0 = performance.now();
  const earlier = ((await c.ok('POST', '/finance/period/close', { period: before })) as unknown as { closed: string[] }).closed;
  const earlierS = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await c.ok('POST', '/finance/period/close', { period: LAST });
  const lastS = (performance.now() - t1) / 1000;
  for (const m of [LAST, ...earlier.reverse()]) await c.ok('POST', '/finance/period/reopen', { period: m, reason: 'bench:finance' });
  return { earlier: earlier.length, earlierS, lastS };
}

async function main(): Promise<boolean> {
  const first = cleanups.length;
  const { dbName, databaseUrl, erp, api } = await startErp('erp_bench_finance', cleanups, reuse);
  if (seedOnly && !reuse) cleanups.splice(first, 1);
  const sql = new pg.Pool({ connectionString: databaseUrl, max: clients + 1 });
  cleanups.push(() => sql.end());
  const ourPids = async () => [erp.pid ?? 0, ...(await backendPids(dbName))];
  const c = apiClient(api);
  await c.signIn();
  const tenantId = Number((await sql.query("select tenant_id from sys_user where login_name = 'jsh'")).rows[0].tenant_id);
  const co = await company(sql, tenantId);
  let bulkS: number | undefined;
  if (!reuse) {
    const t0 = performance.now();
    // the cash sales' money goes to a bank account of the company
    const bank = Number((await sql.query("select id from fin_account where tenant_id = $1 and role = 'bank' order by id limit 1", [tenantId])).rows[0].id);
    await growJournal(sql, { tenantId, lines: journalLines, openItems: openItemsWanted, closeLines, closeMonth: LAST, partners: co.partners }, { ...co, bank });
    bulkS = (performance.now() - t0) / 1000;
  }
  const lines = Number((await sql.query('select count(*) from fin_journal_line where tenant_id = $1', [tenantId])).rows[0].count);
  const openItems = Number((await sql.query('select count(*) from fin_open_item where tenant_id = $1 and balance <> 0', [tenantId])).rows[0].count);
  const grown = `journal: ${lines} lines, ${openItems} open items${bulkS === undefined ? ` (loaded earlier: BENCH_REUSE=${reuse})` : ` (bulk insert by raw SQL with the triggers: ${f(bulkS)} s)`}`;
  if (seedOnly) {
    console.log(`${grown}\n${keptLine(dbName, 'bench:finance')}`);
    return true;
  }
  const { apiLoad, rawLoad } = await receipts(c, sql, tenantId, co.userId, ourPids);
  const queries = await reports(c, sql, databaseUrl, { tenantId, userId: co.userId });
  const close = await closing(c);

  const rate = (l: typeof apiLoad) => l.docs / l.seconds;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\n## bench:finance — ${new Date().toISOString()} — ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(`\n| receipts (${SETTLES} sales settled each, ${clients} clients, ${seconds} s) | docs/s | p50 ms | p95 ms | errors | server+DB CPU ms/doc |`);
  console.log('|---|--:|--:|--:|--:|--:|');
  for (const l of [apiLoad, rawLoad]) console.log(`| ${l.name} | ${f(rate(l), 0)} | ${f(l.p50)} | ${f(l.p95)} | ${l.errors} | ${f(l.serverMsPerDoc)} |`);
  console.log(`\n${grown}`);
  console.log(`\n| query (${repeat} calls) | p50 ms | p95 ms | goal (p95) |`);
  console.log('|---|--:|--:|---|');
  for (const [name, t, goal] of queries)
    console.log(`| ${name} | ${f(t.p50)} | ${f(t.p95)} | ${goal === null ? '' : `≤ ${goal} ms: ${verdict(t.p95 <= goal)}`} |`);
  console.log(
    `\nclosing ${LAST} (${closeLines.toLocaleString('en')} lines): ${f(close.lastS, 2)} s, ≤ ${GOALS.closeS} s: ${verdict(close.lastS <= GOALS.closeS)}` +
      ` (the ${close.earlier} months before it closed first in one call: ${f(close.earlierS, 2)} s; all reopened after)`,
  );
  console.log(
    `receipts ≥ ${GOALS.receiptsPerS} docs/s at ${clients} clients: ${verdict(rate(apiLoad) >= GOALS.receiptsPerS)} (${f(rate(apiLoad), 0)}; raw SQL ${f(rate(rawLoad), 0)})`,
  );
  for (const l of [apiLoad, rawLoad]) if (l.firstError) console.log(`first error in ${l.name}: ${l.firstError}`);
  return apiLoad.errors === 0 && rawLoad.errors === 0;
}

await runBench(main);
