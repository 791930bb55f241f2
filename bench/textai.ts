/**
 * `npm run bench:textai` (issue 24 item 5): text recognition against a large catalogue, on PostgreSQL
 * (DATABASE_URL, required). A fresh company gets the test corpus's catalogue (11 customers, 13 materials, aliases)
 * plus BENCH_MATERIALS (20,000) materials and BENCH_CUSTOMERS (5,000) customers with random Chinese names (plain
 * SQL), then every message of the corpus and the held-out set is recognised BENCH_ROUNDS (3) times through
 * POST /textai/recognize (app.inject, no TCP): time per message (p50, p95) and the accuracy among the distractors.
 */
import os from 'node:os';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench/textai.ts needs DATABASE_URL (PostgreSQL)');
process.env.TEST_DB = 'postgres';
const materials = Number(process.env.BENCH_MATERIALS ?? 20_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 5_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const { testApp } = await import('../apps/server/src/test-support/harness.ts');
const { corpusTenant, okData } = await import('../apps/server/src/modules/textai/__tests__/fixtures.ts');
const { CORPUS, HELD_OUT, CORPUS_TODAY } = await import('../apps/server/src/modules/textai/__tests__/corpus.ts');
const { app, db } = await testApp();
const w = await corpusTenant(app, 'benchtext');
const POOL = '华东南北中西新天美佳利达通信和丰汇金宏盛源泰康安福乐雪碧可口山泉水牛奶茶果汁啤酒饼干面包米面油盐糖醋酱巧克力薯片红绿黄白黑';

console.log(`seeding ${materials} materials and ${customers} customers in company ${w.tenantId} …`);
await db.system(async (tx) => {
  await tx.query(
    `insert into material(tenant_id, name, unit)
     select $1, (select string_agg(substr($3, 1 + floor(random() * length($3))::int, 1), '') from generate_series(1, 2 + (g % 5)) where g > 0) || '·' || g, '个'
       from generate_series(1, $2) g`,
    [w.tenantId, materials, POOL],
  );
  await tx.query(
    `insert into material_extend(tenant_id, material_id, bar_code, commodity_unit, wholesale_decimal, default_flag)
     select tenant_id, id, 'BT' || id, '个', 5, true from material m
      where tenant_id = $1 and not exists (select 1 from material_extend e where e.tenant_id = m.tenant_id and e.material_id = m.id)`,
    [w.tenantId],
  );
  await tx.query(
    `insert into partner(tenant_id, name, type)
     select $1, (select string_agg(substr($3, 1 + floor(random() * length($3))::int, 1), '') from generate_series(1, 2 + (g % 4)) where g > 0) || '商行' || g, '客户'
       from generate_series(1, $2) g`,
    [w.tenantId, customers, POOL],
  );
  await tx.exec('analyze material; analyze material_extend; analyze partner');
});

const messages = [...CORPUS, ...HELD_OUT];
const times: number[] = [];
let exact = 0;
const realNow = Date.now;
// the corpus's day, as in the test: relative dates resolve against it
const offset = new Date(CORPUS_TODAY).getTime() - realNow();
Date.now = () => realNow() + offset;
for (let r = 0; r < rounds; r++) {
  for (const m of messages) {
    const t0 = process.hrtime.bigint();
    const d = await okData(w.api.post('/textai/recognize', { text: m.text }));
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r > 0) continue;
    const lines = JSON.stringify(d.lines.map((l: any) => [l.materialName, l.qty === null ? null : String(Number(l.qty)), l.unit]));
    if ((d.customer?.name ?? null) === m.customer && lines === JSON.stringify(m.lines) && d.deliveryDate === m.date) exact++;
    else if (process.env.BENCH_MISSES) console.log(`miss: ${m.text}\n  got ${d.customer?.name} ${lines} ${d.deliveryDate}`);
  }
}
Date.now = realNow;
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
console.log(
  JSON.stringify({
    materials: materials + 13,
    customers: customers + 11,
    messages: messages.length,
    calls: times.length,
    p50ms: q(0.5),
    p95ms: q(0.95),
    maxMs: times.at(-1)!.toFixed(1),
    exactDrafts: `${exact}/${messages.length}`,
    load: os.loadavg().map((x) => x.toFixed(2)),
  }),
);
await app.close();
await db.close();
