import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { md5 } from '../../../platform/auth/password.ts';
import { client, login, newTenant, openTestDatabase, testApp, uniqueName } from '../../../test-support/harness.ts';
import { Throttle } from '../../../platform/auth/throttle.ts';

const signIn = (api: ReturnType<typeof client>, loginName: string, password: string) => api.post('/user/login', { loginName, password: md5(password) });

describe('POST /user/login outcomes (SPEC §4 msgTip)', async () => {
  const { app, db } = await testApp();
  const anon = client(app);

  it('signs a known user in with a token, user data, buttons and role type', async () => {
    const r = await signIn(anon, 'jsh', '123456');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.data.msgTip).toBe('user can login');
    expect(r.body.data.token).toMatch(/^\d+\.[\w-]{43}$/);
    expect(r.body.data.user).toMatchObject({ loginName: 'jsh', tenantName: '演示公司', type: '1' });
    expect(r.body.data.userBtn).toContainEqual({ url: '/system/role', btnStr: '1,3' });
    expect(r.body.data.roleType).toBe('全部数据');
  });

  it('says user is not exist for an unknown login name', async () => {
    const r = await signIn(anon, 'nobody_here', '123456');
    expect(r.body).toEqual({ code: 200, data: { msgTip: 'user is not exist' } });
  });

  it('says user password error for a wrong password, and gives no token', async () => {
    const t = await newTenant(app, 'pw');
    const r = await signIn(anon, t.loginName, 'wrong1');
    expect(r.body).toEqual({ code: 200, data: { msgTip: 'user password error' } });
  });

  // Issue 10 finding 5: five failures used to lock the account for everyone, the owner included
  const from = (ip: string, loginName: string, password: string) =>
    app
      .inject({ method: 'POST', url: '/api/user/login', remoteAddress: ip, payload: { loginName, password: md5(password) } })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

  it('slows down one address guessing one name, never the owner on another address', async () => {
    const t = await newTenant(app, 'lock');
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.7', t.loginName, 'wrong1')).body.data.msgTip).toBe('user password error');
    const sixth = await from('198.51.100.7', t.loginName, t.password);
    expect(sixth.status).toBe(429);
    expect(sixth.body.data.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
    // the owner, elsewhere, signs in as usual
    expect((await from('203.0.113.9', t.loginName, t.password)).body.data.msgTip).toBe('user can login');
  });

  it('treats an unknown name like a wrong password: same answer path, same throttling', async () => {
    const name = uniqueName('ghost');
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.8', name, 'wrong1')).body.data.msgTip).toBe('user is not exist');
    expect((await from('198.51.100.8', name, 'wrong1')).status).toBe(429);
  });

  it('doubles the wait after the free failures, caps it, and forgets a quiet key', () => {
    const th = new Throttle({ free: 2, baseMs: 1000, maxMs: 5000, forgetMs: 60_000 });
    th.fail('k', 0);
    th.fail('k', 0);
    expect(th.wait('k', 0)).toBe(1000);
    th.fail('k', 1000);
    expect(th.wait('k', 1000)).toBe(2000);
    for (let i = 0; i < 5; i++) th.fail('k', 2000);
    expect(th.wait('k', 2000)).toBe(5000);
    expect(th.wait('k', 70_000)).toBe(0);
    th.fail('k', 70_000);
    expect(th.wait('k', 70_000)).toBe(0);
  });

  it('says user is black for a blacklisted user', async () => {
    const t = await newTenant(app, 'black');
    await db.system((tx) => tx.query('update sys_user set status = 2 where tenant_id = $1', [t.tenantId]));
    expect((await signIn(anon, t.loginName, t.password)).body.data).toEqual({ msgTip: 'user is black' });
  });

  it('says tenant is expire when the company expired or was disabled', async () => {
    const t = await newTenant(app, 'exp');
    await db.system((tx) => tx.query(`update tenant set expire_time = now() - interval '1 minute' where id = $1`, [t.tenantId]));
    expect((await signIn(anon, t.loginName, t.password)).body.data).toEqual({ msgTip: 'tenant is expire' });
    await db.system((tx) => tx.query(`update tenant set expire_time = now() + interval '1 day', enabled = false where id = $1`, [t.tenantId]));
    expect((await signIn(anon, t.loginName, t.password)).body.data).toEqual({ msgTip: 'tenant is expire' });
  });

  it('says access service error when the database cannot answer', async () => {
    const broken = await openTestDatabase();
    const app2 = await buildApp({ config: { apiBase: '/api', webDist: '/none', logLevel: 'silent' }, db: broken, logger: false });
    await broken.close();
    const r = await signIn(client(app2), 'jsh', '123456');
    expect(r.body).toEqual({ code: 200, data: { msgTip: 'access service error' } });
    await app2.close();
  });

  it('stores passwords only as scrypt over the MD5 and tokens only hashed', async () => {
    const { token } = await login(app, 'jsh');
    const acc = await db.system((tx) => tx.one<{ password_hash: string }>(`select password_hash from account where login_name = 'jsh'`));
    expect(acc!.password_hash).toMatch(/^scrypt\$/);
    expect(acc!.password_hash).not.toContain(md5('123456'));
    const raw = await db.system((tx) => tx.query('select 1 from user_session where token_hash = $1', [token]));
    expect(raw).toEqual([]);
  });
});

