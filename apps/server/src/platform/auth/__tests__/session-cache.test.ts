import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase } from '../../db/open-database.ts';
import { client, ENGINE, login, newTenant, testApp } from '../../../test-support/harness.ts';

async function waitFor(ok: () => Promise<boolean>) {
  // a bound for a stuck test, not a timing assertion (the cache is dropped by NOTIFY, at once on a quiet machine)
  for (const end = Date.now() + 30_000; Date.now() < end;) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not reached within 30 s');
}

const config = { apiBase: '/api', webDist: '/none', logLevel: 'silent', sessionCacheSeconds: 30 };

describe('session cache', async () => {
  const { db } = await testApp();
  const cached = await buildApp({ config, db, logger: false });
  afterAll(() => cached.close());

  it('serves a signed-in read from memory until the company’s session data changes', async () => {
    const t = await newTenant(cached, 'cache');
    const api = client(cached, t.token);
    expect((await api.get('/user/infoWithTenant')).body.data.loginName).toBe(t.loginName);
    // any change to the user's row, even by hand in SQL, reaches the cache through the trigger's NOTIFY
    await db.system((tx) => tx.query(`update sys_user set username = 'renamed' where tenant_id = $1`, [t.tenantId]));
    await waitFor(async () => (await api.get('/user/infoWithTenant')).body.data.username === 'renamed');
    // and so does blacklisting
    await db.system((tx) => tx.query('update sys_user set status = 2 where tenant_id = $1', [t.tenantId]));
    await waitFor(async () => (await api.get('/user/infoWithTenant')).text === 'loginOut');
  });

  it('ends one session without disturbing the user’s other sessions', async () => {
    const t = await newTenant(cached, 'cachew');
    const api = client(cached, t.token);
    expect((await api.get('/user/infoWithTenant')).status).toBe(200);
    const other = await login(cached, t.loginName, t.password);
    expect((await other.api.get('/user/logout')).status).toBe(200);
    expect((await other.api.get('/user/infoWithTenant')).text).toBe('loginOut');
    expect((await api.get('/user/infoWithTenant')).status).toBe(200);
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
      // a change made through instance 1 (blacklisting) …
      const admin = await login(cached, t.loginName, t.password);
      const me = admin.data.user.id;
      await db.system((tx) => tx.query('update sys_user set status = 2 where tenant_id = $1 and id = $2', [t.tenantId, me]));
      // … reaches instance 2's cache within moments
      await waitFor(async () => (await on2.get('/user/infoWithTenant')).text === 'loginOut');
      void on1;
    } finally {
      await other.close();
      await db2.close();
    }
  });
});
