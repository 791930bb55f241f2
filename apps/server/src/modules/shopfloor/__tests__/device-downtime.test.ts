import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, bomOf, material } from '../../manufacturing/__tests__/mfg-fixtures.ts';

/** A repair order's downtime on a device of a one-slot work centre moves work past it (default calendar 08–12, 13–17). */
describe('device downtime removes capacity from scheduling', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'sfd');
  const api = t.api;
  const press = await add(api, 'workCentre', { name: '冲压', code: 'P1', kind: 'centre', capacity: 1, costPerHour: '50' });
  const proc = await add(api, 'process', { name: '冲压工序', workCentreId: press });
  const part = await material(api, '支架');
  const steel = await material(api, '钢板', { price: '5' });
  const route = await add(api, 'route', {
    name: '支架路线',
    materialId: part,
    operations: [{ seq: 10, processId: proc, workCentreId: press, setupMinutes: '0', runMinutes: '6' }],
  });
  await add(api, 'bom', bomOf(part, [{ materialId: steel, qty: '1' }], { routeId: route }));
  const type = await add(api, 'deviceType', { name: '冲床' });
  const machine = await add(api, 'device', { code: 'YJ-01', name: '160吨冲床', deviceTypeId: type, workCentreId: press, status: 'running' });
  const release = async () => {
    const mo = await add(api, 'makeOrder', { orderType: 'stock', orderDate: '2026-11-30', lines: [{ lineType: 'product', materialId: part, quantity: '10' }] });
    const r = await api.post('/makeOrder/release', { id: mo, from: '2026-12-01 08:00:00' });
    expect(r.body.code, r.text).toBe(200);
    const wo = (await api.get(`/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)).body.data.rows[0];
    return [wo.plannedStart, wo.plannedEnd];
  };

  it('places work at the first free time before and after a repair takes the press down', async () => {
    // 10 × 6 min = 60 min from Tuesday 08:00
    expect(await release()).toEqual(['2026-12-01 08:00:00', '2026-12-01 09:00:00']);
    await add(api, 'repairOrder', {
      repairNo: 'WX001',
      deviceId: machine,
      fault: '液压泄漏',
      downFrom: '2026-12-01 09:00:00',
      downTo: '2026-12-01 15:00:00',
      status: 'repairing',
    });
    // the press is busy till 09:00 and down till 15:00
    expect(await release()).toEqual(['2026-12-01 15:00:00', '2026-12-01 16:00:00']);
  });
});
