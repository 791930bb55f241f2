/**
 * `npm run bench:mrp` (issue 16): one MRP run over BENCH_MRP_ITEMS items (10,000) in 5-level BOMs with
 * BENCH_MRP_DEMAND open sales-order lines (100,000), on a fresh PostgreSQL database (DATABASE_URL's
 * server, database erp_bench_mrp), with the SQL statements the run sent; then the same run over a
 * tenth of the items, to show the statement count does not grow with them. Then finite-capacity
 * scheduling of 5,000 operations on 20 work centres (in process, on a calendar with holidays).
 * BENCH_MRP_BUCKET: 'week' (the default, as a run's default) or 'day' (netting per day, as before 2026-11-27).
 * Goals: MRP ≤ 10 s, scheduling ≤ 2 s.
 */
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/open-database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import { runMrp } from '../apps/server/src/modules/manufacturing/index.ts';
import { WorkCalendar } from '../apps/server/src/modules/manufacturing/index.ts';
import { shiftWindow } from '../apps/server/src/modules/manufacturing/calendar/work-calendar.ts';
import { Load, scheduleForward, type Op } from '../apps/server/src/modules/manufacturing/schedule/scheduler.ts';

const ITEMS = Number(process.env.BENCH_MRP_ITEMS ?? 10_000);
const DEMAND = Number(process.env.BENCH_MRP_DEMAND ?? 100_000);
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAN_DATE = '2026-11-30';
const BUCKET = process.env.BENCH_MRP_BUCKET === 'day' ? 'day' : 'week';

/** A company with `items` materials in 5 levels (10 %, 20 %, 20 %, 20 %, 30 %), 4 components per made item, `demand` sales-order lines. */
async function seed(db: Database, items: number, demand: number): Promise<number> {
  return db.system(async (tx) => {
    const t = (await tx.one<{ id: number }>(
      `insert into tenant(name, expire_time) values ('MRP bench ' || $1::bigint, now() + interval '1 year') returning id::int as id`,
      [items],
    ))!.id;
    const p = [t, items, demand];
    const cut = `array[0, ($2::int * 0.1)::int, ($2::int * 0.3)::int, ($2::int * 0.5)::int, ($2::int * 0.7)::int, $2::int]`;
    await tx.query(
      `insert into material(tenant_id, id, name, unit) select $1::bigint, $1::bigint * 1000000 + g, 'M' || g, '个' from generate_series(1, $2::int) g`,
      p.slice(0, 2),
    );
    await tx.query(`insert into depot(tenant_id, id, name) values ($1::bigint, $1::bigint * 1000000 + 1, '总仓')`, [t]);
    await tx.query(`insert into partner(tenant_id, id, name, type) values ($1::bigint, $1::bigint * 1000000 + 1, '客户', '客户')`, [t]);
    // level of item g: the k with cut[k] < g ≤ cut[k+1]; made items (levels 0-3) get one BOM with 4 lines into the next level
    await tx.query(
      `with c as (select ${cut} as a), lv as (select g, (select max(k) from generate_subscripts((select a from c), 1) k where (select a from c)[k] < g) - 1 as lvl from generate_series(1, $2::int) g)
       insert into mfg_bom(tenant_id, id, material_id, version, qty, is_default, enabled)
       select $1::bigint, $1::bigint * 1000000 + g, $1::bigint * 1000000 + g, 'V1', 1, true, true from lv where lvl < 4`,
      p.slice(0, 2),
    );
    await tx.query(
      `with c as (select ${cut} as a), lv as (select g, (select max(k) from generate_subscripts((select a from c), 1) k where (select a from c)[k] < g) - 1 as lvl from generate_series(1, $2::int) g)
       insert into mfg_bom_line(tenant_id, bom_id, seq, material_id, qty, scrap_rate)
       select $1::bigint, $1::bigint * 1000000 + g, j, $1::bigint * 1000000 + (c.a)[lvl + 2] + 1 + ((g * 7 + j * 13) % ((c.a)[lvl + 3] - (c.a)[lvl + 2])), 1 + j % 3, (j % 2) * 5
         from lv, c, generate_series(1, 4) j where lvl < 4`,
      p.slice(0, 2),
    );
    await tx.query(
      `insert into mfg_item_plan(tenant_id, material_id, source, lead_days, safety_stock, min_lot)
       select $1::bigint, $1::bigint * 1000000 + g, case when g <= ($2::int * 0.7)::int then 'make' else 'buy' end, 1 + g % 5, case when g % 10 = 0 then 50 else 0 end, 0 from generate_series(1, $2::int) g`,
      p.slice(0, 2),
    );
    await tx.query(
      `insert into stock_balance(tenant_id, material_id, depot_id, qty) select $1::bigint, $1::bigint * 1000000 + g, $1::bigint * 1000000 + 1, (g % 7) * 20 from generate_series(1, $2::int) g`,
      p.slice(0, 2),
    );
    // demand: sales orders of 100 lines each on the finished goods, due over the next 60 days
    await tx.query(
      `insert into material_extend(tenant_id, id, material_id, bar_code, commodity_unit, default_flag)
       select $1::bigint, $1::bigint * 1000000 + g, $1::bigint * 1000000 + g, 'B' || $1::bigint || '-' || g, '个', true from generate_series(1, ($2::int * 0.1)::int) g`,
      p.slice(0, 2),
    );
    await tx.query(
      `insert into depot_head(tenant_id, id, doc_key, type, sub_type, number, oper_time, organ_id, status, delivery_date)
       select $1::bigint, $1::bigint * 1000000 + h, 'saleOrder', '其它', '销售订单', 'XSDD' || $1::bigint || '-' || h, '2026-11-20', $1::bigint * 1000000 + 1, '1', date '2026-12-01' + (h % 60)
         from generate_series(1, ceil($2::int / 100.0)::int) h`,
      [t, demand],
    );
    await tx.query(
      `insert into depot_item(tenant_id, header_id, line_no, material_id, material_extend_id, material_unit, oper_number, basic_number, depot_id)
       select $1::bigint, $1::bigint * 1000000 + 1 + (n - 1) / 100, 1 + (n - 1) % 100, $1::bigint * 1000000 + m, $1::bigint * 1000000 + m, '个', q, q, $1::bigint * 1000000 + 1
         from (select n, 1 + (n * 37) % ($2::int * 0.1)::int as m, 1 + n % 9 as q from generate_series(1, $3::int) n) x`,
      [t, items, demand],
    );
    await tx.query(
      `insert into mfg_calendar(tenant_id, name, is_default, workdays, shift1_start, shift1_end) values ($1::bigint, '日历', true, '1,2,3,4,5', '08:00', '17:00')`,
      [t],
    );
    await tx.query('analyze');
    return t;
  });
}

