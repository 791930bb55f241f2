import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../../test-support/harness.ts';
import { roleWith, userWith } from './fixtures.ts';

describe('grants made on the role screen decide what a user may do (SPEC §6)', async () => {
  const { app } = await testApp();
  const boss = await newTenant(app, 'perm');
  // a trial company holds 3 users; the platform administrator raises the limit for this scenario
  const platform = await login(app, 'admin');
  expect((await platform.api.put('/tenant/update', { id: boss.tenantId, userLimit: 20 })).body.code).toBe(200);

  it('lets a user with /system/person but no button 1 list persons, not add; editAll then lets them add', async () => {
    const roleId = await roleWith(boss.api, { '/system/person': '' });
    const clerk = await userWith(app, boss.api, [roleId]);
    expect(clerk.data.permissions).toEqual(expect.arrayContaining(['/system/person']));
    expect((await clerk.api.get('/person/list')).status).toBe(200);
    const refused = await clerk.api.post('/person/add', { name: '无权新增', type: '业务员' });
    expect(refused.status).toBe(403);
    expect((await boss.api.get('/person/list')).body.data.total).toBe(0);

    expect((await boss.api.post('/role/setGrantsBulk', { roleId, mode: 'editAll' })).body.code).toBe(200);
    const again = await login(app, clerk.loginName);
    expect(again.data.userBtn).toContainEqual({ url: '/system/person', btnStr: '1' });
    const added = await again.api.post('/person/add', { name: '有权新增', type: '业务员' });
    expect(added.body).toMatchObject({ code: 200, data: { message: '新增成功' } });
  });

  it('shows the granted menu with its area in the user’s menu tree', async () => {
    const roleId = await roleWith(boss.api, { '/system/depot': '1' });
    const u = await userWith(app, boss.api, [roleId]);
    const tree = (await u.api.post('/function/findMenuByPNumber', { pNumber: '0' })).body.data as Array<{ url: string; children?: Array<{ url: string }> }>;
    expect(tree.map((e) => e.url)).toEqual(['/basic']);
    expect(tree[0].children!.map((e) => e.url)).toEqual(['/system/depot']);
  });

  it('refuses the administration calls to a user without their menu or button', async () => {
    const viewer = await roleWith(boss.api, { '/system/role': '', '/system/user': '', '/system/organization': '' });
    const u = await userWith(app, boss.api, [viewer]);
    const calls: Array<[string, () => Promise<{ status: number }>]> = [
      ['setGrants', () => u.api.post('/role/setGrants', { roleId: viewer, grants: [] })],
      ['setGrantsBulk', () => u.api.post('/role/setGrantsBulk', { roleId: viewer, mode: 'selectAll' })],
      ['setDataScope', () => u.api.post('/role/setDataScope', { roleId: viewer, depotIds: [] })],
      ['role add', () => u.api.post('/role/add', { name: '越权', type: '全部数据' })],
      ['addUser', () => u.api.post('/user/addUser', { loginName: 'nope_x1', username: 'x', roleIds: [viewer] })],
      ['updateUser', () => u.api.put('/user/updateUser', { id: u.id, username: 'x' })],
      ['resetPwd', () => u.api.post('/user/resetPwd', { id: u.id })],
      ['batchSetStatus', () => u.api.post('/user/batchSetStatus', { status: 0, ids: String(u.id) })],
      ['delete', () => u.api.delete(`/user/delete?id=${u.id}`)],
      ['deleteBatch', () => u.api.delete(`/user/deleteBatch?ids=${u.id}`)],
      ['organization add', () => u.api.post('/organization/add', { orgNo: 'X1', name: '越权' })],
      ['tenant list', () => u.api.get('/tenant/list')],
    ];
    for (const [what, call] of calls) expect((await call()).status, what).toBe(403);
    // reading is granted
    for (const url of [
      '/role/allList',
      `/role/getGrants?id=${viewer}`,
      `/role/getDataScope?id=${viewer}`,
      '/user/getUserList',
      '/organization/getOrganizationTree',
    ]) {
      expect((await u.api.get(url)).status, url).toBe(200);
    }
    const none = await userWith(app, boss.api, [await roleWith(boss.api, { '/system/person': '1' })]);
    for (const url of [
      '/role/allList',
      `/role/getGrants?id=${viewer}`,
      '/user/getUserList',
      '/organization/getOrganizationTree',
      '/user/checkIsNameExist?name=x',
    ]) {
      expect((await none.api.get(url)).status, url).toBe(403);
    }
  });
});
