// npm run import:jsherp -- --mysql mysql://user:password@host:3306/jsh_erp --tenant <company name>
//   [--jsh-tenant <jshERP tenant_id>] [--admin <login name>] [--json]
// Reads a jshERP 3.x database and creates a new company with its data, written through our own API;
// prints what was imported and skipped and why. PostgreSQL when DATABASE_URL is set, else the embedded
// engine in DATA_DIR (stop the server first). See docs/jsherp.md.
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/open-database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { syncCatalogue } from '../apps/server/src/modules/system/index.ts';
import { formatReport, importJshErp } from '../apps/server/src/modules/jsherp/index.ts';

const USAGE = 'usage: npm run import:jsherp -- --mysql mysql://user:password@host:3306/db --tenant <name> [--jsh-tenant <id>] [--admin <login>] [--json]';
const { values: a } = parseArgs({
  options: { mysql: { type: 'string' }, tenant: { type: 'string' }, 'jsh-tenant': { type: 'string' }, admin: { type: 'string' }, json: { type: 'boolean' } },
});
const jshTenant = a['jsh-tenant'] === undefined ? undefined : Number(a['jsh-tenant']);
if (!a.mysql?.startsWith('mysql://') || !a.tenant?.trim() || (jshTenant !== undefined && !(Number.isSafeInteger(jshTenant) && jshTenant > 0))) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, engine: config.dbEngine });
let code = 0;
try {
  await migrate(db);
  await syncCatalogue(db);
  const app = await buildApp({ config: { ...config, logLevel: 'warn' }, db, logger: false });
  await app.ready();
  try {
    const report = await importJshErp(app, db, {
      mysqlUrl: a.mysql,
      tenantName: a.tenant.trim(),
      jshTenantId: jshTenant,
      adminLoginName: a.admin,
      apiBase: config.apiBase,
    });
    console.log(a.json ? JSON.stringify(report, null, 2) : formatReport(report));
  } finally {
    await app.close();
  }
} catch (e) {
  console.error(`import refused: ${(e as Error).message}`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
