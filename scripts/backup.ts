// npm run backup -- <file>   /   npm run restore -- <file>
// PostgreSQL when DATABASE_URL is set (restore needs an empty database), else the embedded engine in
// DATA_DIR, PostgreSQL or DB_ENGINE=pglite (stop the server first; restore needs a new DATA_DIR).
// See docs/operations.md.
import { loadConfig } from '../apps/server/src/platform/config.ts';
import {
  backupEmbeddedPostgres,
  backupPglite,
  backupPostgres,
  restoreEmbeddedPostgres,
  restorePglite,
  restorePostgres,
} from '../apps/server/src/platform/ops/backup.ts';

const [mode, file] = process.argv.slice(2);
if (!(mode === 'backup' || mode === 'restore') || !file) {
  console.error('usage: npm run backup -- <file> | npm run restore -- <file>');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  await (mode === 'backup' ? backupPostgres(config.databaseUrl, file) : restorePostgres(file, config.databaseUrl));
} else if (config.dbEngine === 'pglite') {
  await (mode === 'backup' ? backupPglite(config.dataDir, file) : restorePglite(file, config.dataDir));
} else {
  await (mode === 'backup' ? backupEmbeddedPostgres(config.dataDir, file) : restoreEmbeddedPostgres(file, config.dataDir));
}
console.log(`${mode} done: ${file}`);
