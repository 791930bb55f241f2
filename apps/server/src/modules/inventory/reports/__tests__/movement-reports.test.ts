import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../../test-support/harness.ts';
import { line, saved, world } from '../../__tests__/fixtures.ts';
import { asSheet, at, data, day, exported, movements } from './scenario.ts';

const pick = (rows: Array<Record<string, unknown>>, keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

describe('stock reports over a year of documents', async () => {
  const { app } = await testApp();
  // another company with the same barcode and far larger figures: none of it may show below
  const other = await newTenant(app, 'rpto');
  const ow = await world(other.api);
  await ow.material('钢笔', 'PEN');
  await saved(other.api, '入库', '采购', [line('PEN', 100, 1, ow.depotA)], { organId: ow.supplier, operTime: at(100) });
  const t = await newTenant(app, 'rpt');
  const s = await movements(t.api);
  const { pen, cup, ink, depotA, depotB } = s;
  const get = (url: string) => data(t.api, url);

  it('lists current stock per material and warehouse with average cost, value and totals (商品库存)', async () => {
    const r = await get('/report/materialStock');
    expect(pick(r.rows, ['materialId', 'barCode', 'materialName', 'standard', 'model', 'unit', 'depotName', 'qty', 'avgCost', 'value'])).toEqual([
      { materialId: pen, barCode: 'PEN', materialName: '钢笔', standard: 'S1', model: 'M1', unit: '个', depotName: '甲仓', qty: 15, avgCost: 6, value: 90 },
      { materialId: pen, barCode: 'PEN', materialName: '钢笔', standard: 'S1', model: 'M1', unit: '个', depotName: '乙仓', qty: 5, avgCost: 5.5, value: 27.5 },
      { materialId: cup, barCode: 'CUP', materialName: '茶杯', standard: null, model: null, unit: '个', depotName: '乙仓', qty: 3, avgCost: 2, value: 6 },
    ]);
    expect(r).toMatchObject({ total: 3, sums: { qty: 23, value: 123.5 } });
    const ids = async (q: string) =>
      (await get(`/report/materialStock?${q}`)).rows.map((x: { materialId: number; depotId: number }) => [x.materialId, x.depotId]);
    expect(await ids(`depotId=${depotB}`)).toEqual([
      [pen, depotB],
      [cup, depotB],
    ]);
    expect(await ids(`categoryId=${s.office}`)).toEqual([
      [pen, depotA],
      [pen, depotB],
    ]);
    expect(await ids('materialParam=cu')).toEqual([[cup, depotB]]);
    expect(await ids('materialParam=M1')).toEqual([
      [pen, depotA],
      [pen, depotB],
    ]);
    expect(await ids('zeroStock=1')).toEqual([
      [pen, depotA],
      [pen, depotB],
      [cup, depotB],
      [ink, depotA],
    ]);
    const page2 = await get('/report/materialStock?pageSize=2&currentPage=2');
    expect(page2).toMatchObject({ total: 3, sums: { qty: 23, value: 123.5 } });
    expect(page2.rows.map((x: { materialId: number }) => x.materialId)).toEqual([cup]);
  });

  it('shows one material’s ledger with opening, running and closing balances (库存台账)', async () => {
    const r = await get(`/report/stockLedger?materialId=${pen}&depotId=${depotA}&beginTime=${day(100)}&endTime=${day(20)}`);
    expect(r.opening).toEqual({ qty: 10, value: 50 });
    expect(r.closing).toEqual({ qty: 10, value: 55 });
    expect(r.total).toBe(5);
    const { d2, d3, d4, d6 } = s.docs;
    expect(
      pick(r.rows, ['operTime', 'number', 'docType', 'depotName', 'inQty', 'outQty', 'unitCost', 'valueChange', 'balanceQty', 'balanceValue', 'reversal']),
    ).toEqual([
      {
        operTime: at(100),
        number: d2.number,
        docType: '采购入库',
        depotName: '甲仓',
        inQty: 10,
        outQty: 0,
        unitCost: 6,
        valueChange: 60,
        balanceQty: 20,
        balanceValue: 110,
        reversal: false,
      },
      {
        operTime: at(50),
        number: d3.number,
        docType: '销售出库',
        depotName: '甲仓',
        inQty: 0,
        outQty: 4,
        unitCost: 5.5,
        valueChange: -22,
        balanceQty: 16,
        balanceValue: 88,
        reversal: false,
      },
      {
        operTime: at(40),
        number: d4.number,
        docType: '调拨出库',
        depotName: '甲仓',
        inQty: 0,
        outQty: 6,
        unitCost: 5.5,
        valueChange: -33,
        balanceQty: 10,
        balanceValue: 55,
        reversal: false,
      },
      {
        operTime: at(20),
        number: d6.number,
        docType: '其它入库',
        depotName: '甲仓',
        inQty: 2,
        outQty: 0,
        unitCost: 7,
        valueChange: 14,
        balanceQty: 12,
        balanceValue: 69,
        reversal: false,
      },
      // the deleted receipt is undone by a negative receipt, not an issue
      {
        operTime: at(20),
        number: d6.number,
        docType: '其它入库',
        depotName: '甲仓',
        inQty: -2,
        outQty: 0,
        unitCost: 7,
        valueChange: -14,
        balanceQty: 10,
        balanceValue: 55,
        reversal: true,
      },
    ]);
    const all = await get(`/report/stockLedger?materialId=${pen}`);
    expect(all).toMatchObject({ total: 9, opening: { qty: 0, value: 0 }, closing: { qty: 20, value: 117.5 } });
    expect(all.rows.map((x: { depotName: string; balanceQty: number }) => `${x.depotName}${x.balanceQty}`)).toEqual([
      '甲仓10',
      '甲仓20',
      '甲仓16',
      '甲仓10',
      '乙仓16',
      '乙仓15',
      '甲仓17',
      '甲仓15',
      '甲仓20',
    ]);
    const paged = await get(`/report/stockLedger?materialId=${pen}&pageSize=2&currentPage=5`);
    expect(paged.rows.map((x: { balanceQty: number }) => x.balanceQty)).toEqual([20]);
  });

  it('sums opening, in, out and closing per material and warehouse for a period (出入库汇总)', async () => {
    const keys = ['materialId', 'depotId', 'openingQty', 'openingValue', 'inQty', 'inValue', 'outQty', 'outValue', 'closingQty', 'closingValue'];
    const r = await get(`/report/inOutSummary?beginTime=${day(50)}&endTime=${day(30)}`);
    expect(pick(r.rows, keys)).toEqual([
      { materialId: pen, depotId: depotA, openingQty: 20, openingValue: 110, inQty: 0, inValue: 0, outQty: 10, outValue: 55, closingQty: 10, closingValue: 55 },
      { materialId: pen, depotId: depotB, openingQty: 0, openingValue: 0, inQty: 6, inValue: 33, outQty: 1, outValue: 5.5, closingQty: 5, closingValue: 27.5 },
      { materialId: cup, depotId: depotB, openingQty: 3, openingValue: 6, inQty: 0, inValue: 0, outQty: 0, outValue: 0, closingQty: 3, closingValue: 6 },
    ]);
    expect(r.sums).toEqual({ openingQty: 23, openingValue: 116, inQty: 6, inValue: 33, outQty: 11, outValue: 60.5, closingQty: 18, closingValue: 88.5 });
    // the deleted receipt nets out of the in column instead of adding 2 in and 2 out
    const late = await get(`/report/inOutSummary?beginTime=${day(20)}&materialId=${pen}&depotId=${depotA}`);
    expect(pick(late.rows, keys)).toEqual([
      { materialId: pen, depotId: depotA, openingQty: 10, openingValue: 55, inQty: 5, inValue: 35, outQty: 0, outValue: 0, closingQty: 15, closingValue: 90 },
    ]);
    const sales = await get(`/report/inOutSummary?beginTime=${day(50)}&endTime=${day(30)}&docType=saleOut&materialParam=钢`);
    expect(pick(sales.rows, ['depotId', 'inQty', 'outQty', 'outValue', 'closingQty'])).toEqual([
      { depotId: depotA, inQty: 0, outQty: 4, outValue: 22, closingQty: 10 },
      { depotId: depotB, inQty: 0, outQty: 1, outValue: 5.5, closingQty: 5 },
    ]);
  });

  it('lists the posted lines with what each moved (出入库明细)', async () => {
    const { d1, d2, d3, d4, d7 } = s.docs;
    const r = await get(`/report/inOutDetail?depotId=${depotA}&materialId=${pen}`);
    expect(pick(r.rows, ['operTime', 'number', 'docType', 'organName', 'barCode', 'inQty', 'inValue', 'outQty', 'outValue', 'allPrice'])).toEqual([
      {
        operTime: at(200),
        number: d1.number,
        docType: '采购入库',
        organName: '供应商一',
        barCode: 'PEN',
        inQty: 10,
        inValue: 50,
        outQty: 0,
        outValue: 0,
        allPrice: 50,
      },
      {
        operTime: at(100),
        number: d2.number,
        docType: '采购入库',
        organName: '供应商一',
        barCode: 'PEN',
        inQty: 10,
        inValue: 60,
        outQty: 0,
        outValue: 0,
        allPrice: 60,
      },
      {
        operTime: at(50),
        number: d3.number,
        docType: '销售出库',
        organName: '客户一',
        barCode: 'PEN',
        inQty: 0,
        inValue: 0,
        outQty: 4,
        outValue: 22,
        allPrice: 40,
      },
      { operTime: at(40), number: d4.number, docType: '调拨出库', organName: null, barCode: 'PEN', inQty: 0, inValue: 0, outQty: 6, outValue: 33, allPrice: 0 },
      {
        operTime: at(10),
        number: d7.number,
        docType: '采购入库',
        organName: '供应商一',
        barCode: 'PEN',
        inQty: 5,
        inValue: 35,
        outQty: 0,
        outValue: 0,
        allPrice: 35,
      },
    ]);
    expect(r).toMatchObject({ total: 5, sums: { inQty: 25, inValue: 145, outQty: 10, outValue: 55 } });
    const transfer = await get(`/report/inOutDetail?docType=transfer&beginTime=${day(45)}&endTime=${day(35)}`);
    expect(pick(transfer.rows, ['depotName', 'inQty', 'outQty', 'outValue', 'inValue'])).toEqual([
      { depotName: '甲仓', inQty: 0, outQty: 6, outValue: 33, inValue: 0 },
      { depotName: '乙仓', inQty: 6, outQty: 0, outValue: 0, inValue: 33 },
    ]);
    expect((await get(`/report/inOutDetail?number=${d3.number}`)).total).toBe(1);
    expect((await get('/report/inOutDetail?docType=purchaseIn,saleOut')).total).toBe(5);
  });

  it('lists transfer lines with both warehouses and their cost (调拨明细)', async () => {
    const r = await get('/report/allocationDetail');
    expect(pick(r.rows, ['number', 'barCode', 'materialName', 'depotName', 'anotherDepotName', 'qty', 'unitCost', 'value'])).toEqual([
      { number: s.docs.d4.number, barCode: 'PEN', materialName: '钢笔', depotName: '甲仓', anotherDepotName: '乙仓', qty: 6, unitCost: 5.5, value: 33 },
    ]);
    expect(r).toMatchObject({ total: 1, sums: { qty: 6, value: 33 } });
    expect((await get(`/report/allocationDetail?anotherDepotId=${depotA}`)).total).toBe(0);
    expect((await get(`/report/allocationDetail?endTime=${day(41)}`)).total).toBe(0);
  });

  it('ages stock first-in first-out: what is on hand came in last (库龄分析)', async () => {
    const keys = ['materialId', 'depotId', 'qty', 'oldQty', 'oldValue', 'oldestDate', 'ageDays'];
    const r = await get('/report/inventoryAge');
    expect(pick(r.rows, keys)).toEqual([
      // 15 on hand = the 5 bought 10 days ago + 10 of the 100-day receipt
      { materialId: pen, depotId: depotA, qty: 15, oldQty: 10, oldValue: 60, oldestDate: day(100), ageDays: 100 },
      { materialId: cup, depotId: depotB, qty: 3, oldQty: 3, oldValue: 6, oldestDate: day(100), ageDays: 100 },
    ]);
    expect(r.sums).toEqual({ qty: 18, oldQty: 13, oldValue: 66 });
    const d35 = await get('/report/inventoryAge?days=35');
    expect(pick(d35.rows, keys)).toEqual([
      { materialId: pen, depotId: depotA, qty: 15, oldQty: 10, oldValue: 60, oldestDate: day(100), ageDays: 100 },
      // a transfer-in is a receipt of the target warehouse
      { materialId: pen, depotId: depotB, qty: 5, oldQty: 5, oldValue: 27.5, oldestDate: day(40), ageDays: 40 },
      { materialId: cup, depotId: depotB, qty: 3, oldQty: 3, oldValue: 6, oldestDate: day(100), ageDays: 100 },
    ]);
    expect((await get('/report/inventoryAge?days=150')).total).toBe(0);
  });

  it('ranks materials in stock by what they sold lately, unsold first (滞销商品)', async () => {
    const keys = ['materialId', 'qty', 'soldQty', 'lastSaleDate'];
    expect(pick((await get('/report/lowSelling')).rows, keys)).toEqual([
      { materialId: cup, qty: 3, soldQty: 0, lastSaleDate: null },
      { materialId: pen, qty: 20, soldQty: 5, lastSaleDate: day(30) },
    ]);
    expect(pick((await get('/report/lowSelling?days=35')).rows, keys)[1]).toEqual({ materialId: pen, qty: 20, soldQty: 1, lastSaleDate: day(30) });
    expect(await get('/report/lowSelling?limit=1')).toMatchObject({ total: 1, rows: [{ materialId: cup }] });
    expect(pick((await get(`/report/lowSelling?depotId=${depotA}`)).rows, keys)).toEqual([{ materialId: pen, qty: 15, soldQty: 4, lastSaleDate: day(50) }]);
  });

  it('exports each report as a spreadsheet with the same rows', async () => {
    const cases: Array<[string, string, number]> = [
      ['/report/materialStock', 'zeroStock=1', 0],
      ['/report/stockLedger', `materialId=${pen}`, 1],
      ['/report/inOutSummary', `beginTime=${day(50)}`, 0],
      ['/report/inOutDetail', `materialId=${pen}`, 0],
      ['/report/allocationDetail', '', 0],
      ['/report/inventoryAge', 'days=35', 0],
      ['/report/lowSelling', '', 0],
    ];
    for (const [url, q, before] of cases) {
      const list = await get(`${url}?${q}&pageSize=1000`);
      const sheet = await exported(app, t.token, `${url}/exportExcel?${q}`);
      const want = asSheet(url, list.rows);
      expect(sheet.header, url).toEqual(want.header);
      expect(sheet.rows.slice(before, before + list.rows.length), url).toEqual(want.rows);
    }
    const stock = await exported(app, t.token, '/report/materialStock/exportExcel');
    expect(stock.rows.at(-1)).toEqual(['合计', '', '', '', '', '', 23, '', 123.5]);
    const ledger = await exported(app, t.token, `/report/stockLedger/exportExcel?materialId=${pen}&depotId=${depotA}&beginTime=${day(100)}`);
    expect(ledger.rows[0].slice(0, 1)).toEqual(['期初结存']);
    expect(ledger.rows.at(-1)).toEqual(['期末结存', '', '', '', '', '', '', '', '', 15, 90, '']);
    const empty = await t.api.get(`/report/allocationDetail/exportExcel?endTime=${day(300)}`);
    expect(empty.body).toEqual({ code: 500, data: { message: '导出异常请联系管理员' } });
  });

  it('never shows another company’s stock', async () => {
    expect((await data(other.api, '/report/materialStock')).sums).toEqual({ qty: 100, value: 100, weight: 0 });
    expect(await data(other.api, `/report/stockLedger?materialId=${pen}`)).toEqual({
      rows: [],
      total: 0,
      opening: { qty: 0, value: 0 },
      closing: { qty: 0, value: 0 },
    });
    expect((await data(other.api, `/report/inOutDetail?materialId=${pen}`)).total).toBe(0);
    expect((await data(other.api, '/report/allocationDetail')).total).toBe(0);
    expect((await data(other.api, '/report/lowSelling')).rows.map((x: { qty: number }) => x.qty)).toEqual([100]);
  });
});
