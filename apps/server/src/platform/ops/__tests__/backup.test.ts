import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ENGINE, openTestDatabase } from '../../../test-support/harness.ts';
import { type Database } from '../../db/database.ts';
import { openDatabase } from '../../db/open-database.ts';
import { migrate } from '../../db/migrate.ts';
import { backupEmbeddedPostgres, backupPglite, backupPostgres, restoreEmbeddedPostgres, restorePglite, restorePostgres } from '../backup.ts';

const name = `备份公司_${Date.now()}`;
const makeData = (db: Database) => db.system((tx) => tx.query(`insert into tenant(name, expire_time) values ($1, now() + interval '1 year')`, [name]));
const findData = async (db: Database) =>
  (await db.system((tx) => tx.query<{ name: string }>('select name from tenant where name = $1', [name]))).map((r) => r.name);

describe(`backup and restore (${ENGINE})`, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-backup-'));

  it.runIf(ENGINE === 'pglite')('restores a PGlite dump into a new DATA_DIR and finds the data', async () => {
    const live = path.join(tmp, 'live');
    let db = await openDatabase({ dataDir: live });
    await migrate(db);
    await makeData(db);
    await db.close();
    const file = path.join(tmp, 'erp.tar.gz');
    await backupPglite(live, file);
    const restored = path.join(tmp, 'restored');
    await restorePglite(file, restored);
    await expect(restorePglite(file, restored)).rejects.toThrow(/not empty/);
    db = await openDatabase({ dataDir: restored });
    expect(await findData(db)).toEqual([name]);
    // a restored database is complete: nothing left to migrate, row-level security still on
    expect(await migrate(db)).toEqual([]);
    const rls = await db.system((tx) => tx.one<{ on: boolean }>(`select relrowsecurity as on from pg_class where relname = 'sys_user'`));
    expect(rls?.on).toBe(true);
    await db.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it.runIf(ENGINE === 'postgres')(
    'restores a pg_dump into a fresh database and finds the data',
    async () => {
      const db = await openTestDatabase();
      await makeData(db);
      const file = path.join(tmp, 'erp.dump');
      await backupPostgres(process.env.DATABASE_URL!, file);
      await db.close();
      const target = new URL(process.env.DATABASE_URL!);
      const fresh = `${target.pathname.slice(1)}_restore`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${fresh}`);
      await admin.query(`create database ${fresh}`);
      target.pathname = `/${fresh}`;
      try {
        await restorePostgres(file, target.toString());
        const restored = await openDatabase({ databaseUrl: target.toString() });
        expect(await findData(restored)).toEqual([name]);
        expect(await migrate(restored)).toEqual([]);
        const rls = await restored.system((tx) => tx.one<{ on: boolean }>(`select relrowsecurity as on from pg_class where relname = 'sys_user'`));
        expect(rls?.on).toBe(true);
        await restored.close();
      } finally {
        await admin.query(`drop database if exists ${fresh}`);
        await admin.end();
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    },
    120_000,
  );

  // npm start's default engine; independent of TEST_DB, so in the PGlite pass only
  it.runIf(ENGINE === 'pglite' && process.platform === 'linux')(
    'copies a stopped embedded PostgreSQL into a new DATA_DIR and finds the data, and refuses while it runs',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-backup-embedded-'));
      const live = path.join(dir, 'live');
      const file = path.join(dir, 'erp-embedded.tar.gz');
      try {
        let db = await openDatabase({ dataDir: live, engine: 'postgres' });
        await migrate(db);
        await makeData(db);
        await expect(backupEmbeddedPostgres(live, file)).rejects.toThrow(/stop the server first/);
        await db.close();
        await backupEmbeddedPostgres(live, file);
        const restored = path.join(dir, 'restored');
        await restoreEmbeddedPostgres(file, restored);
        await expect(restoreEmbeddedPostgres(file, restored)).rejects.toThrow(/not empty/);
        db = await openDatabase({ dataDir: restored, engine: 'postgres' });
        expect(await findData(db)).toEqual([name]);
        expect(await migrate(db)).toEqual([]);
        await db.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
