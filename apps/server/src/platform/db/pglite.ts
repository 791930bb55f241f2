import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Database, type Tx, tenantPreamble } from './database.ts';

function wrap(t: Transaction | PGlite): Tx {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await t.query<T>(sql, params as unknown[])).rows;
    },
    async one<T>(sql: string, params?: unknown[]) {
      return (await t.query<T>(sql, params as unknown[])).rows[0];
    },
    async exec(sql: string) {
      await t.exec(sql);
    },
  };
}

/**
 * PGlite has one connection; its transaction() holds a lock, so requests are serialised here.
 * dataDir undefined means in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const db = await PGlite.create(dir);
  return {
    engine: 'pglite',
    embedded: dir ? `embedded PGlite in ${dir}` : 'PGlite in memory',
    system: (fn) => db.transaction((t) => fn(wrap(t))),
    tenant: (tenantId, fn) =>
      db.transaction(async (t) => {
        await t.exec(tenantPreamble(tenantId));
        return fn(wrap(t));
      }),
    async listen(channel, onPayload) {
      const unsub = await db.listen(channel, onPayload);
      // closing the database already dropped the listener
      return async () => {
        if (!db.closed) await unsub();
      };
    },
    async notify(channel, payload) {
      await db.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => db.close(),
  };
}
