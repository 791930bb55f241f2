import { describe, expect, it } from 'vitest';
import { tenantFilterProblems } from '../../../../../../scripts/check-tenant-filters.ts';

// The check npm test runs over every tenant-transaction statement (docs/scale-out.md): it must catch
// what it is there to catch, or its "0 problems" means nothing.
const TENANT = new Set(['depot', 'material', 'stock_ledger']);

describe('tenant filter check', () => {
  it('passes statements that filter or join every tenant table by tenant_id', async () => {
    const ok = [
      'select 1 from depot where tenant_id = $1 and id = $2',
      'select d.id from depot d join material m on m.tenant_id = d.tenant_id and m.id = d.id where d.tenant_id = $1',
      'select * from depot d join material m using (tenant_id, id) where d.tenant_id = $1',
      'update material set name = $2 where tenant_id = $1 and id = $3',
      'insert into depot(tenant_id, name) values ($1, $2)',
      'with x as (select id from depot where tenant_id = $1) select * from x',
      'select now()',
      // a row-level-security test leaving the filter out on purpose, and saying so
      '/* rls-probe */ select * from depot',
    ];
    expect(await tenantFilterProblems(ok, TENANT)).toEqual([]);
  });

  it('flags a tenant table read, written or inserted without its tenant', async () => {
    const bad = [
      'select * from depot where id = $1',
      'update material set name = 1 where id = 2',
      'select d.id from depot d join material m on m.id = d.id where d.tenant_id = $1',
      'insert into depot(name) values ($1)',
      'delete from stock_ledger where id = $1',
      // the marker counts only where it opens the statement
      'select * from depot /* rls-probe */',
    ];
    const problems = await tenantFilterProblems(bad, TENANT);
    expect(problems).toHaveLength(bad.length);
    expect(problems[2]).toMatch(/no tenant_id condition on material/);
  });
});
