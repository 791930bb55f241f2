import { describe, expect, it } from 'vitest';
import { client, login, newTenant, testApp } from '../../../test-support/harness.ts';

type Setting = { platformKey: string; platformValue: string; remark: string | null };

describe('platform configuration', async () => {
  const { app } = await testApp();

  it('lists the known settings with their defaults, only to the platform administrator', async () => {
    const admin = await login(app, 'admin');
    const rows = (await admin.api.get('/platformConfig/list')).body.data.rows as Setting[];
    expect(rows.map((r) => r.platformKey).slice(0, 4)).toEqual(['register_flag', 'trial_days', 'trial_user_limit', 'pay_fee_url']);
    expect(rows.find((r) => r.platformKey === 'trial_days')).toMatchObject({ platformValue: '30', remark: '试用天数' });
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.get('/platformConfig/list')).status).toBe(403);
    expect((await jsh.api.put('/platformConfig/saveAll', { trial_days: '60' })).status).toBe(403);
    expect((await jsh.api.put('/platformConfig/update', { platformKey: 'trial_days', platformValue: '60' })).status).toBe(403);
  });

  it('validates each known setting and saves them together', async () => {
    const admin = await login(app, 'admin');
    for (const body of [
      { trial_days: '0' },
      { trial_days: 'ten' },
      { trial_user_limit: '100000' },
      { register_flag: 'yes' },
      { pay_fee_url: 'javascript:x' },
      { other: '1' },
      {},
    ]) {
      const r = await admin.api.put('/platformConfig/saveAll', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const bad = await admin.api.put('/platformConfig/update', { platformKey: 'trial_days', platformValue: '-1' });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(JSON.stringify(bad.body)).toMatch('试用天数须为整数');
    const rows = (await admin.api.get('/platformConfig/list')).body.data.rows as Setting[];
    expect(rows.find((r) => r.platformKey === 'trial_days')!.platformValue).toBe('30');
  });

  it('governs self-registration: closed refuses, trial days and user limit apply', async () => {
    const admin = await login(app, 'admin');
    const saved = (await admin.api.get('/platformConfig/list')).body.data.rows as Setting[];
    const value = (k: string) => saved.find((r) => r.platformKey === k)!.platformValue;
    try {
      expect((await admin.api.put('/platformConfig/saveAll', { register_flag: '0' })).body.data.message).toBe('修改成功');
      const r = await client(app).post('/user/registerUser', { loginName: 'closed_reg_x', password: 'abc123' });
      expect(r.body).toMatchObject({ code: 500, data: { message: '平台暂未开放注册' } });

      await admin.api.put('/platformConfig/saveAll', { register_flag: '1', trial_days: '7', trial_user_limit: '5' });
      const t = await newTenant(app, 'pcfg');
      const tenants = (await admin.api.get(`/tenant/list?currentPage=1&pageSize=10&search=${encodeURIComponent(JSON.stringify({ loginName: t.loginName }))}`))
        .body.data.rows;
      expect(tenants[0]).toMatchObject({ userLimit: 5 });
      const days = (new Date(tenants[0].expireTime).getTime() - Date.now()) / 864e5;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
    } finally {
      await admin.api.put('/platformConfig/saveAll', {
        register_flag: value('register_flag'),
        trial_days: value('trial_days'),
        trial_user_limit: value('trial_user_limit'),
      });
    }
  });
});
