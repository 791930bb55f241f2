import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import type { Client } from '../../../test-support/harness.ts';
import { NOW, detail, save, saved, world } from './fixtures.ts';

const ADJ = ['其它', '价格调整'] as const;
const prices = async (api: Client, barCode: string) => {
  const m = (await api.get(`/material/getMaterialByBarCode?barCode=${barCode}`)).body.data;
  return { buy: m.purchaseDecimal, retail: m.commodityDecimal, sale: m.wholesaleDecimal, low: m.lowDecimal };
};
const adj = (barCode: string, p: object) => ({ barCode, operNumber: 1, prices: p });
const audit = (api: Client, id: number, status: '0' | '1') => api.post('/depotHead/batchSetStatus', { status, ids: String(id) });

describe('price adjustment (价格调整)', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'tj');
  const w = await world(t.api);
  await w.material('台灯', 'LAMP01', {}, { purchaseDecimal: 30, commodityDecimal: 60, wholesaleDecimal: 50, lowDecimal: 40 });
  await w.material('灯泡', 'BULB01', {}, { purchaseDecimal: 2, commodityDecimal: 5 });

  it('applies new prices on audit, keeps the old ones on the line and restores them on un-audit', async () => {
    const doc = await saved(t.api, ...ADJ, [adj('LAMP01', { wholesaleDecimal: '55.5', lowDecimal: 45 }), adj('BULB01', { purchaseDecimal: '2.125' })]);
    expect(doc.number).toMatch(/^TJD\d{12}$/);
    // saved but not audited: nothing changes yet
    expect(await prices(t.api, 'LAMP01')).toEqual({ buy: 30, retail: 60, sale: 50, low: 40 });
    const lines = (await t.api.get(`/depotItem/priceAdjustLines?headerId=${doc.id}`)).body.data.rows;
    expect(lines).toMatchObject([
      { lineNo: 1, applied: false, wholesaleDecimal: '55.500000', lowDecimal: '45.000000', purchaseDecimal: null, oldWholesaleDecimal: null },
      { lineNo: 2, applied: false, purchaseDecimal: '2.125000' },
    ]);

    expect((await audit(t.api, doc.id, '1')).body.code).toBe(200);
    expect(await prices(t.api, 'LAMP01')).toEqual({ buy: 30, retail: 60, sale: 55.5, low: 45 });
    expect(await prices(t.api, 'BULB01')).toMatchObject({ buy: 2.125, retail: 5 });
    const after = (await t.api.get(`/depotItem/priceAdjustLines?headerId=${doc.id}`)).body.data.rows;
    expect(after[0]).toMatchObject({ applied: true, oldPurchaseDecimal: '30.000000', oldWholesaleDecimal: '50.000000', oldLowDecimal: '40.000000' });
    // a new sale now suggests the new sales price
    const lamp = (await t.api.get('/material/getMaterialByBarCode?barCode=LAMP01')).body.data;
    expect((await t.api.get(`/depotItem/buyOrSalePrice?materialExtendId=${lamp.meId}&type=sale`)).body.data.price).toBe(55.5);

    expect((await audit(t.api, doc.id, '0')).body.code).toBe(200);
    expect(await prices(t.api, 'LAMP01')).toEqual({ buy: 30, retail: 60, sale: 50, low: 40 });
    expect(await prices(t.api, 'BULB01')).toMatchObject({ buy: 2, retail: 5 });
    expect((await detail(t.api, doc.number)).status).toBe('0');
  });

  it('saves and audits at once, and refuses to un-audit over a later change', async () => {
    const first = await saved(t.api, ...ADJ, [adj('BULB01', { commodityDecimal: 6 })], { status: '1' });
    expect((await prices(t.api, 'BULB01')).retail).toBe(6);
    const second = await saved(t.api, ...ADJ, [adj('BULB01', { commodityDecimal: 7 })], { status: '1' });
    expect((await prices(t.api, 'BULB01')).retail).toBe(7);
    const refused = await audit(t.api, first.id, '0');
    expect(refused.body).toMatchObject({ code: 500, data: { message: expect.stringContaining('已被修改，不能反审核') } });
    expect((await detail(t.api, first.number)).status).toBe('1');
    expect((await audit(t.api, second.id, '0')).body.code).toBe(200);
    expect((await audit(t.api, first.id, '0')).body.code).toBe(200);
    expect((await prices(t.api, 'BULB01')).retail).toBe(5);
  });

  it('an edited document adjusts only its current lines', async () => {
    const doc = await saved(t.api, ...ADJ, [adj('LAMP01', { commodityDecimal: 70 })]);
    const d = await detail(t.api, doc.number);
    const put = await t.api.put('/depotHead/updateDepotHeadAndDetail', {
      info: { id: doc.id, type: ADJ[0], subType: ADJ[1], operTime: NOW },
      rows: [adj('BULB01', { lowDecimal: 3 })],
    });
    expect(put.body.code, JSON.stringify(put.body)).toBe(200);
    expect(d.rows).toHaveLength(1);
    expect((await audit(t.api, doc.id, '1')).body.code).toBe(200);
    expect(await prices(t.api, 'LAMP01')).toMatchObject({ retail: 60 });
    expect(await prices(t.api, 'BULB01')).toMatchObject({ low: 3 });
    expect((await audit(t.api, doc.id, '0')).body.code).toBe(200);
    expect((await prices(t.api, 'BULB01')).low).toBeNull();
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const count = async () => (await t.api.get(`/depotHead/list?type=${encodeURIComponent(ADJ[0])}&subType=${encodeURIComponent(ADJ[1])}`)).body.data.total;
    const before = await count();
    const cases: [object[], number, string][] = [
      [[{ barCode: 'LAMP01', operNumber: 1 }], 400, '请至少填写一个新价格'],
      [[adj('LAMP01', {})], 400, '请至少填写一个新价格'],
      [[adj('LAMP01', { wholesaleDecimal: -1 })], 400, '销售价不能为负数'],
      [[adj('LAMP01', { wholesaleDecimal: '1.2345' })], 400, '销售价只能是整数或最多3位小数'],
      [[adj('LAMP01', { salePrice: 3 })], 400, ''],
      [[adj('LAMP01', { lowDecimal: 1 }), adj('LAMP01', { lowDecimal: 2 })], 500, '条码 LAMP01 重复'],
      [[adj('NOPE', { lowDecimal: 1 })], 500, '商品条码不存在'],
    ];
    for (const [rows, code, msg] of cases) {
      const r = await save(t.api, ...ADJ, rows);
      expect(r.body.code, JSON.stringify(r.body)).toBe(code);
      expect(JSON.stringify(r.body)).toContain(msg);
    }
    // other document types may not carry prices
    const other = await save(t.api, '入库', '其它', [{ barCode: 'LAMP01', operNumber: 1, depotId: w.depotA, prices: { lowDecimal: 1 } }], {
      organId: w.supplier,
    });
    expect(other.body).toMatchObject({ code: 400 });
    expect(JSON.stringify(other.body)).toContain('只有价格调整单');
    expect(await count()).toBe(before);
    expect(await prices(t.api, 'LAMP01')).toEqual({ buy: 30, retail: 60, sale: 50, low: 40 });
  });

  it('keeps companies apart', async () => {
    const doc = await saved(t.api, ...ADJ, [adj('LAMP01', { lowDecimal: 41 })]);
    const other = await newTenant(app, 'tj2');
    expect((await other.api.get(`/depotItem/priceAdjustLines?headerId=${doc.id}`)).body.code).toBe(404);
    expect((await audit(other.api, doc.id, '1')).body.code).not.toBe(200);
    expect((await prices(t.api, 'LAMP01')).low).toBe(40);
  });
});
