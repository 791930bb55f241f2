import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database.ts';
import { ROOT } from '../root.ts';

export const MIGRATIONS_DIR = path.join(ROOT, 'db', 'migrations');

/**
 * Applies db/migrations/NNN_*.sql in order, each in its own transaction, on either engine.
 * On PostgreSQL an advisory lock keeps two starting servers from migrating at once.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  return db.system(async (tx) => {
    if (db.engine === 'postgres') await tx.exec('select pg_advisory_xact_lock(7320001)');
    await tx.exec(`create table if not exists schema_migrations (
        version text primary key, applied_at timestamptz not null default now());
      comment on table schema_migrations is 'global: which migration files have run';`);
    const done = new Set((await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const f of files) {
      if (done.has(f)) continue;
      await tx.exec(fs.readFileSync(path.join(dir, f), 'utf8'));
      await tx.query('insert into schema_migrations(version) values ($1)', [f]);
      applied.push(f);
    }
    // identity columns need their sequences usable by the app role
    await tx.exec('grant usage on all sequences in schema public to erp_app');
    return applied;
  });
}
