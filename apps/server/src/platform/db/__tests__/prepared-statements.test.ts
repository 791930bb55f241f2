import { describe, expect, it } from 'vitest';
import { ENGINE, newTenant, testApp } from '../../../test-support/harness.ts';
import { openDatabase } from '../open-database.ts';

/**
 * Named statements on PostgreSQL (platform/db/postgres.ts): a parameterised statement seen twice is prepared per
 * connection; row-level security still follows each transaction's company, whoever ran the statement before on the
 * same connection. The isolation part runs on both engines.
 */
describe('prepared statements', async () => {
  const { app, db } = await testApp();
  const a = await newTenant(app, 'prepa');
  const b = await newTenant(app, 'prepb');
  // no tenant filter on purpose: only the policy keeps the rows apart
  const sql = 'select distinct tenant_id from role where $1::int = 1 order by 1';

  it('keeps each company to its own rows when one statement runs for both, again and again', async () => {
    for (let i = 0; i < 8; i++) {
      for (const t of [a, b]) {
        const seen = await db.tenant(t.tenantId, (tx) => tx.query<{ tenant_id: number }>(sql, [1]));
        expect(seen.map((r) => r.tenant_id)).toEqual([t.tenantId]);
      }
    }
  });

  it.skipIf(ENGINE !== 'postgres')('names a repeated parameterised statement on its connection, and only when asked to', async () => {
    const prepared = async (prepare: boolean) => {
      const before = process.env.PG_POOL_MAX;
      process.env.PG_POOL_MAX = '1'; // one connection: the second transaction sees what the first prepared
      const one = await openDatabase({ databaseUrl: process.env.DATABASE_URL, prepare });
      if (before === undefined) delete process.env.PG_POOL_MAX;
      else process.env.PG_POOL_MAX = before;
      try {
        const text = `select $1::int + ${prepare ? 1 : 2} as n`;
        for (let i = 0; i < 3; i++) expect(await one.system((tx) => tx.one<{ n: number }>(text, [i]))).toEqual({ n: i + (prepare ? 1 : 2) });
        await one.system((tx) => tx.query('select 1 as n'));
        return await one.system((tx) =>
          tx.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements where from_sql = false'),
        );
      } finally {
        await one.close();
      }
    };
    const on = await prepared(true);
    expect(on.map((r) => r.statement)).toEqual(['select $1::int + 1 as n']);
    expect(on[0].name).toMatch(/^erp_[0-9a-f]{20}$/);
    expect(await prepared(false)).toEqual([]);
  });
});
