import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';

/** With raw SQL and no WHERE clause, a connection scoped to tenant A still sees only A's rows. */
describe('row-level security', async () => {
  const { app, db } = await testApp();
  const a = await newTenant(app, 'rlsa');
  const b = await newTenant(app, 'rlsb');
  const tenantTables = await db.system((tx) =>
    tx.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity order by 1`,
    ),
  );

  it('shows tenant A none of tenant B’s rows in any tenant table', async () => {
    for (const { name } of tenantTables) {
      const seen = await db.tenant(a.tenantId, (tx) => tx.query<{ tenant_id: number }>(`select distinct tenant_id from ${name}`));
      expect(
        seen.filter((r) => r.tenant_id !== a.tenantId),
        name,
      ).toEqual([]);
    }
    // and B really has rows that A did not see
    const bUsers = await db.system((tx) => tx.query('select 1 from sys_user where tenant_id = $1', [b.tenantId]));
    expect(bUsers.length).toBe(1);
  });

  it('refuses to write a row for another tenant, even by naming its tenant_id', async () => {
    await expect(db.tenant(a.tenantId, (tx) => tx.query(`insert into role(tenant_id, name) values ($1, 'intruder')`, [b.tenantId]))).rejects.toThrow(
      /row-level security/,
    );
    const changed = await db.tenant(a.tenantId, (tx) => tx.query(`update sys_user set username = 'hacked' where tenant_id = $1 returning id`, [b.tenantId]));
    expect(changed).toEqual([]);
    const deleted = await db.tenant(a.tenantId, (tx) => tx.query(`delete from role where tenant_id = $1 returning id`, [b.tenantId]));
    expect(deleted).toEqual([]);
    const still = await db.system((tx) => tx.query<{ username: string }>('select username from sys_user where tenant_id = $1', [b.tenantId]));
    expect(still[0].username).toBe(b.loginName);
  });

  it('keeps the app role away from sign-in secrets', async () => {
    await expect(db.tenant(a.tenantId, (tx) => tx.query('select password_hash from account'))).rejects.toThrow(/permission denied/);
  });
});
