import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';

describe('materials with units, barcodes and opening stock', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'mat');
  const api = t.api;
  const unitId = (await api.post('/unit/add', { name: '瓶/箱', basicUnit: '瓶', otherUnit: '箱', ratio: 24 })).body.data.id;
  const depotA = (await api.post('/depot/add', { name: '甲仓' })).body.data.id;
  const depotB = (await api.post('/depot/add', { name: '乙仓' })).body.data.id;
  const water = {
    name: '矿泉水',
    standard: '550ml',
    unitId,
    barCodes: [
      { barCode: '6900000000011', commodityUnit: '瓶', purchaseDecimal: '1.2', commodityDecimal: 2, wholesaleDecimal: '1.8', lowDecimal: '1.5' },
      { barCode: '6900000000028', commodityUnit: '箱', purchaseDecimal: 28, commodityDecimal: 48, wholesaleDecimal: 40, lowDecimal: 36 },
    ],
    stocks: [
      { depotId: depotA, initNumber: 100, lowSafeStock: 10, highSafeStock: 500 },
      { depotId: depotB, initNumber: '20.5' },
    ],
  };
  const id = (await api.post('/material/add', water)).body.data.id as number;

  it('saves a material with two units, two barcodes and stock per warehouse', async () => {
    const m = (await api.get(`/material/info?id=${id}`)).body.data;
    expect(m).toMatchObject({ name: '矿泉水', unitName: '瓶/箱', enabled: true });
    expect(m.barCodes).toHaveLength(2);
    expect(m.barCodes[0]).toMatchObject({ barCode: '6900000000011', commodityUnit: '瓶', purchaseDecimal: 1.2, defaultFlag: true });
    expect(m.barCodes[1]).toMatchObject({ barCode: '6900000000028', defaultFlag: false, commodityDecimal: 48 });
    expect(m.stocks.map((s: { depotName: string; initNumber: number }) => [s.depotName, s.initNumber])).toEqual([
      ['甲仓', 100],
      ['乙仓', 20.5],
    ]);
    const list = (await api.get('/material/list')).body.data.rows;
    expect(list[0]).toMatchObject({ name: '矿泉水', barCode: '6900000000011', purchaseDecimal: 1.2, wholesaleDecimal: 1.8, initialStock: 120.5 });
  });

  it('finds materials by any barcode, by scanning, and in the picker', async () => {
    const byCode = (await api.get(`/material/list?search=${encodeURIComponent(JSON.stringify({ barCode: '0028' }))}`)).body.data;
    expect(byCode.total).toBe(1);
    const scan = (await api.get('/material/getMaterialByBarCode?barCode=6900000000028')).body.data;
    expect(scan).toMatchObject({ name: '矿泉水', commodityUnit: '箱', basicUnit: '瓶', ratio: 24, wholesaleDecimal: 40 });
    expect((await api.get('/material/getMaterialByBarCode?barCode=404')).status).toBe(404);
    const pick = (await api.get(`/material/findBySelect?q=矿泉&depotId=${depotA}`)).body.data;
    expect(pick.total).toBe(2);
    expect(pick.rows[0]).toMatchObject({ barCode: '6900000000011', stock: 100 });
    expect((await api.get('/material/getMaxBarCode')).body.data).toBe('6900000000028');
  });

  it('changes barcodes as a set: edits kept lines, adds new ones, removes missing ones', async () => {
    const m = (await api.get(`/material/info?id=${id}`)).body.data;
    const [bottle] = m.barCodes;
    const r = await api.put('/material/update', {
      id,
      barCodes: [
        { ...pick(bottle), wholesaleDecimal: 1.9 },
        { barCode: '6900000000035', commodityUnit: '箱', wholesaleDecimal: 41 },
      ],
    });
    expect(r.body.code).toBe(200);
    const after = (await api.get(`/material/info?id=${id}`)).body.data.barCodes;
    expect(after.map((b: { barCode: string }) => b.barCode)).toEqual(['6900000000011', '6900000000035']);
    expect(after[0].id).toBe(bottle.id);
    expect(after[0].wholesaleDecimal).toBe(1.9);
    // the removed barcode is free again
    expect((await api.get('/materialsExtend/checkIsBarCodeExist?barCode=6900000000028')).body.data).toEqual({ status: false });
  });

  it('refuses broken units, duplicate barcodes and duplicate materials, writing nothing', async () => {
    const count = async () => (await api.get('/material/list')).body.data.total;
    const before = await count();
    const cases: Array<[object, string]> = [
      [{ name: 'x', unitId, barCodes: [{ barCode: 'A1', commodityUnit: '盒' }] }, '条码 A1 的单位须为 瓶/箱 之一'],
      [{ name: 'x', unit: '个', unitId, barCodes: [{ barCode: 'A1', commodityUnit: '个' }] }, '单位和多单位只能选择一种'],
      [
        {
          name: 'x',
          unit: '个',
          barCodes: [
            { barCode: 'A1', commodityUnit: '个' },
            { barCode: 'A1', commodityUnit: '个' },
          ],
        },
        '条码不能重复',
      ],
      [{ name: 'x', unit: '个', barCodes: [{ barCode: '6900000000011', commodityUnit: '个' }] }, '条码已存在'],
      [{ name: 'x', unit: '个', barCodes: [] }, '请至少填写一个条码'],
      [
        { name: 'x', unit: '个', barCodes: [{ barCode: 'B1', commodityUnit: '个' }], stocks: [{ depotId: depotA, lowSafeStock: 9, highSafeStock: 1 }] },
        '最低安全库存不能大于最高安全库存',
      ],
      [{ ...water, barCodes: [{ barCode: 'C1', commodityUnit: '瓶' }], stocks: [] }, '该商品已存在（名称、型号、规格、颜色、单位相同）'],
    ];
    for (const [body, message] of cases) {
      const r = await api.post('/material/add', body);
      expect(r.body, JSON.stringify(body)).toEqual({ code: 500, data: { message } });
    }
    expect((await api.post('/material/add', { name: 'x', unit: '个', barCodes: [{ barCode: 'bad code!', commodityUnit: '个' }] })).status).toBe(400);
    // a line id that is not one of this material's lines: nothing is written, not even the material
    expect((await api.post('/material/add', { name: 'x', unit: '个', barCodes: [{ barCode: 'D1', commodityUnit: '个', id: 999999 }] })).status).toBe(404);
    expect(await count()).toBe(before);
    expect((await api.get('/material/checkIsExist?name=矿泉水&standard=550ml&unitId=' + unitId)).body.data).toEqual({ status: true });
  });

  it('updates several materials at once and refuses another company’s ids', async () => {
    const cat = (await api.post('/materialCategory/add', { name: '饮料' })).body.data.id;
    expect((await api.post('/material/batchUpdate', { ids: String(id), categoryId: cat, brand: '农夫' })).body.code).toBe(200);
    expect((await api.get(`/material/info?id=${id}`)).body.data).toMatchObject({ categoryName: '饮料', brand: '农夫' });
    const other = await newTenant(app, 'mat2');
    expect((await other.api.post('/material/batchUpdate', { ids: String(id), brand: 'x' })).status).toBe(404);
    expect((await other.api.get(`/material/info?id=${id}`)).status).toBe(404);
    expect((await other.api.get('/material/getMaterialByBarCode?barCode=6900000000011')).status).toBe(404);
    expect((await api.post('/material/batchUpdate', { ids: String(id) })).status).toBe(400);
  });

  it('hides purchase prices from a role with price masking, in lists, records and exports', async () => {
    await db.system((tx) => tx.query(`update role set price_masking = true where tenant_id = $1`, [t.tenantId]));
    try {
      const masked = await login(app, t.loginName, t.password);
      const row = (await masked.api.get('/material/list')).body.data.rows.find((r: { id: number }) => r.id === id);
      expect(row).not.toHaveProperty('purchaseDecimal');
      expect(row.wholesaleDecimal).toBe(1.9);
      const one = (await masked.api.get(`/material/info?id=${id}`)).body.data;
      expect(one.barCodes[0]).not.toHaveProperty('purchaseDecimal');
      expect((await masked.api.get('/material/getMaterialByBarCode?barCode=6900000000011')).body.data.purchaseDecimal).toBeNull();
    } finally {
      await db.system((tx) => tx.query(`update role set price_masking = false where tenant_id = $1`, [t.tenantId]));
    }
  });
});

