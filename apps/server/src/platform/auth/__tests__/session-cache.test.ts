import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { client, ENGINE, login, newTenant, testApp } from '../../../test-support/harness.ts';

const config = { apiBase: '/api', webDist: '/none', logLevel: 'silent', sessionCacheSeconds: 30 };

describe('session cache', async () => {
  const { db } = await testApp();
  const cached = await buildApp({ config, db, logger: false });
  afterAll(() => cached.close());

  it('serves a signed-in read from memory, and drops the company’s sessions on any write there', async () => {
    const t = await newTenant(cached, 'cache');
    const api = client(cached, t.token);
    expect((await api.get('/user/infoWithTenant')).body.data.loginName).toBe(t.loginName);
    // changed behind the server's back: the cached session still answers …
    await db.system((tx) => tx.query('update sys_user set status = 2 where tenant_id = $1', [t.tenantId]));
    expect((await api.get('/user/infoWithTenant')).status).toBe(200);
    // … until a write in the same company, which drops its cached sessions
    await db.system((tx) => tx.query('update sys_user set status = 0 where tenant_id = $1', [t.tenantId]));
    await api.put('/systemConfig/update', { companyName: '缓存测试' });
    await db.system((tx) => tx.query('update sys_user set status = 2 where tenant_id = $1', [t.tenantId]));
    expect((await api.get('/user/infoWithTenant')).text).toBe('loginOut');
  });

  it('ends a session at logout at once', async () => {
    const s = await login(cached, 'jsh');
    expect((await s.api.get('/user/infoWithTenant')).status).toBe(200);
    await s.api.get('/user/logout');
    expect((await s.api.get('/user/infoWithTenant')).text).toBe('loginOut');
  });

  it.skipIf(ENGINE !== 'postgres')('tells the other server instances through LISTEN/NOTIFY', async () => {
    const db2 = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    const other = await buildApp({ config, db: db2, logger: false });
    try {
      const t = await newTenant(cached, 'cache2');
      const on1 = client(cached, t.token);
      const on2 = client(other, t.token);
      // both instances hold the session in memory
      expect((await on1.get('/user/infoWithTenant')).status).toBe(200);
      expect((await on2.get('/user/infoWithTenant')).status).toBe(200);
      await db.system((tx) => tx.query('update sys_user set status = 2 where tenant_id = $1', [t.tenantId]));
      // a write on instance 1 …
      expect((await on1.put('/systemConfig/update', { companyName: '实例一' })).body.code).toBe(200);
      // … reaches instance 2's cache within moments
      let text = '';
      for (let i = 0; i < 50 && text !== 'loginOut'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        text = (await on2.get('/user/infoWithTenant')).text;
      }
      expect(text).toBe('loginOut');
    } finally {
      await other.close();
      await db2.close();
    }
  });
});
