import { describe, expect, it } from 'vitest';
import { client, login, newTenant, testApp } from '../../../test-support/harness.ts';

describe('company switch', async () => {
  const { app } = await testApp();

  it('lists the companies of the person and switches with a fresh token', async () => {
    const jsh = await login(app, 'jsh');
    const companies = (await jsh.api.get('/tenant/company/domain')).body.data;
    expect(companies.map((c: { name: string }) => c.name)).toEqual(['演示公司', '试用公司']);
    const trial = companies.find((c: { name: string }) => c.name === '试用公司');
    const r = await jsh.api.post('/user/domain/login', { tenantId: trial.tenantId });
    expect(r.body.data.msgTip).toBe('user can login');
    expect(r.body.data.user.tenantName).toBe('试用公司');
    expect(r.body.data.roles).toEqual(['仓管员']);
    // the old token is ended, the new one works in the other company
    expect((await jsh.api.get('/user/infoWithTenant')).text).toBe('loginOut');
    const info = await app.inject({ url: '/api/user/infoWithTenant', headers: { 'x-access-token': r.body.data.token } });
    expect(JSON.parse(info.body).data.tenantName).toBe('试用公司');
    // sign-in remembers the last company: switch back so other tests find jsh at home
    const back = await client(app, r.body.data.token).post('/user/domain/login', { tenantId: jsh.data.user.tenantId });
    expect(back.body.data.user.tenantName).toBe('演示公司');
    expect((await login(app, 'jsh')).data.user.tenantName).toBe('演示公司');
  });

  it('refuses a company the person does not belong to', async () => {
    const jsh = await login(app, 'jsh');
    const other = await newTenant(app, 'nojoin');
    const r = await jsh.api.post('/user/domain/login', { tenantId: other.tenantId });
    expect(r.status).toBe(403);
    expect((await jsh.api.get('/user/infoWithTenant')).body.data.tenantName).toBe('演示公司');
  });

  it('validates the tenant id', async () => {
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.post('/user/domain/login', { tenantId: 'abc' })).status).toBe(400);
    expect((await jsh.api.post('/user/domain/login', {})).status).toBe(400);
  });
});

describe('departments', async () => {
  const { app } = await testApp();

  it('lists the user’s departments with the current one, and switches', async () => {
    const jsh = await login(app, 'jsh');
    const r = await jsh.api.get('/sys/user/getCurrentUserDeparts');
    expect(r.body.success).toBe(true);
    expect(r.body.result.list.map((d: { departName: string }) => d.departName)).toEqual(['总经办', '销售部']);
    expect(r.body.result.orgCode).toBe('01');
    const s = await jsh.api.post('/sys/selectDepart', { orgCode: '0101', username: 'jsh' });
    expect(s.body).toMatchObject({ success: true, result: { userInfo: { loginName: 'jsh', orgCode: '0101', departName: '销售部' } } });
    expect((await jsh.api.get('/sys/user/getCurrentUserDeparts')).body.result.orgCode).toBe('0101');
    await jsh.api.post('/sys/selectDepart', { orgCode: '01', username: 'jsh' });
  });

  it('gives an empty list to a user without departments', async () => {
    const t = await newTenant(app, 'nodep');
    const r = await t.api.get('/sys/user/getCurrentUserDeparts');
    expect(r.body.result).toEqual({ list: [], orgCode: null });
  });

  it('refuses a department of another company or another user name', async () => {
    const t = await newTenant(app, 'dep');
    // 0102 exists only in 演示公司
    const r = await t.api.post('/sys/selectDepart', { orgCode: '0102' });
    expect(r.body).toEqual({ code: 500, data: { message: '您不属于该部门' } });
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.post('/sys/selectDepart', { orgCode: '01', username: 'jsh_sales' })).status).toBe(400);
    expect((await jsh.api.post('/sys/selectDepart', { orgCode: '' })).status).toBe(400);
  });
});
