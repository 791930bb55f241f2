import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, bomOf, material } from './mfg-fixtures.ts';

describe('生产数据面板 and the make-global workbench', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'mfgdp');
  const api = t.api;
  const today = new Date().toISOString().slice(0, 10);
  const stool = await material(api, '方凳');
  const leg = await material(api, '凳腿');
  const centre = await add(api, 'workCentre', { name: '装配', code: `DP${Date.now() % 100000}`, kind: 'centre', capacity: 1 });
  const proc = await add(api, 'process', { name: '装配工序', workCentreId: centre });
  const route = await add(api, 'route', {
    name: '方凳路线',
    operations: [{ seq: 10, processId: proc, workCentreId: centre, setupMinutes: '0', runMinutes: '60' }],
  });
  await add(api, 'bom', bomOf(stool, [{ materialId: leg, qty: '4' }], { routeId: route }));
  const order = (promisedDate: string) =>
    add(api, 'makeOrder', { orderType: 'stock', orderDate: today, promisedDate, lines: [{ lineType: 'product', materialId: stool, quantity: '10' }] });
  await order('2099-01-01');
  const late = await order('2020-01-01');
  const get = async (url: string) => {
    const r = await api.get(url);
    expect(r.body.code, r.text).toBe(200);
    return r.body.data;
  };

  it('reads states, output per day, late orders, top products and the load of the next two weeks', async () => {
    const empty = await get('/manufacture/dataPanelData');
    expect(empty.states).toEqual([{ status: 'draft', count: 2 }]);
    expect(empty.output).toHaveLength(30);
    expect(empty.output.at(-1)).toEqual({ day: today, good: '0', scrap: '0' });
    expect(empty.top).toEqual([]);
    expect(empty.load).toEqual([expect.objectContaining({ id: centre, plannedHours: 0, loadPercent: 0 })]);

    expect((await api.post('/makeOrder/release', { id: late, from: `${today} 08:00:00` })).body.code).toBe(200);
    const wo = (await get(`/workOrder/list?currentPage=1&pageSize=10`)).rows[0];
    expect((await api.post('/shopfloor/execute', { workOrderId: wo.id, action: 'start' })).body.code).toBe(200);
    const rep = await api.post('/shopfloor/report', { workOrderId: wo.id, goodQty: '7' });
    expect(rep.body.code, rep.text).toBe(200);

    const p = await get('/manufacture/dataPanelData');
    expect(p.states).toEqual([
      { status: 'draft', count: 1 },
      { status: 'released', count: 1 },
    ]);
    expect(p.late).toEqual({ orders: 1, workOrders: 1 });
    expect(p.output.at(-1)).toEqual({ day: today, good: '7', scrap: '0' });
    expect(p.top).toEqual([{ materialId: stool, name: '方凳', good: '7' }]);
    // 10 units at an hour each, all inside the next two weeks, on a centre of capacity 1
    const c = p.load[0];
    expect(c.plannedHours).toBe(10);
    expect(c.availableHours).toBeGreaterThan(10);
    expect(c.loadPercent).toBe(Math.round((10 / c.availableHours) * 100));

    // another company sees none of it
    const other = await newTenant(app, 'mfgdpx');
    const theirs = (await other.api.get('/manufacture/dataPanelData')).body.data;
    expect(theirs.states).toEqual([]);
    expect(theirs.top).toEqual([]);
  });

  it('make-global: what waits on the production head, with today’s and this week’s output', async () => {
    const gen = await api.post('/productionTask/generate', { from: today, to: today });
    expect(gen.body.code, gen.text).toBe(200);
    const g = await get('/manufacture/makeGlobalData');
    expect(g).toMatchObject({
      draftOrders: 1,
      releasedOrders: 1,
      lateWorkOrders: 1,
      lateOrders: 1,
      heldWorkOrders: 0,
      heldQty: '0',
      outputToday: '7',
      outputWeek: '7',
    });
    expect(g.tasksToday).toBe(gen.body.data.created);
    const other = await newTenant(app, 'mfgdpy');
    expect((await other.api.get('/manufacture/makeGlobalData')).body.data).toMatchObject({ draftOrders: 0, outputWeek: '0', tasksToday: 0 });
  });
});
