import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.ts';
import { JobRunner } from '../jobs/runner.ts';

/**
 * GET /metrics in Prometheus' text format: requests by route (count and latency), the database
 * pool, and the job queue's depth, plus Node's process metrics. With METRICS_TOKEN set the
 * scraper must send `Authorization: Bearer <token>`. Each app has its own registry, so several
 * apps in one process (tests) do not collide.
 */
export function registerMetrics(app: FastifyInstance, db: Database, token?: string): void {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const labels = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames: labels, registers: [register] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; PGlite has one in-process connection)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const s = db.poolStats?.();
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs queued or running, by job name and state',
    labelNames: ['name', 'state'],
    registers: [register],
    async collect() {
      this.reset();
      for (const r of await JobRunner.depth(db)) this.set({ name: r.name, state: r.state }, r.count);
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    // the route's pattern, not the URL, keeps the label set small
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const l = { method: req.method, route, status: String(reply.statusCode) };
    requests.inc(l);
    latency.observe(l, reply.elapsedTime / 1000);
  });

  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (expected) {
      const got = Buffer.from(req.headers.authorization ?? '');
      if (got.length !== expected.length || !crypto.timingSafeEqual(got, expected)) {
        return reply.status(401).send({ code: 401, data: { message: '需要指标令牌' } });
      }
    }
    return reply.type(register.contentType).send(await register.metrics());
  });
}
