import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { okData } from './fixtures.ts';

describe('资源定价: rates per role, person or device (the entity kit)', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'prjrp');

  it('keeps rates to the cent, one name per resource type, and refuses bad input writing nothing', async () => {
    await okData(t.api.post('/resourcePrice/add', { resourceType: 'role', name: '实施工程师', unit: 'day', rate: '1200.50' }));
    await okData(t.api.post('/resourcePrice/add', { resourceType: 'person', name: '实施工程师', unit: 'hour', rate: '180' }));
    await okData(t.api.post('/resourcePrice/add', { resourceType: 'device', name: '激光跟踪仪', unit: 'day', rate: '860' }));
    expect((await t.api.post('/resourcePrice/add', { resourceType: 'role', name: '实施工程师', unit: 'day', rate: '1' })).body.data.message).toBe(
      '该类资源已有此名称的定价',
    );
    expect((await t.api.post('/resourcePrice/add', { resourceType: 'role', name: '项目经理', unit: 'day', rate: '-1' })).body.code).toBe(400);
    expect((await t.api.post('/resourcePrice/add', { resourceType: 'robot', name: '项目经理', unit: 'day', rate: '1' })).body.code).toBe(400);
    expect((await t.api.post('/resourcePrice/add', { resourceType: 'role', name: '', unit: 'day', rate: '1' })).body.code).toBe(400);

    const all = await okData(t.api.get('/resourcePrice/list?currentPage=1&pageSize=10'));
    expect(all.total).toBe(3);
    const rows = all.rows.map((r: any) => [r.resourceType, r.name, r.unit, String(r.rate)]).sort();
    expect(rows.map((r: string[]) => r.slice(0, 3))).toEqual([
      ['device', '激光跟踪仪', 'day'],
      ['person', '实施工程师', 'hour'],
      ['role', '实施工程师', 'day'],
    ]);
    expect(rows.map((r: string[]) => Number(r[3]))).toEqual([860, 180, 1200.5]);

    const other = await newTenant(app, 'prjrp2');
    expect((await okData(other.api.get('/resourcePrice/list?currentPage=1&pageSize=10'))).total).toBe(0);
  });
});
