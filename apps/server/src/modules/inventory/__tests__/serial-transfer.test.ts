import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, line, save, saved, world } from './fixtures.ts';

describe('serial numbers follow a transfer', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'sntransfer');
  const w = await world(t.api);
  const phone = await w.material('手机', 'PHONE', { enableSerialNumber: true });
  await saved(t.api, '入库', '其它', [line('PHONE', 3, 100, w.depotA, { snList: 'SN1,SN2,SN3' })], { organId: w.supplier });
  const inStock = async (depotId: number) =>
    (await t.api.get(`/serialNumber/getEnableSerialNumberList?materialId=${phone}&depotId=${depotId}`)).body.data
      .map((s: { serialNumber: string }) => s.serialNumber)
      .sort();
  const transfer = (sns: string, from: number, to: number) =>
    save(t.api, '出库', '调拨', [line('PHONE', sns.split(',').length, 0, from, { anotherDepotId: to, snList: sns })]);

  it('moves the numbers to the receiving warehouse, where they can then be sold, and back when the transfer is deleted', async () => {
    const moved = await transfer('SN1,SN2', w.depotA, w.depotB);
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(200);
    expect(await inStock(w.depotA)).toEqual(['SN3']);
    expect(await inStock(w.depotB)).toEqual(['SN1', 'SN2']);
    // SN1 is no longer in warehouse A: neither a sale nor another transfer from there may take it
    const wrong = await save(t.api, '出库', '销售', [line('PHONE', 1, 150, w.depotA, { snList: 'SN1' })], { organId: w.customer });
    expect(wrong.body.data.message).toMatch('序列号不在该仓库库存中或已售出: SN1');
    expect((await transfer('SN1', w.depotA, w.depotB)).body.data.message).toMatch('序列号不在该仓库库存中或已售出: SN1');
    await saved(t.api, '出库', '销售', [line('PHONE', 1, 150, w.depotB, { snList: 'SN2' })], { organId: w.customer });
    // SN2 was sold from B: undoing the transfer that brought it there is refused (the stock would
    // allow it, B has another phone), nothing changes
    await saved(t.api, '入库', '其它', [line('PHONE', 1, 100, w.depotB, { snList: 'SN4' })], { organId: w.supplier });
    const refused = await t.api.delete(`/depotHead/delete?id=${moved.body.data.id}`);
    expect(refused.body.data.message).toMatch('序列号不在该仓库库存中或已售出: SN2');
    expect(await inStock(w.depotB)).toEqual(['SN1', 'SN4']);
    await assertLedgerInvariants(db, t.tenantId);
  });

  it('puts the numbers back where they came from when an unsold transfer is deleted', async () => {
    const moved = await transfer('SN3', w.depotA, w.depotB);
    expect(await inStock(w.depotB)).toEqual(['SN1', 'SN3', 'SN4']);
    expect((await t.api.delete(`/depotHead/delete?id=${moved.body.data.id}`)).body.code).toBe(200);
    expect(await inStock(w.depotA)).toEqual(['SN3']);
    expect(await inStock(w.depotB)).toEqual(['SN1', 'SN4']);
    await assertLedgerInvariants(db, t.tenantId);
  });
});
