import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { migrate } from './platform/db/migrate.ts';
import { buildApp } from './app.ts';
import { syncCatalogue } from './modules/system/index.ts';
import { defineReminderJob } from './modules/message/index.ts';
import { MailIdleWatcher } from './modules/crm/index.ts';
import { JobRunner } from './platform/jobs/runner.ts';
import { gracefulShutdown } from './platform/ops/shutdown.ts';
import { seedDemo, DEMO_SIGN_INS } from './modules/system/seed-demo.ts';
import { ensureDemoActivity } from './modules/system/demo-activity.ts';

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  listenUrl: config.databaseListenUrl,
  prepare: config.dbPreparedStatements,
  dataDir: config.dataDir,
  engine: config.dbEngine,
});
const applied = await migrate(db);
await syncCatalogue(db);
const seeded = config.seedDemo ? await seedDemo(db) : false;
const app = await buildApp({ config, db });
if (config.seedDemo) {
  // a few months of business through the API, so the first start shows figures (once per database)
  const t0 = Date.now();
  // its few hundred requests are not worth a log line each
  const level = app.log.level;
  app.log.level = 'warn';
  const activity = await ensureDemoActivity(app, db, config.apiBase).finally(() => (app.log.level = level));
  if (activity === 'seeded') app.log.info(`demo activity seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

defineReminderJob(config.reminderIntervalMinutes);
// on an embedded database this process is the only worker: a job left running was cut off by a crash
const runner = new JobRunner(db, app.log, { requeueRunningAtStart: db.embedded !== undefined, files: app.fileStore });
// IMAP IDLE for every mailbox, held by one instance at a time (docs/crm.md); ERP_MAIL_IDLE=off leaves new mail to the 5-minute sync
const mailIdle = process.env.ERP_MAIL_IDLE === 'off' ? undefined : new MailIdleWatcher(db, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing requests and jobs in flight, then closing`);
  try {
    await mailIdle?.stop();
    await gracefulShutdown({ app, runner, db, graceMs: config.shutdownGraceSeconds * 1000 });
  } catch (e) {
    app.log.error(e, 'shutdown did not finish cleanly');
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
runner.start();
mailIdle?.start();
// the addresses that work, as Fastify's log lists them: on 0.0.0.0 localhost and every interface
const urls = app
  .addresses()
  .filter((a): a is import('node:net').AddressInfo => typeof a !== 'string' && a.family === 'IPv4')
  .flatMap((a) =>
    a.address === '0.0.0.0'
      ? [
          '127.0.0.1',
          ...Object.values(os.networkInterfaces()).flatMap((l) => (l ?? []).filter((i) => i.family === 'IPv4' && !i.internal).map((i) => i.address)),
        ]
      : [a.address],
  )
  .map((host) => `http://${host === '127.0.0.1' ? 'localhost' : host}:${config.port}`);
const url = urls[0] ?? `http://localhost:${config.port}`;
const lines = [
  '',
  `ERP is running at ${url}${urls.length > 1 ? `  (also ${urls.slice(1).join(', ')})` : ''}`,
  `  database: ${db.embedded ?? 'PostgreSQL (DATABASE_URL)'}` + (applied.length ? `, applied ${applied.length} migration(s)` : ''),
  `  API: ${url}${config.apiBase}   API docs: ${url}/docs`,
];
// PGlite was the default before issue 12: its data stays where it was, and is not what this server shows
if (!config.databaseUrl && config.dbEngine === 'postgres' && fs.existsSync(path.join(config.dataDir, 'pglite'))) {
  lines.push(`  note: ${path.join(config.dataDir, 'pglite')} holds a PGlite database from an earlier version; DB_ENGINE=pglite opens it`);
}
if (config.seedDemo) {
  lines.push(`  demo data ${seeded ? 'created' : 'present'}; sign in with (password 123456):`);
  for (const s of DEMO_SIGN_INS) lines.push(`    ${s.loginName.padEnd(12)} ${s.description}`);
}
console.log(lines.join('\n') + '\n');