function pick(line: Record<string, unknown>) {
  const { id, barCode, commodityUnit, purchaseDecimal, commodityDecimal, wholesaleDecimal, lowDecimal, defaultFlag } = line;
  return { id, barCode, commodityUnit, purchaseDecimal, commodityDecimal, wholesaleDecimal, lowDecimal, defaultFlag };
}

describe('opening stock enters the ledger', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'open');
  const depot = (await t.api.post('/depot/add', { name: '总仓' })).body.data.id;
  it('posts the opening quantity at the purchase price, and only the difference when it changes', async () => {
    const id = (
      await t.api.post('/material/add', {
        name: '本子',
        unit: '本',
        barCodes: [{ barCode: 'NB1', commodityUnit: '本', purchaseDecimal: 2 }],
        stocks: [{ depotId: depot, initNumber: 10 }],
      })
    ).body.data.id;
    const bal = async () =>
      (await db.system((tx) =>
        tx.one<{ qty: string; value: string }>('select qty, value from stock_cost where tenant_id = $1 and material_id = $2', [t.tenantId, id]),
      ))!;
    expect(await bal()).toEqual({ qty: '10.000000', value: '20.000000' });
    const stocks = (await t.api.get(`/material/info?id=${id}`)).body.data.stocks;
    await t.api.put('/material/update', { id, stocks: [{ id: stocks[0].id, depotId: depot, initNumber: 12 }] });
    expect(await bal()).toEqual({ qty: '12.000000', value: '24.000000' });
    const rows = await db.system((tx) =>
      tx.query<{ qty_change: string }>(`select qty_change from stock_ledger where tenant_id = $1 and reason = 'opening' order by id`, [t.tenantId]),
    );
    expect(rows.map((r) => Number(r.qty_change))).toEqual([10, 2]);
  });
});
