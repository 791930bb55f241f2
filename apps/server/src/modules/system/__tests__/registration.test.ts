import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase } from '../../../platform/db/open-database.ts';
import { migrate } from '../../../platform/db/migrate.ts';
import { ENGINE, testApp, uniqueName } from '../../../test-support/harness.ts';
import { syncCatalogue } from '../index.ts';
import { platformSetting } from '../config.service.ts';

// Issue 10 finding 6: anyone could create companies without signing in, as often as they liked.
describe('self-registration', async () => {
  const { db } = await testApp();
  const limited = await buildApp({ config: { apiBase: '/api', webDist: '/none', logLevel: 'silent', registerPerHour: 2 }, db, logger: false });
  afterAll(() => limited.close());
  const register = (ip: string) =>
    limited.inject({
      method: 'POST',
      url: '/api/user/registerUser',
      remoteAddress: ip,
      payload: { loginName: uniqueName('reg'), password: 'abc123', confirmPassword: 'abc123' },
    });

  it('allows a few companies per address and hour, then refuses that address only', async () => {
    expect(JSON.parse((await register('198.51.100.20')).body).code).toBe(200);
    expect(JSON.parse((await register('198.51.100.20')).body).code).toBe(200);
    const third = await register('198.51.100.20');
    expect(third.statusCode).toBe(429);
    expect(JSON.parse(third.body).data.message).toMatch(/^注册过于频繁，请\d+分钟后再试$/);
    expect(JSON.parse((await register('198.51.100.21')).body).code).toBe(200);
  });

  it.skipIf(ENGINE !== 'pglite')('is closed on a database that was not seeded with the demo (SEED_DEMO=false)', async () => {
    const fresh = await openDatabase({});
    try {
      await migrate(fresh);
      await syncCatalogue(fresh);
      expect(await fresh.system((tx) => platformSetting(tx, 'register_flag'))).toBe('0');
      const app = await buildApp({ config: { apiBase: '/api', webDist: '/none', logLevel: 'silent' }, db: fresh, logger: false });
      const r = await app.inject({ method: 'POST', url: '/api/user/registerUser', payload: { loginName: 'someone', password: 'abc123' } });
      expect(JSON.parse(r.body).data.message).toBe('平台暂未开放注册');
      await app.close();
    } finally {
      await fresh.close();
    }
  });
});
