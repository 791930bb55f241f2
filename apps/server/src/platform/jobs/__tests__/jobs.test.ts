import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ENGINE, login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { createUser } from '../../../modules/system/tenant-provisioning.ts';
import { md5 } from '../../auth/password.ts';
import { type Database } from '../../db/database.ts';
import { openDatabase } from '../../db/open-database.ts';
import { migrate } from '../../db/migrate.ts';
import { defineJob, enqueue, jobStatus } from '../queue.ts';
import { JobRunner, KEEP_DAYS } from '../runner.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const until = async (cond: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};
const status = (db: Database, tenantId: number, id: number) => db.tenant(tenantId, (tx) => jobStatus(tx, tenantId, id));
const uniq = (p: string) => `${p}_${Math.random().toString(36).slice(2, 8)}`;

describe(`background jobs (${ENGINE})`, async () => {
  const { app, db } = await testApp();
  const runners: JobRunner[] = [];
  const runner = (names: string[], d = db) => {
    const r = new JobRunner(d, log, { pollMs: 50, names }).start();
    runners.push(r);
    return r;
  };
  afterAll(async () => {
    for (const r of runners) await r.stop(1000);
  });

  it('retries with backoff: fails twice, then succeeds', async () => {
    const { tenantId } = await newTenant(app, 'job');
    const name = uniq('flaky');
    const times: number[] = [];
    defineJob(
      name,
      async ({ attempt }) => {
        times.push(Date.now());
        if (attempt < 3) throw new Error(`boom ${attempt}`);
      },
      { retry: 3, backoff: { delayMs: 200, factor: 2 } },
    );
    const id = await enqueue(db, name, {}, { tenantId });
    runner([name]);
    await until(async () => (await status(db, tenantId, id))?.state === 'done');
    const s = (await status(db, tenantId, id))!;
    expect(s.attempts).toBe(3);
    expect(times).toHaveLength(3);
    // 200 ms then 400 ms between the attempts (polling adds a little)
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(180);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(380);
  });

  it('marks a job failed with its error once the retries are spent', async () => {
    const { tenantId } = await newTenant(app, 'job');
    const name = uniq('broken');
    defineJob(name, async () => Promise.reject(new Error('always')), { retry: 1, backoff: { delayMs: 10 } });
    const id = await enqueue(db, name, {}, { tenantId });
    runner([name]);
    await until(async () => (await status(db, tenantId, id))?.state === 'failed');
    expect(await status(db, tenantId, id)).toMatchObject({ attempts: 2, maxAttempts: 2, error: 'always' });
  });

  it('runs a singleton job once for two enqueues, and in the company scope', async () => {
    const { tenantId } = await newTenant(app, 'job');
    const name = uniq('single');
    const seen: string[] = [];
    defineJob(
      name,
      async (ctx) => {
        // row-level security: the job sees its own company's users only
        const rows = await ctx.tenant((tx) => tx.query<{ t: string }>('select distinct tenant_id::text as t from sys_user'));
        seen.push(...rows.map((r) => r.t));
      },
      { singletonPerTenant: true },
    );
    const a = await enqueue(db, name, {}, { tenantId });
    const b = await enqueue(db, name, {}, { tenantId });
    expect(b).toBe(a);
    runner([name]);
    await until(async () => (await status(db, tenantId, a))?.state === 'done');
    expect(seen).toEqual([String(tenantId)]);
    const count = await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from job where tenant_id = $1 and name = $2', [tenantId, name]));
    expect(count?.n).toBe(1);
  });

  it('fires a cron schedule once per tick for each company', async () => {
    const { tenantId } = await newTenant(app, 'job');
    const name = uniq('cron');
    const slots: string[] = [];
    defineJob(name, async ({ payload }) => void slots.push(String(payload.slot)), {
      schedule: { cron: '* * * * * *', tenants: async () => [tenantId] },
    });
    const r = runner([name]);
    await until(async () => slots.length >= 3);
    await r.stop(1000);
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('shows progress through the API, and only to the company', async () => {
    const t = await newTenant(app, 'job');
    const other = await newTenant(app, 'job');
    const name = uniq('long');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    defineJob(name, async (ctx) => {
      await ctx.progress(40, '第 2 步，共 5 步');
      await gate;
    });
    const id = await enqueue(db, name, {}, { tenantId: t.tenantId });
    runner([name]);
    await until(async () => (await t.api.get(`/job/info?id=${id}`)).body.data?.progress === '40.00');
    const info = await t.api.get(`/job/info?id=${id}`);
    expect(info.body.data).toMatchObject({ name, state: 'running', progressMessage: '第 2 步，共 5 步', attempts: 1 });
    const list = await t.api.get('/job/list?currentPage=1&pageSize=10');
    expect(list.body.data.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await other.api.get(`/job/info?id=${id}`)).body).toMatchObject({ code: 404 });
    expect((await other.api.get('/job/list')).body.data.total).toBe(0);
    expect((await t.api.get('/job/list?state=nonsense')).status).toBe(400);
    release();
    await until(async () => (await t.api.get(`/job/info?id=${id}`)).body.data?.state === 'done');
    expect((await t.api.get(`/job/info?id=${id}`)).body.data.progress).toBe('100.00');
  });
});

describe(`jobs across restarts and instances (${ENGINE})`, () => {
  const open = async (dataDir?: string) => {
    const d = await openDatabase({ databaseUrl: ENGINE === 'postgres' ? process.env.DATABASE_URL : undefined, dataDir });
    await migrate(d);
    return d;
  };
  const someTenant = async (d: Database) => {
    const row = await d.system((tx) =>
      tx.one<{ id: number }>(`insert into tenant(name, expire_time) values ($1, now() + interval '1 day') returning id`, [uniq('jobco')]),
    );
    return Number(row!.id);
  };

  it('survives a restart: enqueued, closed, reopened on the same data, then run', async () => {
    const dir = ENGINE === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'erp-jobs-')) : undefined;
    const name = uniq('durable');
    const ran: number[] = [];
    defineJob(name, async ({ payload }) => void ran.push(Number(payload.n)));
    let d = await open(dir);
    const tenantId = await someTenant(d);
    const id = await enqueue(d, name, { n: 7 }, { tenantId });
    await d.close();
    expect(ran).toEqual([]);
    d = await open(dir);
    const r = new JobRunner(d, log, { pollMs: 50, names: [name] }).start();
    await until(async () => (await status(d, tenantId, id))?.state === 'done');
    await r.stop();
    await d.close();
    expect(ran).toEqual([7]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(ENGINE === 'pglite')('reruns at once a job the process was running when it crashed (PGlite)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-jobs-'));
    const name = uniq('crashed');
    let runs = 0;
    defineJob(name, async () => void runs++);
    let d = await open(dir);
    const tenantId = await someTenant(d);
    const id = await enqueue(d, name, {}, { tenantId });
    // as a crash leaves it: claimed, lease still minutes away
    await d.system((tx) =>
      tx.query(`update job set state = 'running', attempts = 1, locked_until = now() + interval '5 minutes' where tenant_id = $1 and id = $2`, [tenantId, id]),
    );
    await d.close();
    d = await open(dir);
    const r = new JobRunner(d, log, { pollMs: 50, names: [name], requeueRunningAtStart: true }).start();
    await until(async () => (await status(d, tenantId, id))?.state === 'done', 5000);
    await r.stop();
    expect(await status(d, tenantId, id)).toMatchObject({ attempts: 1 });
    expect(runs).toBe(1);
    await d.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(ENGINE === 'postgres')('runs a scheduled job once, not twice, with two instances on one database', async () => {
    const a = await open();
    const b = await open();
    const tenantId = await someTenant(a);
    const name = uniq('tick');
    const runs: string[] = [];
    defineJob(name, async ({ payload }) => void runs.push(String(payload.slot)), {
      schedule: { cron: '* * * * * *', tenants: async () => [tenantId] },
    });
    const ra = new JobRunner(a, log, { pollMs: 20, names: [name] }).start();
    const rb = new JobRunner(b, log, { pollMs: 20, names: [name] }).start();
    await until(async () => runs.length >= 4);
    await Promise.all([ra.stop(), rb.stop()]);
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(runs).size).toBe(runs.length);
    const rows = await a.system((tx) => tx.query('select 1 from job where tenant_id = $1 and name = $2', [tenantId, name]));
    expect(rows.length).toBe(runs.length);
    await a.close();
    await b.close();
  });
});

