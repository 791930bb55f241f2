// npm run backup -- <file>   /   npm run restore -- <file>
// PostgreSQL when DATABASE_URL is set (restore needs an empty database), else PGlite in DATA_DIR
// (stop the server first; restore needs a new DATA_DIR). See docs/operations.md.
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '../apps/server/src/platform/ops/backup.ts';

const [mode, file] = process.argv.slice(2);
if (!(mode === 'backup' || mode === 'restore') || !file) {
  console.error('usage: npm run backup -- <file> | npm run restore -- <file>');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  await (mode === 'backup' ? backupPostgres(config.databaseUrl, file) : restorePostgres(file, config.databaseUrl));
} else {
  await (mode === 'backup' ? backupPglite(config.dataDir, file) : restorePglite(file, config.dataDir));
}
console.log(`${mode} done: ${file}`);
