import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../../test-support/harness.ts';
import { asSheet, data, day, exported, movements, userWithRole } from './scenario.ts';

const MENUS = [
  '/report/material_stock',
  '/report/stock_ledger',
  '/report/in_out_detail',
  '/report/in_out_summary',
  '/report/allocation_detail',
  '/report/batch_inventory',
  '/report/stock_warning',
  '/report/inventory_age',
  '/report/low_selling',
  '/material/safety_stock',
  '/depot/inventory_alert',
];
const grant = (btn: string, except: string[] = []) => Object.fromEntries(MENUS.filter((m) => !except.includes(m)).map((m) => [m, btn]));
const pairs = (rows: Array<{ depotName: string; materialName: string }>) => rows.map((r) => `${r.materialName}@${r.depotName}`);

describe('stock reports: warehouse scope, price masking, permissions and input', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'rpta');
  const s = await movements(t.api);
  const { pen, depotA, depotB } = s;
  // a user (masked below) who sees both warehouses, and one who sees only 甲仓 and may not export
  const masked = await userWithRole(app, t.api, grant('3'), { depotIds: [depotA, depotB] });
  const scoped = await userWithRole(app, t.api, grant('', ['/report/low_selling']), { depotIds: [depotA] });

  it('hides values and costs from a price-masked role, in the list and in the export', async () => {
    expect((await data(masked.api, '/report/materialStock')).sums).toEqual({ qty: 23, value: 123.5, weight: 0 });
    // switched on while the user is signed in: it applies from the next call
    expect((await t.api.put('/role/update', { id: masked.roleId, priceMasking: true })).body.code).toBe(200);
    const stock = await data(masked.api, '/report/materialStock');
    expect(stock.rows[0]).toMatchObject({ depotName: '甲仓', qty: 15, avgCost: null, value: null });
    expect(stock.rows.every((r: { avgCost: unknown; value: unknown }) => r.avgCost === null && r.value === null)).toBe(true);
    expect(stock.sums).toEqual({ qty: 23, value: null, weight: 0 });
    const ledger = await data(masked.api, `/report/stockLedger?materialId=${pen}&depotId=${depotA}&beginTime=${day(100)}`);
    expect(ledger.opening).toEqual({ qty: 10, value: null });
    expect(ledger.closing).toEqual({ qty: 15, value: null });
    expect(ledger.rows[0]).toMatchObject({ inQty: 10, unitCost: null, valueChange: null, balanceQty: 20, balanceValue: null });
    const summary = await data(masked.api, '/report/inOutSummary');
    expect(summary.rows[0]).toMatchObject({ openingValue: null, inQty: 25, inValue: null, outValue: null, closingQty: 15, closingValue: null });
    expect((await data(masked.api, '/report/inOutDetail')).rows[0]).toMatchObject({ inQty: 10, inValue: null, allPrice: null });
    expect((await data(masked.api, '/report/allocationDetail')).rows[0]).toMatchObject({ qty: 6, unitCost: null, value: null });
    expect((await data(masked.api, '/report/inventoryAge')).rows[0]).toMatchObject({ oldQty: 10, oldValue: null });

    const sheet = await exported(app, masked.token, '/report/materialStock/exportExcel');
    expect(sheet.header).toEqual(['条码', '名称', '规格', '型号', '单位', '仓库', '库存数量']);
    expect(sheet.rows.slice(0, stock.rows.length)).toEqual(asSheet('/report/materialStock', stock.rows, true).rows);
  });

  it('shows a scoped user only their warehouses’ stock, once the company turns the warehouse scope on', async () => {
    expect((await data(scoped.api, '/report/materialStock')).total).toBe(3);
    expect((await t.api.put('/systemConfig/update', { depotFlag: true })).body.code).toBe(200);
    const stock = await data(scoped.api, '/report/materialStock');
    expect(pairs(stock.rows)).toEqual(['钢笔@甲仓']);
    expect(stock.sums).toEqual({ qty: 15, value: 90, weight: 0 });
    // asking for another warehouse gives nothing rather than its stock
    expect((await data(scoped.api, `/report/materialStock?depotId=${depotB}`)).total).toBe(0);
    const ledger = await data(scoped.api, `/report/stockLedger?materialId=${pen}`);
    expect(ledger.total).toBe(7);
    expect(ledger.closing).toEqual({ qty: 15, value: 90 });
    expect(pairs((await data(scoped.api, '/report/inOutSummary')).rows)).toEqual(['钢笔@甲仓']);
    expect(new Set((await data(scoped.api, '/report/inOutDetail')).rows.map((r: { depotName: string }) => r.depotName))).toEqual(new Set(['甲仓']));
    expect(pairs((await data(scoped.api, '/report/inventoryAge')).rows)).toEqual(['钢笔@甲仓']);
    // the transfer left 甲仓, so its user sees it
    expect((await data(scoped.api, '/report/allocationDetail')).total).toBe(1);
    expect(await data(scoped.api, '/depot/inventoryAlerts')).toEqual({ belowMin: 1, aboveMax: 0, expiring: 0, expired: 0, total: 1 });
    // the masked user's role is scoped to both warehouses
    expect((await data(masked.api, '/report/materialStock')).total).toBe(3);
    expect((await data(masked.api, '/report/lowSelling')).rows.map((r: { qty: number }) => r.qty)).toEqual([3, 20]);
  });

  it('needs the report’s menu, and button 3 to export', async () => {
    expect((await scoped.api.get('/report/lowSelling')).status).toBe(403);
    expect((await scoped.api.get('/report/materialStock/exportExcel')).status).toBe(403);
    expect((await scoped.api.get('/material/safetyStockList/exportExcel')).status).toBe(403);
    expect((await masked.api.get('/report/lowSelling/exportExcel')).status).toBe(200);
  });

  it.each([
    '/report/materialStock?foo=1',
    '/report/materialStock?zeroStock=2',
    '/report/materialStock?pageSize=0',
    '/report/materialStock?pageSize=5000',
    '/report/materialStock?currentPage=abc',
    '/report/materialStock?depotId=-1',
    '/report/materialStock?depotId=99999999999999999999',
    '/report/materialStock?depotId=1&depotId=2',
    '/report/materialStock/exportExcel?currentPage=1',
    '/report/stockLedger',
    '/report/stockLedger?materialId=1&beginTime=yesterday',
    '/report/stockLedger?materialId=1&beginTime=2026-02-30',
    '/report/stockLedger?materialId=1&endTime=2026-01-01%2025:00',
    '/report/stockLedger?materialId=1&beginTime=0001-01-01',
    `/report/inOutDetail?docType=nope`,
    `/report/inOutSummary?docType=saleOut,`,
    '/report/inOutSummary?tenantId=1',
    '/report/allocationDetail?number=' + 'x'.repeat(51),
    '/report/batchInventory?expiringDays=x',
    '/report/stockWarning?warningType=mid',
    '/report/inventoryAge?days=0',
    '/report/inventoryAge?days=1.5',
    '/report/lowSelling?limit=0',
    '/material/safetyStockList?categoryId=a',
    '/depot/inventoryAlerts?x=1',
  ])('answers bad input with 400: %s', async (url) => {
    const r = await t.api.get(url);
    expect(r.status, r.text).toBe(400);
    expect(r.body.code).toBe(400);
  });

  it('takes odd but valid input without failing', async () => {
    for (const url of [
      '/report/materialStock?materialParam=%25_%5C&categoryId=999999',
      `/report/stockLedger?materialId=999999&beginTime=2030-01-01&endTime=2020-01-01`,
      `/report/inOutSummary?beginTime=2026-01-01%2008:30&endTime=9999-12-31%2023:59:59&materialParam=`,
      '/report/inOutDetail?docType=opening',
      '/report/inOutDetail?docType=&number=XS&materialParam=',
      '/report/inventoryAge?days=3650',
      '/report/lowSelling?days=3650&limit=10000&currentPage=1000000',
    ]) {
      const r = await t.api.get(url);
      expect(r.status, `${url} ${r.text}`).toBe(200);
    }
  });
});