describe('tokens and sessions', async () => {
  const { app, db } = await testApp();

  it('accepts the token in X-Access-Token or Authorization: Bearer', async () => {
    const { token } = await login(app, 'jsh');
    expect((await client(app, token).get('/user/infoWithTenant')).body.data.loginName).toBe('jsh');
    const bearer = await client(app).get('/user/infoWithTenant', { authorization: `Bearer ${token}` });
    expect(bearer.body.data.loginName).toBe('jsh');
  });

  it('answers 401 without a token and 500 loginOut for an unknown or forged one', async () => {
    expect((await client(app).get('/user/infoWithTenant')).status).toBe(401);
    for (const bad of ['garbage', `2.${'x'.repeat(43)}`, '0.abc']) {
      const r = await client(app, bad).get('/user/infoWithTenant');
      expect(r.status).toBe(500);
      expect(r.text).toBe('loginOut');
    }
  });

  it('refuses a token presented with another tenant id in front', async () => {
    const { token } = await login(app, 'jsh');
    const other = await newTenant(app, 'forge');
    const forged = `${other.tenantId}.${token.split('.')[1]}`;
    const r = await client(app, forged).get('/user/infoWithTenant');
    expect(r.text).toBe('loginOut');
  });

  it('ends the session at logout', async () => {
    const { api } = await login(app, 'jsh');
    expect((await api.get('/user/logout')).body.code).toBe(200);
    const r = await api.get('/user/infoWithTenant');
    expect([r.status, r.text]).toEqual([500, 'loginOut']);
  });

  it('expires sessions after their lifetime (7 days)', async () => {
    const { api, token } = await login(app, 'jsh');
    const s = await db.system((tx) =>
      tx.one<{ days: number }>(
        `select round(extract(epoch from expires_at - created_at) / 86400)::int as days from user_session
          where created_at = (select max(created_at) from user_session where user_id = (select id from sys_user where login_name = 'jsh' and tenant_id = $1))`,
        [Number(token.split('.')[0])],
      ),
    );
    expect(s!.days).toBe(7);
    await db.system((tx) => tx.query(`update user_session set expires_at = now() - interval '1 second' where tenant_id = $1`, [Number(token.split('.')[0])]));
    expect((await api.get('/user/infoWithTenant')).text).toBe('loginOut');
  });

  it('tells trial and paid companies apart with their expiry', async () => {
    const paid = await login(app, 'jsh');
    const trial = await login(app, 'trial');
    const p = (await paid.api.get('/user/infoWithTenant')).body.data;
    const t = (await trial.api.get('/user/infoWithTenant')).body.data;
    expect(p.type).toBe('1');
    expect(t.type).toBe('0');
    const daysLeft = (new Date(t.expireTime).getTime() - Date.now()) / 864e5;
    expect(daysLeft).toBeGreaterThan(0);
    expect(daysLeft).toBeLessThanOrEqual(3);
  });
});

describe('registration', async () => {
  const { app, db } = await testApp();

  it('creates a trial company with its admin, default role, menus and settings', async () => {
    const loginName = uniqueName('reg');
    const r = await client(app).post('/user/registerUser', { loginName, password: 'abc123', confirmPassword: 'abc123' });
    expect(r.body).toMatchObject({ code: 200, data: { message: '注册成功' } });
    const s = await login(app, loginName, 'abc123');
    expect(s.data.user.type).toBe('0');
    expect(s.data.roles).toEqual(['租户管理员']);
    const menu = (await s.api.post('/function/findMenuByPNumber', { pNumber: '0' })).body.data;
    expect(menu.length).toBeGreaterThan(10);
    expect(JSON.stringify(menu)).not.toContain('/system/tenant');
    const cfg = await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from system_config where tenant_id = $1', [r.body.data.tenantId]));
    expect(cfg!.n).toBe(1);
  });

  it('refuses a taken login name and a weak password, writing nothing', async () => {
    const taken = await client(app).post('/user/registerUser', { loginName: 'jsh', password: 'abc123' });
    expect(taken.body).toEqual({ code: 500, data: { message: '登录名已存在' } });
    const loginName = uniqueName('weak');
    const weak = await client(app).post('/user/registerUser', { loginName, password: '123456' });
    expect(weak.status).toBe(400);
    expect(weak.body.data.message).toBe('密码由6位数字、小写字母组成!');
    const n = await db.system((tx) => tx.query('select 1 from account where login_name = $1', [loginName]));
    expect(n).toEqual([]);
  });
});
