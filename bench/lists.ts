/**
 * `npm run bench:lists`: the materials and partner lists with 1,000,000 rows in one company (and
 * 100,000 in each of 10 others) on a fresh PostgreSQL database, over HTTP through the server bundle
 * (as `npm start` runs it), each case beside the very SQL the server issues for it, replayed raw
 * through pg in the same run. Load goes to 127.0.0.1 only.
 * HTTP and raw run in alternating slices, each from the same number of closed loops in this process.
 * BENCH_ROWS (1000000), BENCH_OTHER_ROWS (100000), BENCH_OTHER_TENANTS (10), BENCH_SECONDS (10 per case and side),
 * BENCH_ROUNDS (5 slices), BENCH_WARMUP (2), BENCH_CONNECTIONS (8), BENCH_QUIET_WAIT (30), BENCH_KEEP=1 keeps the database,
 * BENCH_ONLY=text runs only the cases whose name holds it. BENCH_SEED_ONLY=1 loads, keeps the database and stops;
 * BENCH_REUSE=<database> measures on such a kept database without loading (the load is long on a shared machine).
 * The raw side of a deep page is the plain OFFSET SQL (what a server without page marks sends); the SQL this server
 * sends there once its marks are made (the seek from the nearest mark) is measured beside it as a third side.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { waitQuiet } from './lib/cpu.ts';
import { backendPids } from './lib/db.ts';
import { keptLine, loadMode, startErp } from './lib/erp.ts';
import { DISTURBED_PCT } from './lib/report.ts';
import { seedAll } from './lib/seed-lists.ts';
import { captureListSql, rawSide } from './lib/raw-sql.ts';
import { usePageMarks } from '../apps/server/src/platform/crud/list-marks.ts';
import { sideBySide, type Side } from './lib/side-by-side.ts';
import { cleanups, guardRun, call, envNumber, runBench } from './lib/exit-guard.ts';

const bigRows = Math.round(envNumber('BENCH_ROWS', 1_000_000, 1000));
const otherRows = Math.round(envNumber('BENCH_OTHER_ROWS', 100_000, 0));
const otherTenants = Math.round(envNumber('BENCH_OTHER_TENANTS', 10, 0));
const seconds = envNumber('BENCH_SECONDS', 10, 1);
const warmupSeconds = envNumber('BENCH_WARMUP', 2, 0);
const rounds = Math.round(envNumber('BENCH_ROUNDS', 5, 1));
const connections = Math.round(envNumber('BENCH_CONNECTIONS', 8, 1));
const quietWait = envNumber('BENCH_QUIET_WAIT', 30, 0);
const { seedOnly, reuse } = loadMode;
const keep = process.env.BENCH_KEEP === '1' || seedOnly;
const only = process.env.BENCH_ONLY;
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
const GOAL = { p95: 100, ratio: 2, fuzzyP95: 50 };
const PASSWORD = 'bench1';

// a hard bound on the whole run, so nothing hangs for ever; cleanups undone on every exit path
guardRun(8 * quietWait + 8 * (2 * seconds + 2 * warmupSeconds + 10) + 1800);

/**
 * A GET through node:http: the load generator's own cost per request stays small (fetch's stream
 * machinery cost the bench process more than the server's reply took), like the raw side's pg client.
 */
function httpGet(url: string, token: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'x-access-token': token } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

interface Case {
  name: string;
  entity: 'material' | 'supplier';
  query: Record<string, string>;
  fuzzy?: boolean;
}

