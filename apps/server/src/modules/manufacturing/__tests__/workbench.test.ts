import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, bomOf, material } from './mfg-fixtures.ts';

describe('生产工作台: what waits on a planner', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'mfgwb');
  const api = t.api;
  const figures = async () => {
    const r = await api.get('/manufacture/workbenchData');
    expect(r.body.code, r.text).toBe(200);
    return r.body.data;
  };

  it('counts draft and released make orders, open and late work orders, and the latest run’s unconfirmed proposals', async () => {
    expect(await figures()).toEqual({
      draftOrders: 0,
      releasedOrders: 0,
      openWorkOrders: 0,
      startedWorkOrders: 0,
      lateWorkOrders: 0,
      plannedMake: 0,
      plannedBuy: 0,
      lastPlanDate: null,
    });
    const desk = await material(api, '书桌');
    const board = await material(api, '桌板');
    const centre = await add(api, 'workCentre', { name: '组装', kind: 'centre', capacity: 1 });
    const proc = await add(api, 'process', { name: '组装工序', workCentreId: centre });
    const route = await add(api, 'route', {
      name: '书桌路线',
      operations: [{ seq: 10, processId: proc, workCentreId: centre, setupMinutes: '0', runMinutes: '60' }],
    });
    await add(api, 'bom', bomOf(desk, [{ materialId: board, qty: '2' }], { routeId: route }));
    const mo = (due: string) =>
      add(api, 'makeOrder', {
        orderType: 'stock',
        orderDate: '2026-11-30',
        promisedDate: due,
        lines: [{ lineType: 'product', materialId: desk, quantity: '3' }],
      });
    await mo('2026-12-10');
    // released with a promised date already past: its work order is late
    const late = await mo('2020-01-10');
    const rel = await api.post('/makeOrder/release', { id: late, from: '2026-12-01 08:00:00' });
    expect(rel.body.code, rel.text).toBe(200);
    // MRP: the draft order's 6 boards are short (no stock): one planned purchase
    expect((await api.post('/mrp/run', { planDate: '2026-11-30', wait: true })).body.code).toBe(200);
    expect(await figures()).toMatchObject({
      draftOrders: 1,
      releasedOrders: 1,
      openWorkOrders: 1,
      startedWorkOrders: 0,
      lateWorkOrders: 1,
      plannedBuy: 1,
      lastPlanDate: '2026-11-30',
    });
    // another company sees none of it
    const other = await newTenant(app, 'mfgwbx');
    expect((await other.api.get('/manufacture/workbenchData')).body.data).toMatchObject({ draftOrders: 0, openWorkOrders: 0, plannedBuy: 0 });
  });
});