async function timeMrp(db: Database, tenantId: number) {
  const t0 = performance.now();
  const r = await runMrp(
    { tenantId, tenant: (fn) => db.tenant(tenantId, fn), analyze: (sql) => db.system((tx) => tx.exec(sql)), progress: async () => undefined },
    PLAN_DATE,
    BUCKET,
  );
  return { ...r, seconds: (performance.now() - t0) / 1000 };
}

function scheduleBench() {
  const cal = new WorkCalendar({
    workdays: new Set([1, 2, 3, 4, 5]),
    shifts: [shiftWindow('08:00', '12:00'), shiftWindow('13:00', '17:00')],
    days: new Map([['2026-12-08', { kind: 'holiday' as const }]]),
  });
  const centres = new Map(Array.from({ length: 20 }, (_, i) => [i + 1, { capacity: 1 + (i % 3), calendar: cal }]));
  const ops: Op[] = Array.from({ length: 5000 }, (_, i) => ({
    id: i + 1,
    job: `J${Math.floor(i / 5)}`,
    seq: (i % 5) + 1,
    centre: 1 + ((i * 7) % 20),
    minutes: 30 + (i % 11) * 15,
  }));
  const t0 = performance.now();
  const placed = scheduleForward(ops, new Load(centres), () => new Date('2026-11-30T08:00:00Z'));
  return { ops: placed.length, seconds: (performance.now() - t0) / 1000, last: placed.reduce((m, p) => (p.end > m ? p.end : m), new Date(0)).toISOString() };
}

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query('drop database if exists erp_bench_mrp with (force)');
await admin.query('create database erp_bench_mrp');
await admin.end();
const url = new URL(server);
url.pathname = '/erp_bench_mrp';
const db = await openDatabase({ databaseUrl: url.toString() });
try {
  await migrate(db);
  for (const [items, demand] of [
    [ITEMS / 10, DEMAND / 10],
    [ITEMS, DEMAND],
  ]) {
    const s0 = performance.now();
    const tenant = await seed(db, items, demand);
    const seedS = (performance.now() - s0) / 1000;
    const r = await timeMrp(db, tenant);
    console.log(
      `MRP ${items} items, ${demand} demand lines, per ${BUCKET} (seeded in ${seedS.toFixed(1)} s): ${r.seconds.toFixed(2)} s, ${r.statements} SQL statements, ${r.levels} levels, ${r.demands} demand rows, ${r.proposals} proposals${r.seconds <= 10 ? '' : ' — over the 10 s goal'}`,
    );
  }
  const s = scheduleBench();
  console.log(
    `scheduling ${s.ops} operations on 20 work centres: ${s.seconds.toFixed(2)} s (last end ${s.last})${s.seconds <= 2 ? '' : ' — over the 2 s goal'}`,
  );
} finally {
  await db.close();
}
