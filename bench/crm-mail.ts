/**
 * `npm run bench:crm-mail` (issue 20): the first IMAP sync of a mailbox holding BENCH_MAILS (10,000) mails, against a
 * private Dovecot started by this script (test-support/mail-servers.ts: own config, Maildir and port). One mail in ten
 * comes from one of BENCH_CUSTOMERS (100) customers' addresses, so the matching runs too. The database is PostgreSQL
 * with DATABASE_URL, else PGlite in memory. The sync is the job's function (syncMailbox) timed from call to the last
 * commit, then a second run that finds nothing new. Goal: first sync of 10,000 mails ≤ 2 minutes.
 */
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

process.env.TEST_DB = process.env.DATABASE_URL ? 'postgres' : 'pglite';
process.env.ERP_MAIL_KEY ??= 'bench-mail-key';
const mails = Number(process.env.BENCH_MAILS ?? 10_000);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100);

const { testApp, newTenant } = await import('../apps/server/src/test-support/harness.ts');
const { mailServers, mailSettings } = await import('../apps/server/src/test-support/mail-servers.ts');
const { syncMailbox } = await import('../apps/server/src/modules/crm/index.ts');

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const secs = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;
const srv = await mailServers();
const box = srv.addUser();
const { app, db } = await testApp();
const t = await newTenant(app, 'benchmail');
const userId = t.data.user.id as number;

await db.system((tx) =>
  tx.query(
    `insert into partner(tenant_id, name, type, email) select $1, 'bench邮件客户' || g, '客户', 'buyer' || g || '@customer.test' from generate_series(1, $2) g`,
    [t.tenantId, customers],
  ),
);
let start = process.hrtime.bigint();
for (let i = 1; i <= mails; i++) {
  const from = i % 10 === 0 ? `buyer${(i / 10) % customers || customers}@customer.test` : `sender${i}@elsewhere.test`;
  srv.deliver(box.user, {
    from,
    to: `${box.user}@crm.test`,
    subject: `Bench mail ${i}`,
    text: `Line one of mail ${i}.\nLine two, a little longer, to give the parser something to read.\n`.repeat(5),
    date: new Date(Date.now() - (mails - i) * 60000),
  });
}
console.log(`delivered ${mails} mails into the Maildir in ${secs(start).toFixed(1)} s (engine ${process.env.TEST_DB})`);

const setting = await t.api.put('/crm/mail/setting', mailSettings(srv, box));
if (setting.body.code !== 200) throw new Error(setting.text);

const load0 = os.loadavg().map((x) => x.toFixed(1));
start = process.hrtime.bigint();
const first = await syncMailbox(db, log, t.tenantId, userId, undefined, app.fileStore);
const firstSeconds = secs(start);
start = process.hrtime.bigint();
const second = await syncMailbox(db, log, t.tenantId, userId, undefined, app.fileStore);
const secondSeconds = secs(start);
const counts = await db.system((tx) =>
  tx.one<{ mails: number; linked: number }>(
    `select (select count(*)::int from crm_mail where tenant_id = $1) as mails, (select count(*)::int from crm_mail_partner where tenant_id = $1) as linked`,
    [t.tenantId],
  ),
);
const load1 = os.loadavg().map((x) => x.toFixed(1));
console.log(`first sync: ${JSON.stringify(first)} in ${firstSeconds.toFixed(1)} s; second: ${JSON.stringify(second)} in ${secondSeconds.toFixed(2)} s`);
console.log(`stored ${counts!.mails} mails, ${counts!.linked} linked to customers; load average before ${load0.join(' ')}, after ${load1.join(' ')}`);
console.log(
  `| first sync, ${mails} mails (${process.env.TEST_DB}) | ${firstSeconds.toFixed(1)} s (${(mails / firstSeconds).toFixed(0)} mails/s; ${counts!.linked} matched) | ≤ 120 s |\n` +
    `| second sync, nothing new | ${secondSeconds.toFixed(2)} s (${second.fetched} fetched) | — |`,
);
if (first.error || counts!.mails !== mails) throw new Error(`sync incomplete: ${first.error ?? counts!.mails}`);
await app.close();
await db.close();
process.exit(0);
