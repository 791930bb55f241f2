import { describe, expect, it } from 'vitest';
import { client, login, newTenant, testApp, uniqueName } from '../../../../test-support/harness.ts';
import { md5 } from '../../../../platform/auth/password.ts';

describe('tenants: platform administration', async () => {
  const { app, db } = await testApp();
  const platform = await login(app, 'admin');
  const api = platform.api;
  const loginName = uniqueName('boss');
  const name = uniqueName('新租户');
  let id = 0;

  it('adds a company whose administrator signs in with 123456', async () => {
    const r = await api.post('/tenant/add', {
      name,
      loginName,
      type: '1',
      userLimit: 5,
      expireTime: '2099-12-31 23:59:59',
      annualRent: '1999.5',
      registrationNumber: '91310000MA1',
      shortName: '新',
      phoneAreaCode: '+86',
    });
    expect(r.body).toMatchObject({ code: 200, data: { message: '新增成功' } });
    id = r.body.data.id;
    const boss = await login(app, loginName, '123456');
    expect(boss.data.user).toMatchObject({ tenantId: id, tenantName: name, type: '1' });
    expect(boss.data.roles).toEqual(['租户管理员']);
    expect((await api.get(`/tenant/checkIsNameExist?name=${loginName}`)).body.data).toEqual({ status: true });
    expect((await api.get(`/tenant/checkIsNameExist?name=${loginName}&id=${id}`)).body.data).toEqual({ status: false });
  });

  it('lists companies with their user counts, searchable by name and login name', async () => {
    const list = (await api.get(`/tenant/list?search=${encodeURIComponent(JSON.stringify({ name }))}`)).body.data;
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      id,
      name,
      loginName,
      type: '1',
      enabled: true,
      isPlatform: false,
      userLimit: 5,
      userCount: 1,
      expireTime: '2099-12-31 23:59:59',
      annualRent: 1999.5,
      registrationNumber: '91310000MA1',
      shortName: '新',
      phoneAreaCode: '+86',
    });
    expect((await api.get(`/tenant/list?loginName=${loginName}`)).body.data.total).toBe(1);
    expect((await api.get('/tenant/list?pageSize=1')).body.data.rows).toHaveLength(1);
  });

  it('changes type, limit, expiry and rent; the administrator’s login name and the platform flag are not fields', async () => {
    const r = await api.put('/tenant/update', { id, type: '0', userLimit: 9, expireTime: '2098-01-01', annualRent: null, remark: '续费' });
    expect(r.body.code).toBe(200);
    const row = (await api.get(`/tenant/list?loginName=${loginName}`)).body.data.rows[0];
    expect(row).toMatchObject({ type: '0', userLimit: 9, expireTime: '2098-01-01 00:00:00', annualRent: null, remark: '续费', name });
    expect((await api.put('/tenant/update', { id, loginName: 'other' })).status).toBe(400);
    expect((await api.put('/tenant/update', { id, isPlatform: true })).status).toBe(400);
    expect((await api.put('/tenant/update', { id: 99999999, name: 'x' })).status).toBe(404);
  });

  it('disables a company: its users are signed out at their next request and refused at sign-in', async () => {
    const boss = await login(app, loginName);
    expect((await api.post('/tenant/batchSetStatus', { status: false, ids: String(id) })).body.code).toBe(200);
    expect((await boss.api.get('/user/infoWithTenant')).text).toBe('loginOut');
    expect((await client(app).post('/user/login', { loginName, password: md5('123456') })).body.data.msgTip).toBe('tenant is expire');
    expect((await api.post('/tenant/batchSetStatus', { status: '1', ids: String(id) })).body.code).toBe(200);
    expect((await login(app, loginName)).data.msgTip).toBe('user can login');
    // an expiry in the past has the same effect
    await api.put('/tenant/update', { id, expireTime: '2001-01-01' });
    expect((await client(app).post('/user/login', { loginName, password: md5('123456') })).body.data.msgTip).toBe('tenant is expire');
  });

  it('never disables the platform company', async () => {
    const own = platform.data.user.tenantId;
    const refused = { code: 500, data: { message: '平台租户不能禁用' } };
    expect((await api.post('/tenant/batchSetStatus', { status: false, ids: `${id},${own}` })).body).toEqual(refused);
    expect((await api.put('/tenant/update', { id: own, enabled: false })).body).toEqual(refused);
    const row = await db.system((tx) => tx.one<{ enabled: boolean }>('select enabled from tenant where id = $1', [id]));
    expect(row!.enabled).toBe(true);
    expect((await api.get('/user/infoWithTenant')).status).toBe(200);
  });

  it('refuses a taken login name and bad input, creating nothing', async () => {
    const before = (await api.get('/tenant/list')).body.data.total;
    expect((await api.post('/tenant/add', { name: 'x', loginName, type: '0', userLimit: 1, expireTime: '2099-01-01' })).body).toEqual({
      code: 500,
      data: { message: '登录名已存在' },
    });
    const ok = { name: 'x', loginName: uniqueName('ok'), type: '0', userLimit: 1, expireTime: '2099-01-01' };
    for (const body of [
      { ...ok, type: '2' },
      { ...ok, userLimit: 0 },
      { ...ok, expireTime: 'tomorrow' },
      { ...ok, expireTime: '2099-02-30' },
      { ...ok, annualRent: '-1' },
      { ...ok, annualRent: '1.23456' },
      { ...ok, isPlatform: true },
      { ...ok, name: '' },
      { ...ok, loginName: 'bad name' },
    ]) {
      expect((await api.post('/tenant/add', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.get('/tenant/list')).body.data.total).toBe(before);
    expect((await api.post('/tenant/batchSetStatus', { status: false, ids: `${id},99999999` })).status).toBe(404);
    expect((await api.get('/tenant/list?search={bad')).status).toBe(400);
  });

  it('is for the platform administrator only', async () => {
    const jsh = await login(app, 'jsh');
    const t = await newTenant(app, 'tnt');
    for (const who of [jsh.api, t.api]) {
      expect((await who.get('/tenant/list')).status).toBe(403);
      expect((await who.post('/tenant/add', { name: 'x', loginName: uniqueName('x'), type: '0', userLimit: 1, expireTime: '2099-01-01' })).status).toBe(403);
      expect((await who.put('/tenant/update', { id: t.tenantId, userLimit: 999 })).status).toBe(403);
      expect((await who.post('/tenant/batchSetStatus', { status: false, ids: String(id) })).status).toBe(403);
      expect((await who.get('/tenant/checkIsNameExist?name=x')).status).toBe(403);
    }
    expect((await client(app).get('/tenant/list')).status).toBe(401);
  });
});
