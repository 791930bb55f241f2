import { describe, expect, it } from 'vitest';
import { client, login, newTenant, testApp, uniqueName } from '../../../../test-support/harness.ts';
import { md5 } from '../../../../platform/auth/password.ts';
import { roleWith, userWith } from './fixtures.ts';

describe('users: add, list, change', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'usr');
  const other = await newTenant(app, 'usrx');
  const roles = (await t.api.get('/role/allList')).body.data as Array<{ id: number; name: string }>;
  const adminRole = roles[0].id;
  const sales = (await t.api.post('/organization/add', { orgNo: '01', name: '销售部' })).body.data.id;
  const store = (await t.api.post('/organization/add', { orgNo: '02', name: '仓储部' })).body.data.id;
  const clerkRole = await roleWith(t.api, { '/system/person': '1' }, '文员');
  const loginName = uniqueName('new');

  it('adds a user with the default password 123456, roles and departments', async () => {
    const r = await t.api.post('/user/addUser', {
      loginName,
      username: '新同事',
      phone: '13800138000',
      email: 'a@b.cn',
      position: '文员',
      description: '',
      isManager: false,
      roleIds: [clerkRole],
      orgIds: [store, sales],
    });
    expect(r.body).toMatchObject({ code: 200, data: { message: '新增成功' } });
    const s = await login(app, loginName, '123456');
    expect(s.data.user).toMatchObject({ loginName, username: '新同事', tenantId: t.tenantId });
    expect(s.data.permissions).toEqual(expect.arrayContaining(['/system/person']));
    const departs = (await s.api.get('/sys/user/getCurrentUserDeparts')).body.result;
    expect(departs.list.map((d: { departName: string }) => d.departName).sort()).toEqual(['仓储部', '销售部']);
    expect(departs.orgCode).toBe('02');
    expect((await t.api.get(`/user/checkIsNameExist?name=${loginName}`)).body.data).toEqual({ status: true });
    expect((await t.api.get(`/user/checkIsNameExist?name=${loginName}&id=${r.body.data.id}`)).body.data).toEqual({ status: false });
    expect((await t.api.get('/user/checkIsNameExist?name=nobody_here_1')).body.data).toEqual({ status: false });
  });

  it('lists users with role and department names, paged and searchable', async () => {
    const list = (await t.api.get('/user/getUserList?currentPage=1&pageSize=10')).body.data;
    expect(list.total).toBe(2);
    const row = list.rows.find((u: { loginName: string }) => u.loginName === loginName);
    expect(row).toMatchObject({
      username: '新同事',
      phone: '13800138000',
      roleIds: [clerkRole],
      roleName: '文员',
      status: 0,
      isManager: false,
      description: null,
    });
    expect(row.orgIds.sort()).toEqual([sales, store].sort());
    expect(row.orgName.split(',').sort()).toEqual(['仓储部', '销售部']);
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const q = (o: Record<string, string>) => t.api.get(`/user/getUserList?${new URLSearchParams(o)}`);
    expect((await q({ search: JSON.stringify({ username: '新同' }) })).body.data.rows.map((u: { loginName: string }) => u.loginName)).toEqual([loginName]);
    expect((await q({ loginName: t.loginName })).body.data.total).toBe(1);
    expect((await q({ pageSize: '1', currentPage: '2' })).body.data.rows).toHaveLength(1);
    expect((await q({ search: JSON.stringify({ tenantId: 1 }) })).status).toBe(400);
    expect((await q({ search: '{bad' })).status).toBe(400);
    expect((await q({ pageSize: '0' })).status).toBe(400);
  });

  it('changes a user: fields, roles and departments replaced, the current department kept valid', async () => {
    const id = (await t.api.get(`/user/getUserList?loginName=${loginName}`)).body.data.rows[0].id;
    const r = await t.api.put('/user/updateUser', { id, username: '老同事', phone: null, roleIds: [adminRole, clerkRole], orgIds: [sales] });
    expect(r.body).toMatchObject({ code: 200, data: { message: '修改成功' } });
    const row = (await t.api.get(`/user/getUserList?loginName=${loginName}`)).body.data.rows[0];
    expect(row).toMatchObject({ username: '老同事', phone: null, email: 'a@b.cn', orgIds: [sales], orgName: '销售部' });
    expect(row.roleIds.sort()).toEqual([adminRole, clerkRole].sort());
    const s = await login(app, loginName);
    expect((await s.api.get('/sys/user/getCurrentUserDeparts')).body.result.orgCode).toBe('01');
    expect((await t.api.put('/user/updateUser', { id, loginName: 'renamed' })).status).toBe(400);
  });

  it('refuses a login name that exists in any company, as a business refusal', async () => {
    const r = await t.api.post('/user/addUser', { loginName: other.loginName, username: 'x', roleIds: [clerkRole] });
    expect(r.body).toEqual({ code: 500, data: { message: '登录名已存在' } });
    expect((await t.api.get(`/user/checkIsNameExist?name=${other.loginName}`)).body.data).toEqual({ status: true });
  });

  it('refuses bad input with 400 and another company’s roles or departments, writing nothing', async () => {
    const theirRole = (await other.api.get('/role/allList')).body.data[0].id;
    const theirOrg = (await other.api.post('/organization/add', { orgNo: '01', name: '别家部门' })).body.data.id;
    const bad = [
      { loginName: 'has space', username: 'x', roleIds: [clerkRole] },
      { loginName: uniqueName('b'), username: '', roleIds: [clerkRole] },
      { loginName: uniqueName('b'), username: 'x', roleIds: [] },
      { loginName: uniqueName('b'), username: 'x', roleIds: [clerkRole], phone: '12345' },
      { loginName: uniqueName('b'), username: 'x', roleIds: [clerkRole], email: 'no-at' },
      { loginName: uniqueName('b'), username: 'x', roleIds: [clerkRole], password: md5('x') },
      { loginName: uniqueName('b'), username: 'x', roleIds: [theirRole] },
      { loginName: uniqueName('b'), username: 'x', roleIds: [clerkRole], orgIds: [theirOrg] },
    ];
    for (const body of bad) expect((await t.api.post('/user/addUser', body)).status, JSON.stringify(body)).toBe(400);
    const id = (await t.api.get(`/user/getUserList?loginName=${loginName}`)).body.data.rows[0].id;
    expect((await t.api.put('/user/updateUser', { id, roleIds: [theirRole] })).status).toBe(400);
    expect((await t.api.get('/user/getUserList')).body.data.total).toBe(2);
    const count = await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from sys_user where tenant_id = $1', [t.tenantId]));
    expect(count!.n).toBe(2);
  });

  it('enforces the company’s user limit', async () => {
    // a trial company holds 3 users: the administrator, the one above, and one more
    expect((await t.api.post('/user/addUser', { loginName: uniqueName('third'), username: '第三', roleIds: [clerkRole] })).body.code).toBe(200);
    const name = uniqueName('fourth');
    const r = await t.api.post('/user/addUser', { loginName: name, username: '第四', roleIds: [clerkRole] });
    expect(r.body).toEqual({ code: 500, data: { message: '用户数量已达上限' } });
    expect((await t.api.get(`/user/checkIsNameExist?name=${name}`)).body.data).toEqual({ status: false });
  });

  it('never changes another company’s user', async () => {
    const theirs = (await other.api.get('/user/getUserList')).body.data.rows[0];
    const tries = [
      () => t.api.put('/user/updateUser', { id: theirs.id, username: 'hacked' }),
      () => t.api.post('/user/resetPwd', { id: theirs.id }),
      () => t.api.post('/user/batchSetStatus', { status: 2, ids: String(theirs.id) }),
      () => t.api.delete(`/user/delete?id=${theirs.id}`),
      () => t.api.delete(`/user/deleteBatch?ids=${theirs.id}`),
    ];
    for (const call of tries) expect((await call()).status).toBe(404);
    expect((await other.api.get('/user/getUserList')).body.data.rows[0]).toMatchObject({ username: theirs.username, status: 0 });
    expect((await login(app, other.loginName, other.password)).data.msgTip).toBe('user can login');
  });
});

