import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';
import { loadSession } from '../session.ts';
import { allowedIds } from '../data-scope.ts';
import { createRole, createUser } from '../../../modules/system/tenant-provisioning.ts';
import { md5 } from '../password.ts';

describe('data scope by warehouse and customer', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'scope');
  const clerkName = `${t.loginName}_c`;
  await db.system(async (tx) => {
    const roleA = await createRole(tx, t.tenantId, '仓库A', { numbers: ['04'] }, '个人数据');
    const roleB = await createRole(tx, t.tenantId, '仓库B', { numbers: ['04'] }, '个人数据');
    await tx.query(
      `insert into role_data_scope(tenant_id, role_id, kind, target_id) values ($1, $2, 'depot', 11), ($1, $3, 'depot', 12), ($1, $3, 'depot', 11), ($1, $2, 'customer', 7)`,
      [t.tenantId, roleA, roleB],
    );
    await createUser(tx, t.tenantId, { loginName: clerkName, passwordMd5: md5('abc123'), username: 'clerk', roleIds: [roleA, roleB] });
  });
  const clerk = await login(app, clerkName, 'abc123');
  const scope = (token: string, kind: 'depot' | 'customer') => db.tenant(t.tenantId, async (tx) => allowedIds(tx, (await loadSession(tx, token))!, kind));

  it('does not restrict while the company’s switch is off', async () => {
    expect(await scope(clerk.token, 'depot')).toBeNull();
  });

  it('restricts to the union of the roles’ grants when the switch is on', async () => {
    await t.api.put('/systemConfig/update', { depotFlag: true, customerFlag: true });
    expect(await scope(clerk.token, 'depot')).toEqual([11, 12]);
    expect(await scope(clerk.token, 'customer')).toEqual([7]);
  });

  it('does not restrict a role of type 全部数据 that names no scope (the company administrator)', async () => {
    expect(await scope(t.token, 'depot')).toBeNull();
  });

  it('never restricts a tenant administrator role named admin', async () => {
    const admin = await login(app, 'admin');
    const adminTenant = admin.data.user.tenantId;
    const s = await db.tenant(adminTenant, async (tx) => allowedIds(tx, (await loadSession(tx, admin.token))!, 'depot'));
    expect(s).toBeNull();
  });
});
