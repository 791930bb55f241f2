import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test-support/harness.ts';

/**
 * ARCHITECTURE §3: every tenant table keeps tenant_id in its primary key, unique indexes and
 * foreign keys to other tenant tables, and has row-level security; global tables say so in
 * their comment. Reads the catalogue so a new migration that forgets a rule fails here.
 */
describe('schema rules for tenant tables', async () => {
  const { db } = await testApp();
  const tables = await db.system((tx) =>
    tx.query<{ name: string; comment: string | null; rls: boolean; owner: string; policies: number }>(
      `select c.relname as name, obj_description(c.oid, 'pg_class') as comment, c.relrowsecurity as rls,
              pg_get_userbyid(c.relowner) as owner,
              (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    ),
  );
  const global = new Set(tables.filter((t) => t.comment?.startsWith('global')).map((t) => t.name));
  const tenantTables = tables.filter((t) => !global.has(t.name));

  it('knows both kinds of table', () => {
    expect(global.has('tenant')).toBe(true);
    expect(tenantTables.map((t) => t.name)).toContain('sys_user');
  });

  it('gives every tenant table a not-null tenant_id', async () => {
    const cols = await db.system((tx) =>
      tx.query<{ table_name: string; is_nullable: string }>(
        `select table_name, is_nullable from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id'`,
      ),
    );
    const byTable = new Map(cols.map((c) => [c.table_name, c.is_nullable]));
    for (const t of tenantTables) expect(byTable.get(t.name), `${t.name}.tenant_id`).toBe('NO');
  });

  it('puts tenant_id in every primary key and unique index of a tenant table', async () => {
    const idx = await db.system((tx) =>
      tx.query<{ table: string; index: string; cols: string[] }>(
        `select t.relname as table, i.relname as index,
                array(select a.attname::text from pg_attribute a where a.attrelid = t.oid and a.attnum = any(x.indkey)) as cols
           from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
           join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'public' and (x.indisunique or x.indisprimary)`,
      ),
    );
    const bad = idx.filter((i) => !global.has(i.table) && !i.cols.includes('tenant_id')).map((i) => `${i.table}.${i.index}`);
    expect(bad).toEqual([]);
    const withPk = new Set(idx.filter((i) => i.index.endsWith('_pkey')).map((i) => i.table));
    for (const t of tenantTables) expect(withPk.has(t.name), `${t.name} has a primary key`).toBe(true);
  });

  it('includes tenant_id in every foreign key between tenant tables', async () => {
    const fks = await db.system((tx) =>
      tx.query<{ table: string; ref: string; name: string; cols: string[] }>(
        `select t.relname as table, r.relname as ref, c.conname as name,
                array(select a.attname::text from pg_attribute a where a.attrelid = t.oid and a.attnum = any(c.conkey)) as cols
           from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class r on r.oid = c.confrelid
           join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'public' and c.contype = 'f'`,
      ),
    );
    const bad = fks.filter((f) => !global.has(f.table) && !global.has(f.ref) && !f.cols.includes('tenant_id'));
    expect(bad.map((f) => `${f.table}.${f.name}`)).toEqual([]);
  });

  it('turns on row-level security with a policy on every tenant table', () => {
    const bad = tenantTables.filter((t) => !t.rls || t.policies < 1).map((t) => t.name);
    expect(bad).toEqual([]);
  });

  it('lets the app role own no table, so policies always apply to it', () => {
    expect(tables.filter((t) => t.owner === 'erp_app')).toEqual([]);
  });
});
