/**
 * `npm run bench:crm` (issue 20): the nightly high-seas reclaim over BENCH_CUSTOMERS (1,000,000) held customers of one
 * company, and the opportunity board with BENCH_OPPORTUNITIES (5,000) open opportunities, on PostgreSQL
 * (DATABASE_URL, required). The app runs in this process (app.inject, no TCP): the figures are the server's own work.
 * The seed is plain SQL in a fresh company; the reclaim is the job's function (runPool) timed from call to commit;
 * the board is GET /crm/board, BENCH_REQUESTS (300) sequential calls after 20 warm-up calls, with and without the
 * owner filter. Goals: reclaim ≤ 60 s, board p95 ≤ 100 ms.
 */
import os from 'node:os';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:crm needs DATABASE_URL (PostgreSQL)');
process.env.TEST_DB = 'postgres';
const customers = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const opportunities = Number(process.env.BENCH_OPPORTUNITIES ?? 5_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 300);

const { testApp, newTenant } = await import('../apps/server/src/test-support/harness.ts');
const { runPool } = await import('../apps/server/src/modules/crm/reclaim.ts');

const { app, db } = await testApp();
const t = await newTenant(app, 'benchcrm');
const tenantId = t.tenantId;
const userId = t.data.user.id as number;
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

console.log(`seeding ${customers} customers and ${opportunities} opportunities in company ${tenantId} …`);
let start = process.hrtime.bigint();
await db.system(async (tx) => {
  await tx.query(`insert into partner(tenant_id, name, type) select $1, 'bench客户' || g, '客户' from generate_series(1, $2) g`, [tenantId, customers]);
  // claimed 0–60 days ago, last followed up 0–40 days ago: with 30 days without follow-up, about half are due
  await tx.query(
    `insert into crm_customer(tenant_id, partner_id, status, owner_id, claimed_at, last_follow_at)
     select tenant_id, id, 'customer', $2, now() - random() * interval '60 days', now() - random() * interval '40 days'
       from partner where tenant_id = $1 and type = '客户'`,
    [tenantId, userId],
  );
  await tx.query(`insert into crm_setting(tenant_id, pool_enabled, follow_days, deal_days, claim_cap, warn_days) values ($1, true, 30, 0, 0, 3)`, [tenantId]);
  await tx.exec('analyze partner; analyze crm_customer');
});
console.log(`seeded in ${(ms(start) / 1000).toFixed(1)} s`);

start = process.hrtime.bigint();
const run = await runPool(db, app.log, tenantId);
const reclaimSeconds = ms(start) / 1000;
console.log(`reclaim: ${JSON.stringify(run)} in ${reclaimSeconds.toFixed(1)} s`);

const stages = (await t.api.get('/crm/board')).body.data.stages as Array<{ id: number }>;
await db.system(async (tx) => {
  await tx.query(
    `insert into crm_opportunity(tenant_id, name, partner_id, owner_id, stage_id, currency, amount, rate, base_amount, rate_date)
     select p.tenant_id, '商机' || p.id, p.id, $2, ($3::bigint[])[1 + (row_number() over () % $4)], 'CNY', a, 1, a, current_date
       from (select tenant_id, id, round((random() * 100000)::numeric, 2) as a from partner where tenant_id = $1 and type = '客户' order by id limit $5) p`,
    [tenantId, userId, stages.map((s) => s.id), stages.length, opportunities],
  );
  await tx.exec('analyze crm_opportunity');
});

async function timeBoard(path: string) {
  for (let i = 0; i < 20; i++) await t.api.get(path);
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const s = process.hrtime.bigint();
    const r = await t.api.get(path);
    times.push(ms(s));
    if (r.body.code !== 200) throw new Error(r.text);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99) };
}
// the same path through session, access and one transaction with one small query: what the machine gives any call now
const baseline = await timeBoard('/crm/pool/setting');
console.log(`baseline GET /crm/pool/setting: ${JSON.stringify(baseline)}`);
const board = await timeBoard('/crm/board');
const owner = await timeBoard(`/crm/board?ownerId=${userId}`);
const total = (await t.api.get('/crm/board')).body.data.stages.reduce((a: number, s: { count: number }) => a + s.count, 0);
console.log(`board (${total} open): ${JSON.stringify(board)}; with owner filter: ${JSON.stringify(owner)}`);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(
  `| ${customers} customers: reclaim | ${reclaimSeconds.toFixed(1)} s (${run.reclaimed} reclaimed, ${run.warned} warned) | ≤ 60 s |\n` +
    `| board, ${total} open opportunities | p50 ${board.p50} / p95 ${board.p95} / p99 ${board.p99} ms | p95 ≤ 100 ms |\n` +
    `| board with owner filter | p50 ${owner.p50} / p95 ${owner.p95} / p99 ${owner.p99} ms | p95 ≤ 100 ms |\n` +
    `| baseline: GET /crm/pool/setting | p50 ${baseline.p50} / p95 ${baseline.p95} / p99 ${baseline.p99} ms | — |`,
);
await app.close();
await db.close();
