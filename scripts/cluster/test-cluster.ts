/**
 * `npm run test:cluster` (issue 13): two ERP instances behind HAProxy, PostgreSQL behind PgBouncer in
 * transaction pooling mode, all on loopback ports, and the checks a scaled-out installation must pass.
 * Ends with the counted line `N passed, N failed`; exits non-zero on any failure; cleans up always.
 */
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { Cluster, directUrl } from './servers.ts';

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
type Reply = { status: number; body: any };

async function call(base: string, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown): Promise<Reply> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { 'x-access-token': token }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* loginOut and other plain replies */
  }
  return { status: res.status, body: parsed };
}

async function signIn(base: string, loginName: string): Promise<{ token: string; userId: number }> {
  const r = await call(base, 'POST', '/user/login', undefined, { loginName, password: md5('123456') });
  if (r.body?.data?.msgTip !== 'user can login') throw new Error(`sign-in of ${loginName}: ${JSON.stringify(r.body)}`);
  return { token: r.body.data.token, userId: r.body.data.user.id };
}

async function until(what: string, ok: () => Promise<boolean>, ms: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await ok()) return Date.now() - t0;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

const results: Array<{ name: string; error?: string; ms: number }> = [];
async function check(name: string, fn: () => Promise<void>): Promise<void> {
  const t0 = Date.now();
  try {
    await fn();
    results.push({ name, ms: Date.now() - t0 });
    console.log(`  ✓ ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    results.push({ name, error: (e as Error).stack ?? String(e), ms: Date.now() - t0 });
    console.log(
      `  ✗ ${name}\n    ${String((e as Error).message)
        .split('\n')
        .join('\n    ')}`,
    );
  }
}
function expectEq(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

const cluster = new Cluster();
const hardStop = setTimeout(() => {
  console.error('test:cluster: time budget (6 min) exceeded');
  void cluster.cleanup().finally(() => process.exit(2));
}, 360_000);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cluster.cleanup().finally(() => process.exit(130)));

let sql: pg.Pool | undefined;
try {
  console.log('test:cluster: PostgreSQL ← PgBouncer (transaction pooling) ← 2 ERP instances ← HAProxy');
  const db = cluster.database(`erp_cluster_${Date.now()}`);
  const pooled = await cluster.pgbouncer(db);
  const common = { DATABASE_URL: pooled, DATABASE_LISTEN_URL: directUrl(db), SEED_DEMO: 'true', REMINDER_INTERVAL_MINUTES: '1' };
  // one after the other: the first migrates and seeds, the second finds both done
  const a = await cluster.erp('erp-a', common);
  const b = await cluster.erp('erp-b', common);
  const lb = await cluster.haproxy([a.port, b.port]);
  sql = new pg.Pool({ connectionString: directUrl(db), max: 2 });

  await check('a token from instance A works on instance B', async () => {
    const { token } = await signIn(a.url, 'jsh');
    const r = await call(b.url, 'GET', '/user/infoWithTenant', token);
    expectEq([r.status, r.body?.data?.loginName], [200, 'jsh'], 'B answers with A’s session');
  });

  await check('a message sent through A reaches a WebSocket held on B within 2 s', async () => {
    const jsh = await signIn(b.url, 'jsh');
    const sales = await signIn(a.url, 'jsh_sales');
    const ws = new WebSocket(`${b.url.replace('http', 'ws')}/websocket/${jsh.userId}?token=${jsh.token}`);
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    // the server answers a ping once the socket's session is checked and it is registered
    ws.send('ping');
    await until('pong from B', async () => frames.includes('pong'), 10_000);
    const title = `集群消息 ${Date.now()}`;
    const sentAt = Date.now();
    const r = await call(a.url, 'POST', '/msg/saveMsg', sales.token, { type: '0', msgTitle: title, msgContent: title, userIds: String(jsh.userId) });
    expectEq(r.body?.code, 200, 'saveMsg on A');
    const ms = await until('the message on B’s socket', async () => frames.some((f) => f.includes(title)), 2000);
    console.log(`    pushed ${Date.now() - sentAt} ms after the send (${ms} ms after the reply)`);
    ws.close();
  });

  await check('a cached session is dropped on both instances when its role changes', async () => {
    const admin = await signIn(a.url, 'jsh');
    const sales = await signIn(b.url, 'jsh_sales');
    const list = '/depotHead/list?type=出库&subType=销售&currentPage=1&pageSize=5';
    // cached on both instances now
    expectEq((await call(a.url, 'GET', list, sales.token)).status, 200, 'A before');
    expectEq((await call(b.url, 'GET', list, sales.token)).status, 200, 'B before');
    const roles = (await call(a.url, 'GET', '/role/allList', admin.token)).body.data as Array<{ id: number; name: string }>;
    const role = roles.find((r) => r.name === '销售员')!;
    expectEq((await call(a.url, 'POST', '/role/setGrants', admin.token, { roleId: role.id, grants: [] })).body?.code, 200, 'grants removed on A');
    await until('B refuses at once', async () => (await call(b.url, 'GET', list, sales.token)).status === 403, 2000);
    await until('A refuses at once', async () => (await call(a.url, 'GET', list, sales.token)).status === 403, 2000);
  });

  await check('a scheduled job runs once per fire time, not once per instance', async () => {
    // reminders run every minute (REMINDER_INTERVAL_MINUTES=1) for companies with a reminder on; both
    // instances tick at the next minute and must enqueue one run between them
    const admin = await signIn(a.url, 'jsh');
    const on = await call(a.url, 'POST', '/reminderSetting/add', admin.token, { name: '集群待审核提醒', kind: 'approval', enabled: true });
    expectEq(on.body?.code, 200, 'reminder setting');
    await until('a reminders run', async () => Number((await sql!.query(`select count(*) n from job where name = 'reminders'`)).rows[0].n) > 0, 75_000);
    await sleep(3000);
    // job_schedule holds one row per (company, fire time) that fired; each fire enqueued one job
    const counts = await sql!.query(
      `select s.tenant_id, s.fires, coalesce(j.runs, 0) runs
         from (select tenant_id, count(*) fires from job_schedule where name = 'reminders' group by 1) s
         left join (select tenant_id, count(*) runs from job where name = 'reminders' group by 1) j using (tenant_id)
        where s.fires <> coalesce(j.runs, 0)`,
    );
    expectEq(counts.rows, [], 'companies whose reminders ran a different number of times than they fired');
    const fired = await sql!.query(`select count(*)::int n from job_schedule where name = 'reminders'`);
    if (fired.rows[0].n < 1) throw new Error('no schedule fired');
  });

  await check('killing one instance under posting load loses no acknowledged document; it restarts and finds them', async () => {
    const { token } = await signIn(lb, 'jsh');
    const depots = (await call(lb, 'GET', '/depot/list?currentPage=1&pageSize=50', token)).body.data.rows as Array<{ id: number; name: string }>;
    const depotId = depots[0].id;
    const barCode = `CL${Date.now() % 1e8}`;
    const m = await call(lb, 'POST', '/material/add', token, { name: `集群商品${barCode}`, unit: '个', barCodes: [{ barCode, commodityUnit: '个' }] });
    expectEq(m.body?.code, 200, 'material');
    const acked: string[] = [];
    let failed = 0;
    const stopAt = Date.now() + 8000;
    let killed = false;
    const client = async () => {
      while (Date.now() < stopAt) {
        try {
          const r = await call(lb, 'POST', '/depotHead/addDepotHeadAndDetail', token, {
            info: { type: '入库', subType: '其它', operTime: '2026-11-21 10:00:00' },
            rows: [{ barCode, operNumber: 1, unitPrice: 2, depotId }],
          });
          if (r.status === 200 && r.body?.code === 200) acked.push(r.body.data.number);
          else failed++;
        } catch {
          failed++; // the connection died with the instance: not acknowledged
        }
      }
    };
    const killer = (async () => {
      await sleep(2500);
      a.child.kill('SIGKILL');
      killed = true;
    })();
    await Promise.all([client(), client(), client(), client(), killer]);
    if (!killed) throw new Error('the instance was not killed');
    if (acked.length < 10) throw new Error(`too few documents acknowledged (${acked.length}) to say anything`);
    const found = await sql!.query('select number from depot_head where number = any($1::text[])', [acked]);
    expectEq(found.rowCount, acked.length, `acknowledged documents present (${acked.length} acked, ${failed} failed)`);
    const bad = await sql!.query(
      `select b.material_id, b.depot_id from stock_balance b
         left join (select tenant_id, material_id, depot_id, batch_number, sum(qty_change) q from stock_ledger group by 1, 2, 3, 4) l
           using (tenant_id, material_id, depot_id, batch_number)
        where b.qty <> coalesce(l.q, 0)`,
    );
    expectEq(bad.rows, [], 'ledger sums = balances');
    // the load balancer moved traffic to B: a request through it still works
    expectEq((await call(lb, 'GET', '/user/infoWithTenant', token)).status, 200, 'through the load balancer after the kill');
    console.log(`    ${acked.length} documents acknowledged, ${failed} refused or cut while A died`);
    // the killed server restarts on the same database and finds every acknowledged document (issue 10 crash test)
    const again = await cluster.erp('erp-a-restarted', common);
    const last = await call(again.url, 'GET', `/depotHead/getDetailByNumber?number=${acked.at(-1)}`, token);
    expectEq([last.status, last.body?.data?.number], [200, acked.at(-1)], 'the last acknowledged document after the restart');
  });
} catch (e) {
  results.push({ name: 'cluster set-up', error: (e as Error).stack ?? String(e), ms: 0 });
  console.log(`  ✗ cluster set-up: ${(e as Error).message}`);
  for (const [name, log] of Object.entries(cluster.logs)) if (log.trim()) console.log(`--- ${name}\n${log.slice(-3000)}`);
} finally {
  await sql?.end().catch(() => undefined);
  await cluster.cleanup();
  clearTimeout(hardStop);
}
const failed = results.filter((r) => r.error);
for (const f of failed) console.log(`\nFAILED: ${f.name}\n${f.error}`);
console.log(`\ncluster: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
