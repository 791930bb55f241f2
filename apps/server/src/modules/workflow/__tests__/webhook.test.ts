import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { testApp } from '../../../test-support/harness.ts';
import { JobRunner } from '../../../platform/jobs/runner.ts';
import { sign, WEBHOOK_JOB } from '../webhook.ts';
import { approvalWorld, chain, deployed, okData, refusal, taskFor } from './fixtures.ts';

// Issue 15, the approval process's API config: a flow's webhook is POSTed, HMAC-signed, when an instance is
// passed or rejected, through the background job queue, retried until the receiver answers 2xx, and logged.
describe('flow webhooks', async () => {
  const { app, db } = await testApp();
  const x = await approvalWorld(app);
  const flowId = await deployed(x.t.api, 'saleOrder', chain({ id: 'boss', assignee: { kind: 'users', userIds: [x.manager.id] } }));
  const secret = 'a-secret-of-24-characters';

  // a receiver on this machine: the first delivery of each kind gets a 500 (to be retried), the rest 200
  const got: Array<{ signature: string; event: string; body: string }> = [];
  let failNext = true;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ signature: String(req.headers['x-erp-signature']), event: String(req.headers['x-erp-event']), body });
      res.statusCode = failNext ? 500 : 200;
      failNext = !failNext;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const runner = new JobRunner(db, pino({ level: 'silent' }) as unknown as FastifyBaseLogger, { pollMs: 100, names: [WEBHOOK_JOB] }).start();
  afterAll(async () => {
    await runner.stop(1000);
    server.close();
  });
  const log = async () =>
    (await okData(x.t.api.get(`/workflow/flow/webhookLog?id=${flowId}`))).rows as Array<{ event: string; status: string; attempts: number }>;
  const until = async (cond: () => Promise<boolean>) => {
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) if (await cond()) return;
    throw new Error('timed out');
  };

  it('refuses an address that is not HTTPS (or the loopback host), and an address without a secret', async () => {
    expect(await refusal(x.t.api.put('/workflow/flow/update', { id: flowId, webhookUrl: 'http://example.com/hook', webhookSecret: secret }))).toMatch(
      'https://',
    );
    expect(await refusal(x.t.api.put('/workflow/flow/update', { id: flowId, webhookUrl: url }))).toMatch('签名密钥');
    expect(await refusal(x.t.api.put('/workflow/flow/update', { id: flowId, webhookUrl: url, webhookSecret: 'short' }))).toMatch('16');
    expect((await okData(x.t.api.get(`/workflow/flow/detail?id=${flowId}`))).webhookUrl).toBeNull();
  });

  it('posts the signed body on pass and on reject, retrying a failed delivery, and logs each', async () => {
    await okData(x.t.api.put('/workflow/flow/update', { id: flowId, webhookUrl: url, webhookSecret: secret }));
    const detail = await okData(x.t.api.get(`/workflow/flow/detail?id=${flowId}`));
    expect([detail.webhookUrl, detail.hasWebhookSecret, detail.webhookSecret]).toEqual([url, true, undefined]);
    const [a, b] = [await x.order(1), await x.order(2)];
    for (const o of [a, b]) await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, a.number)).id }));
    await okData(x.manager.api.post('/workflow/task/reject', { taskId: (await taskFor(x.manager.api, b.number)).id, comment: '价格不对' }));
    await until(async () => (await log()).every((d) => d.status === 'delivered') && (await log()).length === 2);
    const rows = await log();
    expect(rows.map((d) => [d.event, d.status]).sort()).toEqual([
      ['passed', 'delivered'],
      ['rejected', 'delivered'],
    ]);
    // the receiver fails every other request: at least one delivery needed its retry
    expect(Math.max(...rows.map((d) => d.attempts))).toBeGreaterThanOrEqual(2);
    expect(got.length).toBe(rows.reduce((n, d) => n + d.attempts, 0));
    for (const g of got) expect(g.signature).toBe(sign(secret, g.body));
    const bodies = got.map((g) => JSON.parse(g.body) as { event: string; busNumber: string; comment: string | null });
    expect(bodies.find((p) => p.event === 'passed')?.busNumber).toBe(a.number);
    expect(bodies.find((p) => p.event === 'rejected')).toMatchObject({ busNumber: b.number, comment: '价格不对' });
  });

  it('a flow whose webhook is removed sends nothing', async () => {
    await okData(x.t.api.put('/workflow/flow/update', { id: flowId, webhookUrl: null }));
    const before = (await log()).length;
    const o = await x.order(3);
    await okData(x.seller.api.post('/workflow/submit', { docType: 'saleOrder', busId: o.id }));
    await okData(x.manager.api.post('/workflow/task/pass', { taskId: (await taskFor(x.manager.api, o.number)).id }));
    expect((await log()).length).toBe(before);
  });
});
