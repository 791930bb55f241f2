import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';

describe('system configuration', async () => {
  const { app } = await testApp();

  it('reads and changes the company’s settings and switches, per company', async () => {
    const t = await newTenant(app, 'cfg');
    const before = (await t.api.get('/systemConfig/getCurrentInfo')).body.data;
    expect(before).toMatchObject({ nameIcon: '0', minusStockFlag: false, stockApprovalFlag: false, depotFlag: false });
    const r = await t.api.put('/systemConfig/update', { companyName: '新公司', nameIcon: '1', minusStockFlag: true, customerFlag: true });
    expect(r.body.data).toMatchObject({ companyName: '新公司', nameIcon: '1', minusStockFlag: true, customerFlag: true });
    expect((await t.api.get('/system/config/configKey/minusStockFlag')).body.data).toBe(true);
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.get('/systemConfig/getCurrentInfo')).body.data.minusStockFlag).toBe(false);
  });

  it('rejects unknown, forbidden and mistyped fields', async () => {
    const t = await newTenant(app, 'cfg2');
    for (const body of [{ tenantId: 1, companyName: 'x' }, { tenant_id: 1 }, { minusStockFlag: 'yes' }, { nameIcon: '7' }, {}]) {
      const r = await t.api.put('/systemConfig/update', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(400);
    }
  });

  it('serves platform settings by key', async () => {
    const t = await newTenant(app, 'plat');
    const r = await t.api.get('/platformConfig/getPlatformConfigByKey?platformKey=pay_fee_url');
    expect(r.body.data.platformKey).toBe('pay_fee_url');
    expect((await t.api.get('/system/config/configKey/pay_fee_url')).body.data).toBe(r.body.data.platformValue);
    expect((await t.api.get('/platformConfig/getPlatformConfigByKey?platformKey=nope')).status).toBe(404);
    expect((await t.api.get('/system/config/configKey/a;drop')).status).toBe(400);
  });
});

describe('dictionaries and material properties', async () => {
  const { app, db } = await testApp();

  it('lists a dictionary by type with label/value pairs', async () => {
    const t = await newTenant(app, 'dict');
    const items = (await t.api.get('/system/dict/data/type/customer_grade')).body.data;
    expect(items.map((i: { dictLabel: string }) => i.dictLabel)).toEqual(['A', 'B', 'C']);
    expect(items[0]).toMatchObject({ dictValue: 'A', label: 'A', value: 'A', raw: { listClass: 'success' } });
    expect((await t.api.get('/system/dict/data/type/Bad-Type')).status).toBe(400);
  });

  it('returns the items changed since a time, only of the own company', async () => {
    const t = await newTenant(app, 'dict2');
    const since = Date.now() + 1000;
    await db.system((tx) =>
      tx.query(`update dict_data set updated_at = now() + interval '5 seconds' where tenant_id = $1 and dict_type = 'industry'`, [t.tenantId]),
    );
    const r = (await t.api.get(`/dictData/getByTime/${since}`)).body.data;
    expect(new Set(r.map((i: { dictType: string }) => i.dictType))).toEqual(new Set(['industry']));
    const other = await login(app, 'jsh');
    expect((await other.api.get(`/dictData/getByTime/${since}`)).body.data).toEqual([]);
    expect((await t.api.get('/dictData/getByTime/2026-01-01 00:00:00')).body.data.length).toBeGreaterThan(10);
    expect((await t.api.get('/dictData/getByTime/yesterday')).status).toBe(400);
  });

  it('lists the material property aliases', async () => {
    const t = await newTenant(app, 'prop');
    const r = (await t.api.get('/materialProperty/getAllList')).body.data;
    expect(r.map((p: { nativeName: string }) => p.nativeName)).toEqual(['制造商', '自定义1', '自定义2', '自定义3']);
  });
});
