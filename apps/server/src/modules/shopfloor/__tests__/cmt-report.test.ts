import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, material } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { finSaved } from '../../finance/__tests__/fin-fixtures.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * 10 seats and 40 legs go to 木工厂; 6 chairs come back using 6 seats and 24 legs, fee 6 × 8 = 48, 30 of it
 * paid. Another supplier gets 5 seats. The report: per supplier and material, what went, came back, was used,
 * is still held there, and the fee owed.
 */
describe('来料加工报表 (CMT report)', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'sfc');
  const api = t.api;
  const own = await add(api, 'depot', { name: '原料仓' });
  const held = await add(api, 'depot', { name: '委外仓-木工厂' });
  const held2 = await add(api, 'depot', { name: '委外仓-二厂' });
  const fg = await add(api, 'depot', { name: '成品仓' });
  const wood = await add(api, 'supplier', { name: '木工厂', type: '供应商' });
  const second = await add(api, 'supplier', { name: '二厂', type: '供应商' });
  const account = (await api.post('/account/add', { name: '基本户' })).body.data.id as number;
  const chair = await material(api, '椅子');
  const seat = await material(api, '椅面', { price: '50', stock: { depotId: own, qty: 30 } });
  const leg = await material(api, '椅腿', { price: '10', stock: { depotId: own, qty: 100 } });
  await add(api, 'outsourcePrice', { supplierId: wood, materialId: chair, price: '8' });
  const send = async (supplierId: number, depot: number, lines: object[]) => {
    const r = await api.post('/shopfloor/outsource/send', { supplierId, fromDepotId: own, supplierDepotId: depot, lines });
    expect(r.body.code, r.text).toBe(200);
  };
  const report = async (q: string) => {
    const r = await api.get(`/shopfloor/cmtReport?${q}`);
    expect(r.body.code, r.text).toBe(200);
    return r.body.data as { rows: Array<Record<string, unknown>>; totals: Record<string, string> };
  };

  it('gives sent, returned, consumed, balance and fees per supplier and material', async () => {
    await send(wood, held, [
      { materialId: seat, qty: '10' },
      { materialId: leg, qty: '40' },
    ]);
    await send(second, held2, [{ materialId: seat, qty: '5' }]);
    const back = await api.post('/shopfloor/outsource/receive', {
      supplierId: wood,
      supplierDepotId: held,
      toDepotId: fg,
      productId: chair,
      qty: '6',
      components: [
        { materialId: seat, qty: '6' },
        { materialId: leg, qty: '24' },
      ],
    });
    expect(back.body.code, back.text).toBe(200);
    await finSaved(api, '付款', [{ billId: back.body.data.id, eachAmount: 30 }], { organId: wood, accountId: account });
    const all = await report(`from=${day(-1)}&to=${day(1)}`);
    const pick = (r: Record<string, unknown>) => [r.supplier, r.material, r.sent, r.returned, r.consumed, r.balance, r.fee, r.paid, r.owed];
    expect(all.rows.map(pick)).toEqual([
      ['二厂', '椅面', '5', '0', '0', '5', '0.00', '0.00', '0.00'],
      ['木工厂', '椅子', '0', '6', '0', '0', '48.00', '30.00', '18.00'],
      ['木工厂', '椅腿', '40', '0', '24', '16', '0.00', '0.00', '0.00'],
      ['木工厂', '椅面', '10', '0', '6', '4', '0.00', '0.00', '0.00'],
    ]);
    expect(all.totals).toEqual({ fee: '48.00', paid: '30.00', owed: '18.00' });
    // one supplier; a later period shows only what is still held there
    expect((await report(`from=${day(-1)}&to=${day(1)}&supplierId=${second}`)).rows.map(pick)).toEqual([
      ['二厂', '椅面', '5', '0', '0', '5', '0.00', '0.00', '0.00'],
    ]);
    expect((await report(`from=${day(2)}&to=${day(3)}&supplierId=${wood}`)).rows.map(pick)).toEqual([
      ['木工厂', '椅腿', '0', '0', '0', '16', '0.00', '0.00', '0.00'],
      ['木工厂', '椅面', '0', '0', '0', '4', '0.00', '0.00', '0.00'],
    ]);
    // before anything was sent there is nothing
    expect((await report(`from=${day(-5)}&to=${day(-3)}`)).rows).toEqual([]);
  });

  it('refuses bad dates', async () => {
    expect((await api.get(`/shopfloor/cmtReport?from=${day(1)}&to=${day(-1)}`)).body.data.message).toBe('开始日期不能晚于结束日期');
    expect((await api.get('/shopfloor/cmtReport?from=2026-02-30&to=2026-03-01')).body.code).toBe(400);
  });
});
