import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { runningPostmaster } from '../db/embedded-postgres.ts';

const run = promisify(execFile);

/**
 * Backup and restore (docs/operations.md). PostgreSQL: pg_dump's custom format and pg_restore,
 * which keep the row-level security policies and grants. PGlite: its own dumpDataDir() tarball of
 * the data directory, loaded back with loadDataDir; the server must be stopped (PGlite is one
 * process's database). The embedded PostgreSQL (npm start's default): the stopped cluster folder and
 * its password as a tar.gz, the same kind of copy as PGlite's (its package ships no pg_dump).
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

const EMBEDDED = ['postgres', 'postgres.password'];

export async function backupEmbeddedPostgres(dataDir: string, file: string): Promise<void> {
  const dir = path.join(dataDir, 'postgres');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no embedded PostgreSQL in ${dataDir}`);
  const pid = runningPostmaster(dir);
  if (pid) throw new Error(`the embedded PostgreSQL in ${dataDir} is running (pid ${pid}): stop the server first`);
  await run('tar', ['-czf', path.resolve(file), '--exclude=postmaster.pid', '-C', dataDir, ...EMBEDDED]);
}

/** Restores into a DATA_DIR that has no database yet, so a restore never overwrites live data. */
export async function restoreEmbeddedPostgres(file: string, dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'postgres');
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) throw new Error(`${dir} is not empty: restore into a new DATA_DIR`);
  fs.mkdirSync(dataDir, { recursive: true });
  await run('tar', ['-xzf', path.resolve(file), '-C', dataDir, ...EMBEDDED]);
}
