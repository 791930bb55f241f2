/**
 * `npm run bench:shopfloor`: production reporting (报工) through the real server (the bundle, as
 * bench/run.ts starts it) on a fresh PostgreSQL database, each report backflushing 10 materials
 * (an approved 倒冲领料 document of 10 lines on the stock ledger), beside a raw-SQL baseline writing
 * the same rows from the same number of connections in the same run. Each client reports on its own
 * work order whose 10 materials are its own (no two clients lock the same stock rows).
 * BENCH_SECONDS (10), BENCH_WARMUP (2), BENCH_CLIENTS (8), BENCH_QUIET_WAIT (30: seconds to wait for
 * other processes to calm down). Goal (issue 17): ≥ 100 reports/s at 8 clients, p95 ≤ 150 ms.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { apiClient, closedLoop, pool } from './lib/closed-loop.ts';
import { waitQuiet } from './lib/cpu.ts';
import { backendPids } from './lib/db.ts';
import { DISTURBED_PCT } from './lib/report.ts';
import { startErp } from './lib/erp.ts';
import { cleanups, guardRun, envNumber, runBench } from './lib/exit-guard.ts';

const seconds = envNumber('BENCH_SECONDS', 10, 1);
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const clients = Math.round(envNumber('BENCH_CLIENTS', 8, 1));
const quietWait = envNumber('BENCH_QUIET_WAIT', 30, 0);

const MATERIALS = 10;
const ORDER_QTY = 10_000_000;
const GOALS = { rate: 100, p95: 150 };
guardRun(3 * quietWait + 2 * (seconds + warmupSeconds) + 900);
const f = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(d));

type Api = ReturnType<typeof apiClient>;
interface Job {
  woId: number;
  materials: number[];
}

/** One product per client: 10 backflushed materials in stock, a one-operation route, a released and started work order. */
async function setupJob(c: Api, k: number, depot: number, centre: number, processId: number): Promise<Job> {
  const tag = `${k}${Date.now().toString(36)}`;
  const product = (await c.ok('POST', '/material/add', { name: `压测成品${tag}`, unit: '个', barCodes: [{ barCode: `BSP${tag}`, commodityUnit: '个' }] })).id!;
  const materials = await pool(
    Array.from({ length: MATERIALS }, (_, i) => i),
    4,
    async (i) =>
      (await c.ok('POST', '/material/add', { name: `压测料${tag}-${i}`, unit: '个', barCodes: [{ barCode: `BSM${tag}${i}`, commodityUnit: '个' }] })).id!,
  );
  await c.ok('POST', '/depotHead/addDepotHeadAndDetail', {
    info: { type: '入库', subType: '其它', operTime: new Date().toISOString().slice(0, 19).replace('T', ' ') },
    rows: materials.map((_m, i) => ({ barCode: `BSM${tag}${i}`, operNumber: 1_000_000_000, unitPrice: 1 + i / 10, depotId: depot })),
  });
  for (const m of materials) await c.ok('POST', '/itemPlan/add', { materialId: m, source: 'buy', leadDays: 1, backflush: true });
  const route = (
    await c.ok('POST', '/route/add', {
      name: `压测路线${tag}`,
      materialId: product,
      operations: [{ seq: 10, processId, workCentreId: centre, setupMinutes: '0', runMinutes: '0.01' }],
    })
  ).id!;
  await c.ok('POST', '/bom/add', {
    materialId: product,
    version: 'V1',
    qty: '1',
    isDefault: true,
    routeId: route,
    lines: materials.map((m, i) => ({ seq: i + 1, materialId: m, qty: '1' })),
  });
  const mo = (
    await c.ok('POST', '/makeOrder/add', {
      orderType: 'stock',
      orderDate: '2026-11-30',
      lines: [{ lineType: 'product', materialId: product, quantity: String(ORDER_QTY) }],
    })
  ).id!;
  await c.ok('POST', '/makeOrder/release', { id: mo, from: '2026-12-01 08:00:00' });
  const wo = (await c.ok('GET', `/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  const woId = wo.rows[0].id;
  await c.ok('POST', '/shopfloor/execute', { workOrderId: woId, action: 'start' });
  return { woId, materials };
}

async function main(): Promise<boolean> {
  const { dbName, databaseUrl, erp, api } = await startErp('erp_bench_shopfloor', cleanups);
  const sql = new pg.Pool({ connectionString: databaseUrl, max: clients });
  cleanups.push(() => sql.end());
  const ourPids = async () => [erp.pid ?? 0, ...(await backendPids(dbName))];
  const loop = { clients, warmupSeconds, secs: seconds };

  const setupT0 = performance.now();
  const c = apiClient(api);
  await c.signIn();
  const depot = (await c.ok('POST', '/depot/add', { name: '压测车间仓' })).id!;
  const centre = (await c.ok('POST', '/workCentre/add', { name: '压测中心', code: 'BWC', kind: 'centre', capacity: 1000, costPerHour: '30' })).id!;
  const processId = (await c.ok('POST', '/process/add', { name: '压测工序', workCentreId: centre })).id!;
  await c.ok('POST', '/shopfloor/settings', { overReportPct: '0', backflushDepotId: depot });
  const jobs: Job[] = [];
  for (let k = 0; k < clients; k++) jobs.push(await setupJob(c, k, depot, centre, processId));
  const analyze = () => sql.query('analyze');
  await analyze();
  console.error(`bench: setup (${clients} work orders × ${MATERIALS} backflushed materials) took ${((performance.now() - setupT0) / 1000).toFixed(1)} s`);

  const report = async (k: number) => {
    const r = await c.call('POST', '/shopfloor/report', { workOrderId: jobs[k].woId, goodQty: '1', person: `工人${k}`, hours: '0.01' });
    return r.code === 200 ? undefined : JSON.stringify(r).slice(0, 300);
  };
  let busy = await waitQuiet(quietWait);
  console.error(`bench: API: ${clients} clients, ${warmupSeconds} s warm-up then ${seconds} s; machine ${busy.toFixed(0)} % busy before …`);
  const loadApi = await closedLoop(`报工 + backflush of ${MATERIALS} materials (API)`, loop, (k) => report(k), ourPids, analyze);

  const raw = await rawReport(sql, jobs[0].woId, depot);
  busy = await waitQuiet(quietWait);
  console.error(`bench: raw-SQL baseline: ${clients} pg connections; machine ${busy.toFixed(0)} % busy before …`);
  const loadRaw = await closedLoop('the same rows by raw SQL (pg)', loop, (k) => raw(jobs[k]), ourPids, analyze);

  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · ${clients} clients · ${seconds} s after ${warmupSeconds} s warm-up · load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('| scenario | reports/s | p50 ms | p95 ms | p99 ms | reports | errors | CPU bench / other % | server + DB CPU ms/report (of which Node) |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const l of [loadApi, loadRaw])
    console.log(
      `| ${l.name} | ${f(l.docs / l.seconds, 0)} | ${f(l.p50)} | ${f(l.p95)} | ${f(l.p99)} | ${l.docs} | ${l.errors} | ${f(l.oursCpuPct, 0)} / ${f(l.otherCpuPct, 0)} | ${f(l.serverMsPerDoc)} (${f(l.nodeMsPerDoc)}) |`,
    );
  const rate = loadApi.docs / loadApi.seconds;
  const rateRaw = loadRaw.docs / loadRaw.seconds;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nAPI / raw SQL = ${f((rate / rateRaw) * 100)} % by rate; ${f((loadRaw.serverMsPerDoc / loadApi.serverMsPerDoc) * 100)} % by server + DB CPU`);
  console.log(
    `≥ ${GOALS.rate} reports/s: ${verdict(rate >= GOALS.rate)} (${f(rate, 0)}); p95 ≤ ${GOALS.p95} ms: ${verdict(loadApi.p95 <= GOALS.p95)} (${f(loadApi.p95)})`,
  );
  const disturbed = [loadApi, loadRaw].filter((l) => l.otherCpuPct > DISTURBED_PCT).map((l) => l.name);
  if (disturbed.length) console.log(`DISTURBED: other processes took > ${DISTURBED_PCT} % of the CPU during: ${disturbed.join('; ')}`);
  for (const l of [loadApi, loadRaw]) if (l.firstError) console.log(`first error in ${l.name}: ${l.firstError}`);
  const valid = [loadApi, loadRaw].every((l) => l.errors === 0 && l.docs > 0);
  console.log(valid ? 'run valid: no errors' : 'INVALID RUN: some requests failed (see above)');
  return valid;
}

/**
 * The raw-SQL baseline of one report: the rows the API writes — the 倒冲领料 document and its 10 lines with
 * their cost, the stock rows locked in key order and updated, 10 ledger rows, the day and month stock
 * summaries, the journal entry the API posted for its first backflush (same accounts and sides, this
 * document's cost), the document number, the work order link, the issued quantities, the report, the work
 * order's quantities and the operation log — as a superuser (no row-level security, no checks).
 */
async function rawReport(sql: pg.Pool, sampleWo: number, depot: number) {
  const meta = (
    await sql.query<{ tenant_id: string; creator: string; header_id: string }>(
      `select r.tenant_id, r.creator, r.backflush_header_id as header_id from sf_report r where r.work_order_id = $1 and r.backflush_header_id is not null limit 1`,
      [sampleWo],
    )
  ).rows[0];
  const tenantId = Number(meta.tenant_id);
  const userId = Number(meta.creator);
  const lines = (
    await sql.query<{ account_id: string; partner_id: string | null; debit: boolean }>(
      `select l.account_id, l.partner_id, l.debit > 0 as debit from fin_journal_line l join fin_entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
        where e.tenant_id = $1 and e.source_kind = 'depot' and e.source_id = $2 order by l.id`,
      [tenantId, meta.header_id],
    )
  ).rows;
  const ext = new Map(
    (await sql.query<{ material_id: string; id: string }>('select material_id, id from material_extend where tenant_id = $1', [tenantId])).rows.map((r) => [
      Number(r.material_id),
      Number(r.id),
    ]),
  );
  const wo = new Map(
    (
      await sql.query<{ id: string; work_centre_id: string; quantity: string }>(
        'select id, work_centre_id, quantity from mfg_work_order where tenant_id = $1',
        [tenantId],
      )
    ).rows.map((r) => [Number(r.id), r]),
  );
  return async (job: Job): Promise<undefined> => {
    const ids = [...job.materials].sort((a, b) => a - b);
    const w = wo.get(job.woId)!;
    // each material: 1 per unit of the order (BOM qty 1), one unit reported
    const qty = 1;
    const db = await sql.connect();
    try {
      await db.query('begin');
      const token = crypto.randomUUID();
      const head = await db.query<{ id: string; item_ids: string[] }>(
        `with h as (insert into depot_head(tenant_id, doc_key, type, sub_type, number, creator, share_token, oper_time, updater, pay_type, status, remark)
                    values ($1, 'backflush', '出库', '倒冲领料', $2, $3, $4, now(), $3, '现付', '1', 'raw') returning id),
              i as (insert into depot_item(tenant_id, header_id, line_no, material_id, material_extend_id, material_unit, oper_number, basic_number, depot_id)
                    select $1, h.id, x.n, x.m, x.e, '个', $7, $7, $5 from h, unnest($6::bigint[], $8::bigint[]) with ordinality as x(m, e, n)
                    returning id, material_id)
         select h.id, array(select i.id from i order by i.material_id) as item_ids from h`,
        [tenantId, `~${token}`, userId, token, depot, ids, qty, ids.map((id) => ext.get(id))],
      );
      const headerId = head.rows[0].id;
      const costs = await db.query<{ material_id: string; qty: string; value: string }>(
        `with b as (select 1 from stock_balance where tenant_id = $1 and depot_id = $2 and batch_number = '' and material_id = any($3) order by material_id for update)
         select c.material_id, c.qty, c.value from stock_cost c where c.tenant_id = $1 and c.depot_id = $2 and c.material_id = any($3) order by c.material_id for update`,
        [tenantId, depot, ids],
      );
      const after = costs.rows.map((r) => {
        const unit = Number(r.value) / Number(r.qty);
        return { unit: unit.toFixed(6), qty: String(Number(r.qty) - qty), value: (Number(r.value) - unit * qty).toFixed(6) };
      });
      const cost = after.reduce((t, a) => t + Number(a.unit) * qty, 0).toFixed(6);
      await db.query(
        `with ledger as (insert into stock_ledger(tenant_id, header_id, item_id, material_id, depot_id, batch_number, qty_change, unit_cost, value_change, qty_after, value_after, reversal, reason)
                         select $1, $2, i, m, $3, '', -$9::numeric, u, -u * $9::numeric, q, v, false, 'backflush'
                           from unnest($4::bigint[], $5::bigint[], $6::numeric[], $7::numeric[], $8::numeric[]) as x(i, m, u, q, v)),
              cost as (update stock_cost c set qty = x.q, value = x.v, updated_at = now() from unnest($5::bigint[], $7::numeric[], $8::numeric[]) as x(m, q, v)
                        where c.tenant_id = $1 and c.depot_id = $3 and c.material_id = x.m),
              bal as (update stock_balance b set qty = x.q, updated_at = now() from unnest($5::bigint[], $7::numeric[]) as x(m, q)
                       where b.tenant_id = $1 and b.depot_id = $3 and b.batch_number = '' and b.material_id = x.m),
              line as (update depot_item i set cost_price = x.u from unnest($4::bigint[], $6::numeric[]) as x(id, u) where i.tenant_id = $1 and i.id = x.id)
         update depot_head set posted = true where tenant_id = $1 and id = $2`,
        [tenantId, headerId, depot, head.rows[0].item_ids, ids, after.map((a) => a.unit), after.map((a) => a.qty), after.map((a) => a.value), qty],
      );
      await db.query(
        `with x as (select x.*, current_date as day from unnest($2::bigint[], $3::numeric[]) with ordinality as x(m, ov, o)),
              s as (insert into stock_day_summary as s (tenant_id, material_id, depot_id, day, doc_key, in_qty, in_value, out_qty, out_value, lines)
                    select $1, x.m, $4, x.day, 'backflush', 0, 0, $5, x.ov, 1 from x order by x.o
                    on conflict (tenant_id, material_id, depot_id, day, doc_key) do update
                       set out_qty = s.out_qty + excluded.out_qty, out_value = s.out_value + excluded.out_value, lines = s.lines + excluded.lines),
              mo as (insert into stock_month_summary as s (tenant_id, material_id, depot_id, month, in_qty, in_value, out_qty, out_value, lines)
                     select $1, x.m, $4, date_trunc('month', x.day)::date, 0, 0, $5, x.ov, 1 from x order by x.o
                     on conflict (tenant_id, material_id, depot_id, month) do update
                        set out_qty = s.out_qty + excluded.out_qty, out_value = s.out_value + excluded.out_value, lines = s.lines + excluded.lines)
         insert into stock_year_summary as s (tenant_id, material_id, depot_id, year, in_qty, in_value, out_qty, out_value, lines)
         select $1, x.m, $4, date_trunc('year', x.day)::date, 0, 0, $5, x.ov, 1 from x order by x.o
         on conflict (tenant_id, material_id, depot_id, year) do update
            set out_qty = s.out_qty + excluded.out_qty, out_value = s.out_value + excluded.out_value, lines = s.lines + excluded.lines`,
        [tenantId, ids, after.map((a) => a.unit), depot, qty],
      );
      if (lines.length)
        await db.query(
          `with e as (insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period, creator)
                      values ($1, 'depot', $2, current_date, to_char(current_date, 'YYYYMM')::int, $3) returning id, period)
           insert into fin_journal_line(tenant_id, entry_id, account_id, partner_id, period, debit, credit)
           select $1, e.id, x.a, x.p, e.period, case when x.d then $7::numeric else 0 end, case when x.d then 0 else $7::numeric end
             from e, unnest($4::bigint[], $5::bigint[], $6::boolean[]) as x(a, p, d)`,
          [tenantId, headerId, userId, lines.map((l) => l.account_id), lines.map((l) => l.partner_id), lines.map((l) => l.debit), cost],
        );
      await db.query(
        `with series as (insert into doc_number_series(tenant_id, prefix, day, last_value) values ($1, 'RAWDC', current_date, 1)
                         on conflict (tenant_id, prefix, day) do update set last_value = doc_number_series.last_value + 1
                         returning 'RAWDC' || to_char(current_date, 'YYYYMMDD') || lpad(last_value::text, 6, '0') as number),
              h as (update depot_head h set number = p.number from series p where h.tenant_id = $1 and h.id = $2),
              link as (insert into sf_wo_document(tenant_id, header_id, work_order_id, kind) values ($1, $2, $3, 'backflush')),
              issued as (update mfg_work_order_material m set issued_qty = issued_qty + $4, updated_at = now() where m.tenant_id = $1 and m.work_order_id = $3),
              rep as (insert into sf_report(tenant_id, work_order_id, work_centre_id, good_qty, scrap_qty, person, hours, labour_cost, backflush_header_id, creator)
                      values ($1, $3, $5, 1, 0, 'raw', 0.01, 0.3, $2, $6)),
              log as (insert into sys_log(tenant_id, user_id, login_name, ip, operation, entity, record_ids, content)
                      values ($1, $6, 'raw', '127.0.0.1', 'report', 'workOrder', $3::text, '{}'))
         update mfg_work_order set good_qty = good_qty + 1, updater = $6, updated_at = now() where tenant_id = $1 and id = $3`,
        [tenantId, headerId, job.woId, qty, w.work_centre_id, userId],
      );
      await db.query('commit');
    } catch (e) {
      await db.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      db.release();
    }
    return undefined;
  };
}

await runBench(main);