async function main(): Promise<boolean> {
  const t0 = performance.now();
  const first = cleanups.length;
  const { dbName, databaseUrl, erp, api } = await startErp('erp_lists', cleanups, reuse);
  // startErp's first cleanup drops the database; BENCH_KEEP=1 keeps it for a look afterwards
  if (keep && !reuse) cleanups.splice(first, 1);
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  cleanups.push(() => owner.end());
  // companies are made as the product makes them: self-registration, which provisions the administrator
  const tenants: Array<{ id: number; rows: number }> = [];
  for (let i = 0; i <= otherTenants; i++) {
    const loginName = `lists${i}`;
    const id = reuse
      ? Number((await owner.query('select tenant_id from sys_user where login_name = $1', [loginName])).rows[0].tenant_id)
      : (await call<{ tenantId: number }>(api, '/user/registerUser', { loginName, password: PASSWORD, tenantName: `列表公司${i}` })).tenantId;
    tenants.push({ id, rows: i === 0 ? bigRows : otherRows });
  }
  const tLoad = performance.now();
  if (!reuse) {
    console.error(`bench: loading ${bigRows} + ${otherTenants} × ${otherRows} materials and partners …`);
    await seedAll(
      owner,
      tenants.filter((t) => t.rows > 0),
    );
  }
  const counts = (
    await owner.query<{ m: string; e: string; p: string; mb: string }>(
      `select (select count(*) from material) m, (select count(*) from material_extend) e, (select count(*) from partner) p,
            pg_database_size(current_database()) / 1048576 mb`,
    )
  ).rows[0];
  const setup =
    `setup ${((performance.now() - t0) / 1000).toFixed(0)} s (${reuse ? `loaded earlier: BENCH_REUSE=${reuse}` : `bulk load, indexes and vacuum analyze ${((performance.now() - tLoad) / 1000).toFixed(0)} s`}): ` +
    `${counts.m} materials, ${counts.e} barcodes, ${counts.p} partners, database ${counts.mb} MB`;
  console.error(`bench: ${setup}`);
  if (seedOnly) {
    console.log(keptLine(dbName, 'bench:lists'));
    return true;
  }

  const big = tenants[0].id;
  const token = (await call<{ token: string }>(api, '/user/login', { loginName: 'lists0', password: md5(PASSWORD) })).token;
  // search terms taken from real rows in the middle of the big company's data
  const pickRow = async (sql: string) => (await owner.query(sql, [big])).rows[0] as Record<string, string | number>;
  const g = Math.floor(bigRows * 0.424242);
  const model = `'M${String(g).padStart(8, '0')}'`;
  const cat = await pickRow(`select category_id from material where tenant_id = $1 and model = ${model}`);
  const mat =
    await pickRow(`select m.name, e.bar_code from material m join material_extend e on e.tenant_id = m.tenant_id and e.material_id = m.id and e.default_flag
                               where m.tenant_id = $1 and m.model = ${model}`);
  // row numbers ending 3 to 7 are customers
  const par = await pickRow(`select name from partner where tenant_id = $1 and email = 'p${g - (g % 10) + 5}@example.com'`);
  // the trade name between the city and 有限公司, e.g. "Huajin五金"
  const partnerTerm = String(par.name).slice(2, String(par.name).indexOf('有限公司'));
  const page = (p: number) => ({ currentPage: String(p), pageSize: '100' });
  const s = (o: object) => ({ search: JSON.stringify(o) });
  const customers = Math.floor(bigRows / 2);
  const cases: Case[] = [
    { name: 'materials: first page (createTime desc)', entity: 'material', query: page(1) },
    { name: `materials: deep page ${Math.floor(bigRows / 200)} of 100`, entity: 'material', query: page(Math.floor(bigRows / 200)) },
    {
      name: 'materials: category + enabled, by name',
      entity: 'material',
      query: { ...page(1), ...s({ categoryId: cat.category_id, enabled: true }), column: 'name', order: 'ascend' },
    },
    {
      name: `materials: fuzzy name "${String(mat.name).slice(-9)}"`,
      entity: 'material',
      query: { ...page(1), ...s({ name: String(mat.name).slice(-9) }) },
      fuzzy: true,
    },
    {
      name: `materials: fuzzy barcode "${String(mat.bar_code).slice(4, 11)}"`,
      entity: 'material',
      query: { ...page(1), ...s({ barCode: String(mat.bar_code).slice(4, 11) }) },
      fuzzy: true,
    },
    { name: 'partners: first page, type 客户', entity: 'supplier', query: { ...page(1), ...s({ type: '客户' }) } },
    {
      name: `partners: deep page ${Math.floor(customers / 200)} of 100, type 客户`,
      entity: 'supplier',
      query: { ...page(Math.floor(customers / 200)), ...s({ type: '客户' }) },
    },
    { name: `partners: 客户, fuzzy name "${partnerTerm}"`, entity: 'supplier', query: { ...page(1), ...s({ type: '客户', name: partnerTerm }) }, fuzzy: true },
  ];
  // the same deep pages reached by keyset (issue 12 item 3): the nextCursor of the page before, as a client paging forward sends it
  const cursorBefore = async (entity: string, q: Record<string, string>) =>
    (await call<{ nextCursor: string }>(api, `/${entity}/list?${new URLSearchParams({ ...q, ...page(Number(q.currentPage) - 1) })}`, undefined, token))
      .nextCursor;
  for (const deep of cases.filter((k) => k.name.includes('deep page')))
    cases.push({ ...deep, name: deep.name.replace('deep page', 'keyset page'), query: { ...deep.query, cursor: await cursorBefore(deep.entity, deep.query) } });

  const rows: string[] = [];
  let valid = true;
  let allMet = true;
  const f = (n: number, d = 1) => (Number.isNaN(n) ? 'n/a' : n.toFixed(d));
  for (const c of cases.filter((k) => !only || k.name.includes(only))) {
    const url = `${api}/${c.entity}/list?${new URLSearchParams(c.query)}`;
    const reply = await call<{ rows: unknown[]; total: number }>(api, url.slice(api.length), undefined, token);
    // the raw baseline is the plain OFFSET plan, what a server without page marks sends (the ratio is against it);
    // the second pass records the steady state (the planner's estimate past the cap is then cached, as in the server)
    usePageMarks(false);
    await captureListSql(databaseUrl, big, c.entity, c.query);
    const stmts = await captureListSql(databaseUrl, big, c.entity, c.query);
    // and, for a deep page, what this server sends once its marks are made: the seek from the nearest mark, reported beside
    usePageMarks(true);
    await captureListSql(databaseUrl, big, c.entity, c.query);
    const marked = await captureListSql(databaseUrl, big, c.entity, c.query);
    const withMarks = JSON.stringify(marked) === JSON.stringify(stmts) ? [] : [{ ...rawSide(databaseUrl, big, marked), name: 'raw SQL, marks' }];
    const busy = await waitQuiet(quietWait);
    console.error(`bench: ${c.name}: ${reply.rows.length} rows of ${reply.total}; ${stmts.length} statements; machine ${busy.toFixed(0)} % busy before`);
    const httpSide: Side = {
      name: 'HTTP',
      async make() {
        // one kept-alive socket per loop, as the raw side has one pg connection per loop
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        return {
          async once() {
            const body = await httpGet(url, token, agent);
            if (!body.includes('"code":200')) throw new Error(body.slice(0, 200));
          },
          close: async () => agent.destroy(),
        };
      },
    };
    const [h, raw, seek] = await sideBySide([httpSide, rawSide(databaseUrl, big, stmts), ...withMarks], {
      connections,
      seconds,
      warmupSeconds,
      rounds,
      ourPids: async () => [erp.pid!, ...(await backendPids(dbName))],
    });
    const ratio = h.p95 / raw.p95;
    const goalP95 = c.fuzzy ? GOAL.fuzzyP95 : GOAL.p95;
    const met = h.p95 <= goalP95 && ratio <= GOAL.ratio;
    allMet &&= met;
    valid &&= h.errors + raw.errors + (seek?.errors ?? 0) === 0 && h.requests > 0 && raw.requests > 0;
    if (h.firstError ?? raw.firstError) console.error(`bench: ${c.name}: ${h.firstError ?? raw.firstError}`);
    const other = Math.max(h.otherCpuPct, raw.otherCpuPct);
    const disturbed = other > DISTURBED_PCT ? ` (disturbed ${f(other, 0)} %)` : '';
    rows.push(
      `| ${c.name} | ${reply.rows.length} / ${reply.total} | ${f(h.rps, 0)} | ${f(h.p50)} | ${f(h.p95)} | ${f(raw.rps, 0)} | ${f(raw.p50)} | ${f(raw.p95)} | ` +
        `${f(ratio, 2)} | ${seek ? f(seek.p95) : '–'} | ≤ ${goalP95} ms, ≤ ${GOAL.ratio}×: ${met ? 'met' : 'NOT met'}${disturbed} |`,
    );
    console.error(rows.at(-1));
  }
  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · ${connections} connections · ` +
      `${seconds} s per case and side in ${rounds} alternating slices · ${setup}\n`,
  );
  console.log(
    '| case | rows / total | HTTP req/s | HTTP p50 ms | HTTP p95 ms | raw req/s | raw p50 ms | raw p95 ms | p95 HTTP/raw | raw p95 ms of the seek from a mark | goal |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const r of rows) console.log(r);
  console.log(
    `\nall goals ${allMet ? 'met' : 'NOT met'}; ${valid ? 'run valid: no errors, every HTTP reply with code 200' : 'INVALID RUN: some requests failed'}`,
  );
  if (keep) console.log(`kept database ${dbName} (drop it with: dropdb -h 127.0.0.1 -U postgres ${dbName})`);
  return valid;
}

await runBench(main);
