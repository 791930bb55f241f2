import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const run = promisify(execFile);

/**
 * Backup and restore (docs/operations.md). PostgreSQL: pg_dump's custom format and pg_restore,
 * which keep the row-level security policies and grants. PGlite: its own dumpDataDir() tarball of
 * the data directory, loaded back with loadDataDir; the server must be stopped (PGlite is one
 * process's database).
 */
export async function backupPostgres(url: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`]);
}

/** Restores into an existing, empty database (create it first: createdb / create database). */
export async function restorePostgres(file: string, url: string): Promise<void> {
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, file]);
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!fs.existsSync(pgliteDir(dataDir))) throw new Error(`no PGlite database in ${dataDir}`);
  const db = await PGlite.create(pgliteDir(dataDir));
  try {
    const blob = await db.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** Restores into a DATA_DIR that has no database yet, so a restore never overwrites live data. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) throw new Error(`${dir} is not empty: restore into a new DATA_DIR`);
  fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  await db.close();
}
