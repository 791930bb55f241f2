import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { md5 } from '../../../platform/auth/password.ts';
import { client, login, newTenant, testApp } from '../../../test-support/harness.ts';
import { PWD_MSG } from '../password.service.ts';

describe('POST /user/updatePwd (SPEC §5 rules, enforced on the server)', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'pwd');
  const userId = t.data.user.id;
  const change = (old: string, password: string, confirmPassword = password) =>
    t.api.post('/user/updatePwd', { userId, oldpassword: old ? md5(old) : '', password, confirmPassword });

  it.each([
    ['', 'abc1234', 'abc1234', PWD_MSG.oldRequired],
    ['abc123', '', '', PWD_MSG.newRequired],
    ['abc123', 'abc1234', '', PWD_MSG.confirmRequired],
    ['abc123', 'abc1234', 'abc12345', PWD_MSG.mismatch],
    ['abc123', 'abc123', 'abc123', PWD_MSG.same],
    ['abc123', '1234567', '1234567', PWD_MSG.rule],
    ['abc123', 'abcdefg', 'abcdefg', PWD_MSG.rule],
    ['abc123', 'ab1', 'ab1', PWD_MSG.rule],
  ])('old %j new %j confirm %j → status 3 %s', async (old, pw, confirm, message) => {
    const r = await change(old, pw, confirm);
    expect(r.body).toEqual({ code: 200, data: { status: 3, message } });
  });

  it('answers status 2 for a wrong old password and keeps the old one', async () => {
    expect((await change('wrong9', 'xyz789')).body.data).toEqual({ status: 2, message: PWD_MSG.oldWrong });
    await login(app, t.loginName, 'abc123');
  });

  it('changes the password; confirmation is compared trimmed', async () => {
    const r = await change('abc123', 'xyz789', ' xyz789 ');
    expect(r.body.data).toEqual({ status: 1, message: PWD_MSG.done });
    const old = await client(app).post('/user/login', { loginName: t.loginName, password: md5('abc123') });
    expect(old.body.data.msgTip).toBe('user password error');
    await login(app, t.loginName, 'xyz789');
  });

  it('refuses to change somebody else’s password', async () => {
    const other = await newTenant(app, 'pwd2');
    const r = await other.api.post('/user/updatePwd', { userId, oldpassword: md5('xyz789'), password: 'qqq111', confirmPassword: 'qqq111' });
    expect(r.status).toBe(403);
    await login(app, t.loginName, 'xyz789');
  });

  it('rejects an old password that is not an MD5 digest', async () => {
    const r = await t.api.post('/user/updatePwd', { userId, oldpassword: 'plain', password: 'qqq111', confirmPassword: 'qqq111' });
    expect(r.status).toBe(400);
  });
});

// Issue 10 finding 2: an older token kept working after a password change, at once and from the cache.
describe('a password change ends the other sessions', async () => {
  const { db } = await testApp();
  const cached = await buildApp({ config: { apiBase: '/api', webDist: '/none', logLevel: 'silent', sessionCacheSeconds: 30 }, db, logger: false });
  afterAll(() => cached.close());

  it('signs out every other session of the identity at once, even one served from the cache; the changer stays', async () => {
    const t = await newTenant(cached, 'pwdx');
    const mine = client(cached, t.token);
    const other = await login(cached, t.loginName, t.password);
    // the other session is in the cache now
    expect((await other.api.get('/user/infoWithTenant')).status).toBe(200);
    const r = await mine.post('/user/updatePwd', { userId: t.data.user.id, oldpassword: md5(t.password), password: 'new789', confirmPassword: 'new789' });
    expect(r.body.data.status).toBe(1);
    let answer = '';
    for (let i = 0; i < 100 && answer !== 'loginOut'; i++) {
      answer = (await other.api.get('/user/infoWithTenant')).text;
      if (answer !== 'loginOut') await new Promise((res) => setTimeout(res, 20));
    }
    expect(answer).toBe('loginOut');
    expect((await mine.get('/user/infoWithTenant')).status).toBe(200);
  });
});