describe('users: password reset, blacklist and delete', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'usr2');
  const platform = await login(app, 'admin');
  await platform.api.put('/tenant/update', { id: t.tenantId, userLimit: 20 });
  const role = await roleWith(t.api, { '/system/person': '1' });

  it('resets a forgotten password to 123456', async () => {
    const u = await userWith(app, t.api, [role]);
    const changed = await u.api.post('/user/updatePwd', { userId: u.id, oldpassword: md5('123456'), password: 'secret9', confirmPassword: 'secret9' });
    expect(changed.body.data.status).toBe(1);
    expect((await client(app).post('/user/login', { loginName: u.loginName, password: md5('123456') })).body.data.msgTip).toBe('user password error');
    expect((await t.api.post('/user/resetPwd', { id: u.id })).body).toEqual({ code: 200, data: { message: '密码已重置为123456' } });
    expect((await login(app, u.loginName, '123456')).data.msgTip).toBe('user can login');
    // sessions opened with the old password end
    expect((await u.api.get('/person/list')).text).toBe('loginOut');
  });

  it('refuses to reset the password of a sign-in that also works for another company', async () => {
    const trial = await login(app, 'trial');
    const jsh = (await trial.api.get('/user/getUserList?loginName=jsh')).body.data.rows.find((r: { loginName: string }) => r.loginName === 'jsh');
    const r = await trial.api.post('/user/resetPwd', { id: jsh.id });
    expect(r.body).toEqual({ code: 500, data: { message: '该用户同时属于其他公司，只能由本人修改密码' } });
    expect((await login(app, 'jsh')).data.msgTip).toBe('user can login');
  });

  it('blacklists a user: signed out at once, refused at sign-in with "user is black", restored with status 0', async () => {
    const u = await userWith(app, t.api, [role]);
    expect((await t.api.post('/user/batchSetStatus', { status: 2, ids: String(u.id) })).body.code).toBe(200);
    expect((await u.api.get('/person/list')).text).toBe('loginOut');
    const r = await client(app).post('/user/login', { loginName: u.loginName, password: md5('123456') });
    expect(r.body.data).toEqual({ msgTip: 'user is black' });
    expect((await t.api.get(`/user/getUserList?loginName=${u.loginName}`)).body.data.rows[0].status).toBe(2);
    expect((await t.api.post('/user/batchSetStatus', { status: '0', ids: String(u.id) })).body.code).toBe(200);
    expect((await login(app, u.loginName)).data.msgTip).toBe('user can login');
  });

  it('deletes users: their tokens stop working (loginOut) and they leave the list', async () => {
    const a = await userWith(app, t.api, [role]);
    const b = await userWith(app, t.api, [role]);
    expect((await t.api.delete(`/user/delete?id=${a.id}`)).body).toEqual({ code: 200, data: { message: '删除成功' } });
    const gone = await a.api.get('/person/list');
    expect(gone.status).toBe(500);
    expect(gone.text).toBe('loginOut');
    expect((await client(app).post('/user/login', { loginName: a.loginName, password: md5('123456') })).body.data.msgTip).toBe('user is not exist');
    expect((await t.api.delete(`/user/deleteBatch?ids=${b.id},${a.id}`)).status).toBe(404);
    expect((await b.api.get('/person/list')).status).toBe(200);
    expect((await t.api.delete(`/user/deleteBatch?ids=${b.id}`)).body.code).toBe(200);
    expect((await b.api.get('/person/list')).text).toBe('loginOut');
    const logins = (await t.api.get('/user/getUserList')).body.data.rows.map((r: { loginName: string }) => r.loginName);
    expect(logins).not.toContain(a.loginName);
    expect(logins).not.toContain(b.loginName);
  });

  it('lets nobody blacklist or delete themself', async () => {
    const self = t.data.user.id;
    const refused = { code: 500, data: { message: '不能禁用或删除自己' } };
    expect((await t.api.post('/user/batchSetStatus', { status: 2, ids: String(self) })).body).toEqual(refused);
    expect((await t.api.delete(`/user/delete?id=${self}`)).body).toEqual(refused);
    expect((await t.api.delete(`/user/deleteBatch?ids=${self}`)).body).toEqual(refused);
    expect((await t.api.get('/user/getUserList')).status).toBe(200);
  });

  it('answers bad input with 400', async () => {
    expect((await t.api.post('/user/batchSetStatus', { status: 1, ids: '1' })).status).toBe(400);
    expect((await t.api.post('/user/batchSetStatus', { status: 2, ids: '1;drop' })).status).toBe(400);
    expect((await t.api.post('/user/resetPwd', { id: 'abc' })).status).toBe(400);
    expect((await t.api.post('/user/resetPwd', {})).status).toBe(400);
    expect((await t.api.delete('/user/delete?id=')).status).toBe(400);
    expect((await t.api.get('/user/checkIsNameExist')).status).toBe(400);
  });
});
