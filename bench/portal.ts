/**
 * `npm run bench:portal` (issue 22): a supplier's order list in the portal with BENCH_SUPPLIER_LINES (50,000) order
 * lines for that supplier among BENCH_LINES (1,000,000) purchase order lines of one company (10 lines an order, the
 * rest spread over 99 other suppliers), on PostgreSQL (DATABASE_URL, required). The app runs in this process
 * (app.inject, no TCP). The seed is plain SQL in a fresh company; the supplier signs in through its invitation and
 * calls GET /portal/order/list (page 1, a deep page, open orders only) BENCH_REQUESTS (200) times each after 20
 * warm-up calls: each request runs as erp_portal under the supplier policies. Goal: p95 ≤ 200 ms.
 *
 * The same world serves 供应商绩效 (GET /portal/buyer/performance, the buyer's report over all suppliers for the last
 * 30 days): orders are due 7 days after their date, and each completed order (a third) has an audited purchase
 * inbound of its 10 lines linked to them, received 0–9 days after the order (so some late); timed
 * BENCH_REPORT_REQUESTS (20) times after 3 warm-up calls, as the company's administrator, and again for the last 3 days. No goal is set for it in
 * the issue; the figure shows whether the grouped scans stay fast at 1,000,000 order lines.
 */
import os from 'node:os';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:portal needs DATABASE_URL (PostgreSQL)');
process.env.TEST_DB = 'postgres';
const lines = Number(process.env.BENCH_LINES ?? 1_000_000);
const mine = Number(process.env.BENCH_SUPPLIER_LINES ?? 50_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const reportRequests = Number(process.env.BENCH_REPORT_REQUESTS ?? 20);

const { testApp, newTenant, client, login } = await import('../apps/server/src/test-support/harness.ts');
const { app, db } = await testApp();
const t = await newTenant(app, 'benchportal');
const tenantId = t.tenantId;
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const data = async (p: Promise<{ body: { code: number; data: any } }>) => {
  const r = await p;
  if (r.body.code !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data;
};

const suppliers: number[] = [];
for (let i = 0; i < 100; i++) suppliers.push((await data(t.api.post('/supplier/add', { name: `bench供应商${i}`, type: '供应商' }))).id);
const depotId = (await data(t.api.post('/depot/add', { name: 'bench仓' }))).id;
await data(t.api.post('/material/add', { name: 'bench物料', unit: '个', barCodes: [{ barCode: `BENCH-${tenantId}`, commodityUnit: '个' }] }));
const invite = await data(t.api.post('/portal/user/invite', { supplierId: suppliers[0], loginName: `benchsup${tenantId}`, username: 'bench' }));
await data(client(app).post('/portal/invite/accept', { token: invite.token, password: 'abc123' }));
const sup = await login(app, `benchsup${tenantId}`, 'abc123');

console.log(`seeding ${lines} order lines (${mine} for the measured supplier) in company ${tenantId} …`);
const start = process.hrtime.bigint();
await db.system(async (tx) => {
  const m = (await tx.one<{ id: number; ext: number }>(
    'select m.id, e.id as ext from material m join material_extend e on e.tenant_id = m.tenant_id and e.material_id = m.id where m.tenant_id = $1',
    [tenantId],
  ))!;
  const orders = Math.ceil(lines / 10);
  const mineOrders = Math.ceil(mine / 10);
  // order g < mineOrders goes to the measured supplier, the others round-robin to the 99 others; a third completed
  await tx.query(
    `insert into depot_head(tenant_id, doc_key, type, sub_type, number, oper_time, delivery_date, organ_id, status, total_price)
     select $1, 'purchaseOrder', '其它', '采购订单', 'BCG' || lpad(g::text, 8, '0'), t, t::date + 7,
            case when g < $3 then ($4::bigint[])[1] else ($4::bigint[])[2 + g % 99] end, case when g % 3 = 0 then '2' else '1' end, 100
       from generate_series(0, $2 - 1) g, lateral (select now() - (g % 700) * interval '1 hour' as t) x`,
    [tenantId, orders, mineOrders, suppliers],
  );
  await tx.query(
    `insert into depot_item(tenant_id, header_id, line_no, material_id, material_extend_id, material_unit, oper_number, basic_number, unit_price, all_price, depot_id)
     select h.tenant_id, h.id, n, $2, $3, '个', 10, 10, 1, 10, $4 from depot_head h cross join generate_series(1, 10) n
      where h.tenant_id = $1 and h.number like 'BCG%'`,
    [tenantId, m.id, m.ext, depotId],
  );
  // the completed orders' receipts (for 供应商绩效): one audited inbound each, its lines linked to the order's
  await tx.query(
    `insert into depot_head(tenant_id, doc_key, type, sub_type, number, oper_time, organ_id, status, total_price)
     select tenant_id, 'purchaseIn', '入库', '采购', 'BCI' || substr(number, 4), oper_time + (id % 10) * interval '1 day', organ_id, '1', 100
       from depot_head where tenant_id = $1 and number like 'BCG%' and status = '2'`,
    [tenantId],
  );
  await tx.query(
    `insert into depot_item(tenant_id, header_id, line_no, material_id, material_extend_id, material_unit, oper_number, basic_number, unit_price, all_price, depot_id, link_id)
     select ih.tenant_id, ih.id, oi.line_no, oi.material_id, oi.material_extend_id, '个', 10, 10, 1, 10, oi.depot_id, oi.id
       from depot_head ih join depot_head oh on oh.tenant_id = ih.tenant_id and oh.number = 'BCG' || substr(ih.number, 4)
       join depot_item oi on oi.tenant_id = oh.tenant_id and oi.header_id = oh.id
      where ih.tenant_id = $1 and ih.number like 'BCI%'`,
    [tenantId],
  );
  await tx.query(
    `update depot_item i set finished_number = 10 from depot_head h
      where h.tenant_id = $1 and h.number like 'BCG%' and h.status = '2' and i.tenant_id = h.tenant_id and i.header_id = h.id`,
    [tenantId],
  );
  await tx.exec('analyze depot_head; analyze depot_item');
});
console.log(`seeded in ${(ms(start) / 1000).toFixed(1)} s`);

async function time(path: string, as = sup.api, n = requests, warm = 20) {
  for (let i = 0; i < warm; i++) await as.get(path);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = process.hrtime.bigint();
    const r = await as.get(path);
    times.push(ms(s));
    if (r.body.code !== 200) throw new Error(r.text);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99) };
}
const total = (await data(sup.api.get('/portal/order/list?pageSize=20'))).total as number;
// what the machine gives any portal call now: the same session, access and erp_portal transaction, one tiny query
const baseline = await time('/portal/advice/list?currentPage=1&pageSize=5');
const first = await time('/portal/order/list?currentPage=1&pageSize=20');
const deep = await time('/portal/order/list?currentPage=100&pageSize=20');
const open = await time('/portal/order/list?currentPage=1&pageSize=20&open=1');
const day = (d: number) => new Date(Date.now() - d * 864e5).toISOString().slice(0, 10);
const perfPath = `/portal/buyer/performance?beginTime=${day(30)}&endTime=${day(0)}`;
const perfRows = (await data(t.api.get(perfPath))).rows as Array<{ receivedLines: number; dueLines: number }>;
const perfLines = perfRows.reduce((a, r) => a + r.receivedLines, 0);
const perfDue = perfRows.reduce((a, r) => a + r.dueLines, 0);
const perf = await time(perfPath, t.api, reportRequests, 3);
// a short period (the last 3 days): what the report reads should shrink with the period, not stay the company's
const shortPath = `/portal/buyer/performance?beginTime=${day(3)}&endTime=${day(0)}`;
const shortRows = (await data(t.api.get(shortPath))).rows as Array<{ receivedLines: number; dueLines: number }>;
const shortLines = shortRows.reduce((a, r) => a + r.receivedLines, 0);
const shortDue = shortRows.reduce((a, r) => a + r.dueLines, 0);
const short = await time(shortPath, t.api, reportRequests, 3);
const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(`load average at the end: ${load}`);
console.log(
  `| supplier order list, page 1 (${total} lines of ${lines}) | p50 ${first.p50} / p95 ${first.p95} / p99 ${first.p99} ms | p95 ≤ 200 ms |\n` +
    `| page 100 | p50 ${deep.p50} / p95 ${deep.p95} / p99 ${deep.p99} ms | p95 ≤ 200 ms |\n` +
    `| open orders only | p50 ${open.p50} / p95 ${open.p95} / p99 ${open.p99} ms | p95 ≤ 200 ms |\n` +
    `| baseline: GET /portal/advice/list (empty) | p50 ${baseline.p50} / p95 ${baseline.p95} / p99 ${baseline.p99} ms | — |\n` +
    `| 供应商绩效, last 30 days, ${perfRows.length} suppliers (${perfLines} received lines, ${perfDue} lines due) | p50 ${perf.p50} / p95 ${perf.p95} / p99 ${perf.p99} ms | — |\n` +
    `| 供应商绩效, last 3 days (${shortLines} received lines, ${shortDue} lines due) | p50 ${short.p50} / p95 ${short.p95} / p99 ${short.p99} ms | — |`,
);
await app.close();
await db.close();
