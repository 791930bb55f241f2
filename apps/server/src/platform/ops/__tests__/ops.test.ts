import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../../../app.ts';
import { ENGINE, login, openTestDatabase, testApp } from '../../../test-support/harness.ts';
import { defineJob, enqueue, jobStatus } from '../../jobs/queue.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { gracefulShutdown } from '../shutdown.ts';

const config = { apiBase: '/api', webDist: '/nonexistent', logLevel: 'silent' };

describe(`health, readiness and metrics (${ENGINE})`, async () => {
  const { app, db } = await testApp();

  it('answers /health without the database and /ready once migrations ran', async () => {
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('reports a missing migration as not ready', async () => {
    const version = '030_jobs.sql';
    await db.system((tx) => tx.query('delete from schema_migrations where version = $1', [version]));
    try {
      const r = await app.inject('/ready');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ status: 'migrations pending', missing: [version] });
    } finally {
      await db.system((tx) => tx.query('insert into schema_migrations(version) values ($1)', [version]));
    }
  });

  it('exposes request counts and latency by route, and the job queue depth', async () => {
    const { api, data } = await login(app, 'jsh');
    await api.get('/user/list');
    defineJob('metrics_probe', async () => {});
    await enqueue(db, 'metrics_probe', {}, { tenantId: data.user.tenantId });
    const m = await app.inject('/metrics');
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toContain('text/plain');
    expect(m.body).toMatch(/http_requests_total\{method="GET",route="\/api\/user\/list",status="200"\} \d+/);
    expect(m.body).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/user/list",status="200"}');
    expect(m.body).toMatch(/job_queue_depth\{name="metrics_probe",state="queued"\} [1-9]/);
    if (ENGINE === 'postgres') expect(m.body).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    const guarded = await buildApp({ config: { ...config, metricsToken: 's3cret' }, db, logger: false });
    expect((await guarded.inject('/metrics')).statusCode).toBe(401);
    expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong!' } })).statusCode).toBe(401);
    expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer s3cret' } })).statusCode).toBe(200);
    await guarded.close();
  });
});

describe(`graceful shutdown (${ENGINE})`, () => {
  it('finishes a request in flight and the running job step before closing the database', async () => {
    const db = await openTestDatabase();
    const app = await buildApp({ config, db, logger: false });
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => (arrived = r));
    app.get('/slow', async () => {
      arrived();
      await new Promise((r) => setTimeout(r, 400));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const tenant = await db.system((tx) => tx.one<{ id: number }>(`select id from tenant order by id limit 1`));
    const tenantId = Number(tenant!.id);
    let steps = 0;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    // a fresh name: on PostgreSQL the table keeps earlier runs' jobs
    const name = `shutdown_steps_${Date.now()}`;
    defineJob(name, async (ctx) => {
      started();
      for (let i = 1; i <= 10; i++) {
        await new Promise((r) => setTimeout(r, 100));
        steps = i;
        await ctx.progress(i * 10);
        ctx.signal.throwIfAborted();
      }
    });
    const id = await enqueue(db, name, {}, { tenantId });
    const runner = new JobRunner(db, pino({ level: 'silent' }) as unknown as FastifyBaseLogger, { pollMs: 20, names: [name] }).start();
    await running;
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    // in flight means in the handler: a fixed 50 ms let a loaded machine shut down before the request connected
    await inHandler;
    const closing = gracefulShutdown({ app, runner, db, graceMs: 5000 });
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    // stopped after a step, not at the end and not mid-step; the job went back to the queue
    expect(steps).toBeGreaterThan(0);
    expect(steps).toBeLessThan(10);
    expect(app.server.listening).toBe(false);
    if (ENGINE === 'postgres') {
      const again = await openTestDatabase();
      const s = await again.tenant(tenantId, (tx) => jobStatus(tx, tenantId, id));
      expect(s).toMatchObject({ state: 'queued', attempts: 0, progress: String(steps * 10) + '.00' });
      await again.close();
    }
  });
});