describe(`enqueue in a transaction, and the routes' input (${ENGINE})`, async () => {
  const { app, db } = await testApp();

  it('drops a job enqueued in a transaction that rolls back', async () => {
    const { tenantId } = await newTenant(app, 'job');
    const name = uniq('tx');
    defineJob(name, async () => {});
    await expect(
      db.tenant(tenantId, async (tx) => {
        await enqueue(tx, name, {}, { tenantId });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const n = await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from job where name = $1', [name]));
    expect(n?.n).toBe(0);
  });

  it('refuses bad list and info input with a 400 in the envelope', async () => {
    const { api } = await newTenant(app, 'job');
    for (const url of ['/job/info?id=abc', '/job/info', '/job/list?pageSize=0', '/job/list?currentPage=x', '/job/list?other=1']) {
      const r = await api.get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.code, url).toBe(400);
    }
    expect((await api.get('/job/info?id=999999999')).body.code).toBe(404);
  });

  it('shows the list only to users with the 后台任务 menu', async () => {
    const { tenantId } = await newTenant(app, 'job');
    const loginName = uniqueName('norole');
    await db.system((tx) => createUser(tx, tenantId, { loginName, passwordMd5: md5('abc123'), username: '无角色', roleIds: [] }));
    const { api } = await login(app, loginName, 'abc123');
    expect((await api.get('/job/list')).body.code).toBe(403);
  });

  it('deletes finished jobs after the keeping period', async () => {
    const { tenantId } = await newTenant(app, 'job');
    const name = uniq('old');
    defineJob(name, async () => {});
    const old = await enqueue(db, name, {}, { tenantId });
    const recent = await enqueue(db, name, {}, { tenantId });
    await db.system((tx) =>
      tx.query(`update job set state = 'done', finished_at = now() - make_interval(days => $3) where tenant_id = $1 and id = any($2::bigint[])`, [
        tenantId,
        [old],
        KEEP_DAYS + 1,
      ]),
    );
    await db.system((tx) => tx.query(`update job set state = 'done', finished_at = now() where tenant_id = $1 and id = $2`, [tenantId, recent]));
    await new JobRunner(db, log, { names: [name] }).tick();
    expect(await status(db, tenantId, old)).toBeUndefined();
    expect(await status(db, tenantId, recent)).toMatchObject({ state: 'done' });
  });
});
