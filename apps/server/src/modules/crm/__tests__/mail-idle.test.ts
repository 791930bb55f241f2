import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Database } from '../../../platform/db/database.ts';
import { JobRunner } from '../../../platform/jobs/runner.ts';
import { newTenant, testApp, type Client } from '../../../test-support/harness.ts';
import { mailServers, mailSettings, type MailServers } from '../../../test-support/mail-servers.ts';
import { MAIL_SYNC_JOB, MailIdleWatcher } from '../index.ts';
import { okData } from './fixtures.ts';

process.env.ERP_MAIL_KEY = 'test-key-mail-idle';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let app: FastifyInstance;
let db: Database;
let srv: MailServers;
let runner: JobRunner;
const watchers: MailIdleWatcher[] = [];

beforeAll(async () => {
  ({ app, db } = await testApp());
  srv = await mailServers();
  runner = new JobRunner(db, log, { pollMs: 100, names: [MAIL_SYNC_JOB], files: app.fileStore }).start();
});
afterAll(async () => {
  for (const w of watchers) await w.stop();
  await runner.stop(5000);
});

/** N: a new mail must be on the list this soon after it lands in the Maildir (no 同步, the 5-minute poll far off). */
const WITHIN_MS = 10_000;

const subjects = async (api: Client) => ((await okData(api.get('/crm/mail/list?direction=in'))).rows as Array<{ subject: string }>).map((r) => r.subject);

describe('CRM mail: IMAP IDLE against a real Dovecot', () => {
  it('one instance holds the IDLE connections; a new mail appears within seconds; another instance takes over when it stops', async () => {
    const t = await newTenant(app, 'midle');
    const box = srv.addUser();
    await okData(t.api.put('/crm/mail/setting', mailSettings(srv, box)));
    // a lease far longer than the renewal: a run under load that stalls a renewal for a second must not hand it over
    // (stop() gives the lease up, so the takeover below is still immediate)
    const [a, b] = [new MailIdleWatcher(db, log, { renewMs: 300, leaseMs: 10_000 }), new MailIdleWatcher(db, log, { renewMs: 300, leaseMs: 10_000 })];
    watchers.push(a, b);
    a.start();
    await expect.poll(() => a.holding, { timeout: 10000 }).toBe(true);
    b.start();
    await expect.poll(() => a.watching, { timeout: 15000 }).toBeGreaterThanOrEqual(1);
    expect([b.holding, b.watching]).toEqual([false, 0]);

    srv.deliver(box.user, { from: 'buyer@customer.test', to: `${box.user}@crm.test`, subject: 'Pushed one', text: '新邮件' });
    const t0 = Date.now();
    await expect.poll(() => subjects(t.api), { timeout: WITHIN_MS, interval: 200 }).toContain('Pushed one');
    const took = Date.now() - t0;
    expect(took).toBeLessThan(WITHIN_MS);
    // queued by the watcher for this user: it names the user, where the 5-minute schedule's run (which may fire
    // while this test runs: stop 34's CI) carries its slot instead
    const jobs = await db.system((tx) =>
      tx.query<{ payload: Record<string, unknown> }>(`select payload from job where tenant_id = $1 and name = $2`, [t.tenantId, MAIL_SYNC_JOB]),
    );
    const pushed = jobs.filter((j) => !('slot' in j.payload));
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.map((j) => typeof j.payload.userId)).toEqual(pushed.map(() => 'number'));
    // still one holder, and two instances never watch at once
    expect([a.holding, b.holding]).toEqual([true, false]);

    await a.stop();
    await expect.poll(() => b.watching, { timeout: 15000 }).toBeGreaterThanOrEqual(1);
    expect(a.watching).toBe(0);
    srv.deliver(box.user, { from: 'buyer@customer.test', to: `${box.user}@crm.test`, subject: 'Pushed two', text: '又一封' });
    await expect.poll(() => subjects(t.api), { timeout: WITHIN_MS, interval: 200 }).toContain('Pushed two');
    expect((await subjects(t.api)).sort()).toEqual(['Pushed one', 'Pushed two']);

    // an instance that crashed keeps the lease until it runs out; then the next one takes over
    await b.stop();
    await db.system((tx) =>
      tx.query(`insert into crm_mail_idle_holder(id, holder, until) values (1, 'crashed', now() + interval '3 seconds')
                on conflict (id) do update set holder = excluded.holder, until = excluded.until`),
    );
    const c = new MailIdleWatcher(db, log, { renewMs: 300 });
    watchers.push(c);
    await c.tick();
    expect([c.holding, c.watching]).toEqual([false, 0]);
    c.start();
    await expect.poll(() => c.watching, { timeout: 15000 }).toBeGreaterThanOrEqual(1);
  });
});
