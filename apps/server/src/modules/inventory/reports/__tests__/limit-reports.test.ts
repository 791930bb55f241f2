import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../../test-support/harness.ts';
import { line, saved, world } from '../../__tests__/fixtures.ts';
import { asSheet, data, day, exported } from './scenario.ts';

const pick = (rows: Array<Record<string, unknown>>, keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));
const ahead = (n: number) => day(-n);

describe('batches, safety stock and alerts', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'lim');
  const w = await world(t.api);
  const { depotA, depotB } = w;
  const bolt = await w.material('螺栓', 'BOLT', {
    stocks: [
      { depotId: depotA, lowSafeStock: 10, highSafeStock: 100 },
      { depotId: depotB, lowSafeStock: 0, highSafeStock: 5 },
    ],
  });
  const nut = await w.material('螺母', 'NUT', { stocks: [{ depotId: depotA, lowSafeStock: 2, highSafeStock: 50 }] });
  const ink = await w.material('墨水', 'INK', { stocks: [{ depotId: depotA, lowSafeStock: 5 }] });
  const milk = await w.material('牛奶', 'MILK', { enableBatchNumber: true });
  await saved(t.api, '入库', '其它', [line('BOLT', 4, 1, depotA), line('BOLT', 8, 1, depotB), line('NUT', 20, 1, depotA)], { organId: w.supplier });
  const batch = (b: string, qty: number, depot: number, expirationDate?: string) =>
    line('MILK', qty, 3, depot, { batchNumber: b, ...(expirationDate ? { expirationDate } : {}) });
  await saved(
    t.api,
    '入库',
    '其它',
    [batch('B1', 5, depotA, ahead(10)), batch('B2', 2, depotA, ahead(60)), batch('B3', 1, depotA, day(5)), batch('B4', 3, depotB)],
    {
      organId: w.supplier,
    },
  );
  await saved(t.api, '出库', '其它', [batch('B2', 2, depotA)], { organId: w.customer });
  const get = (url: string) => data(t.api, url);

  it('lists batches with stock, soonest expiry first, with the days left (批次库存)', async () => {
    const keys = ['materialId', 'depotId', 'batchNumber', 'qty', 'expirationDate', 'daysToExpiry'];
    const r = await get('/report/batchInventory');
    expect(pick(r.rows, keys)).toEqual([
      { materialId: milk, depotId: depotA, batchNumber: 'B3', qty: 1, expirationDate: day(5), daysToExpiry: -5 },
      { materialId: milk, depotId: depotA, batchNumber: 'B1', qty: 5, expirationDate: ahead(10), daysToExpiry: 10 },
      { materialId: milk, depotId: depotB, batchNumber: 'B4', qty: 3, expirationDate: null, daysToExpiry: null },
    ]);
    expect(r).toMatchObject({ total: 3, sums: { qty: 9 } });
    expect((await get('/report/batchInventory?expiringDays=30')).rows.map((x: { batchNumber: string }) => x.batchNumber)).toEqual(['B3', 'B1']);
    expect((await get('/report/batchInventory?batchNumber=B1')).total).toBe(1);
    expect((await get(`/report/batchInventory?depotId=${depotB}&materialParam=奶`)).total).toBe(1);
  });

  it('warns of stock below the minimum or above the maximum, with the gap (库存预警)', async () => {
    const keys = ['materialId', 'depotId', 'lowSafeStock', 'highSafeStock', 'currentStock', 'warningType', 'shortfall', 'excess'];
    const r = await get('/report/stockWarning');
    expect(pick(r.rows, keys)).toEqual([
      { materialId: bolt, depotId: depotA, lowSafeStock: 10, highSafeStock: 100, currentStock: 4, warningType: 'low', shortfall: 6, excess: 0 },
      { materialId: bolt, depotId: depotB, lowSafeStock: 0, highSafeStock: 5, currentStock: 8, warningType: 'high', shortfall: 0, excess: 3 },
      { materialId: ink, depotId: depotA, lowSafeStock: 5, highSafeStock: null, currentStock: 0, warningType: 'low', shortfall: 5, excess: 0 },
    ]);
    expect((await get('/report/stockWarning?warningType=high')).rows.map((x: { materialId: number }) => x.materialId)).toEqual([bolt]);
    expect((await get(`/report/stockWarning?warningType=low&depotId=${depotA}&materialParam=墨`)).total).toBe(1);
  });

  it('lists the materials with a limit in each warehouse for the safety-stock screen', async () => {
    const r = await get('/material/safetyStockList');
    expect(r.total).toBe(4);
    expect(pick(r.rows, ['materialId', 'depotId', 'lowSafeStock', 'highSafeStock', 'currentStock'])).toEqual([
      { materialId: bolt, depotId: depotA, lowSafeStock: 10, highSafeStock: 100, currentStock: 4 },
      { materialId: bolt, depotId: depotB, lowSafeStock: 0, highSafeStock: 5, currentStock: 8 },
      { materialId: nut, depotId: depotA, lowSafeStock: 2, highSafeStock: 50, currentStock: 20 },
      { materialId: ink, depotId: depotA, lowSafeStock: 5, highSafeStock: null, currentStock: 0 },
    ]);
    expect((await get(`/material/safetyStockList?depotId=${depotA}&pageSize=1&currentPage=2`)).rows[0]).toMatchObject({ materialId: nut, depotId: depotA });
  });

  it('counts the alerts for the dashboard badge', async () => {
    expect(await get('/depot/inventoryAlerts')).toEqual({ belowMin: 2, aboveMax: 1, expiring: 1, expired: 1, total: 5 });
  });

  it('exports them with the same rows', async () => {
    for (const url of ['/report/batchInventory', '/report/stockWarning', '/material/safetyStockList']) {
      const list = await get(`${url}?pageSize=1000`);
      const sheet = await exported(app, t.token, `${url}/exportExcel`);
      const want = asSheet(url, list.rows);
      expect(sheet.header, url).toEqual(want.header);
      expect(sheet.rows.slice(0, list.rows.length), url).toEqual(want.rows);
    }
  });
});
