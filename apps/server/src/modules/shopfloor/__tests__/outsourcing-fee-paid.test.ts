import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, material } from '../../manufacturing/__tests__/mfg-fixtures.ts';
import { finSaved, setStatus } from '../../finance/__tests__/fin-fixtures.ts';

/** A 委外入库 whose fee (10 × 8 = 80) a payment settled cannot be un-audited or deleted until the payment goes. */
describe('outsourcing receipt with a paid fee', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'sfp');
  const api = t.api;
  const own = await add(api, 'depot', { name: '原料仓' });
  const held = await add(api, 'depot', { name: '委外仓' });
  const fg = await add(api, 'depot', { name: '成品仓' });
  const supplier = await add(api, 'supplier', { name: '喷涂厂', type: '供应商' });
  const account = (await api.post('/account/add', { name: '基本户' })).body.data.id as number;
  const part = await material(api, '喷涂件');
  const blank = await material(api, '毛坯', { price: '20', stock: { depotId: own, qty: 10 } });
  await add(api, 'outsourcePrice', { supplierId: supplier, materialId: part, price: '8' });
  const liveEntries = () =>
    db.system(async (tx) =>
      Number((await tx.one<{ n: string }>('select count(*) n from depot_head where tenant_id = $1 and status = $2', [t.tenantId, '1']))!.n),
    );

  it('names the payment, refuses, and allows it again once the payment is deleted', async () => {
    const out = await api.post('/shopfloor/outsource/send', {
      supplierId: supplier,
      fromDepotId: own,
      supplierDepotId: held,
      lines: [{ materialId: blank, qty: '10' }],
    });
    expect(out.body.code, out.text).toBe(200);
    const back = await api.post('/shopfloor/outsource/receive', {
      supplierId: supplier,
      supplierDepotId: held,
      toDepotId: fg,
      productId: part,
      qty: '10',
      components: [{ materialId: blank, qty: '10' }],
    });
    expect(back.body.code, back.text).toBe(200);
    const receipt = back.body.data as { id: number; number: string };
    const pay = await finSaved(api, '付款', [{ billId: receipt.id, eachAmount: 80 }], { organId: supplier, accountId: account });
    const audited = await liveEntries();
    const refusal = `委外入库 ${receipt.number} 的委外加工费已由付款单 ${pay.number} 支付，不能反审核，请先反审核或删除付款单`;
    expect((await setStatus(api, 'depotHead', receipt.id, '0')).data.message).toBe(refusal);
    expect(await liveEntries()).toBe(audited);
    // the payment deleted: the receipt may go back, then be deleted
    expect((await api.delete(`/accountHead/delete?id=${pay.id}`)).body.code).toBe(200);
    expect((await setStatus(api, 'depotHead', receipt.id, '0')).code).toBe(200);
    expect((await api.delete(`/depotHead/delete?id=${receipt.id}`)).body.code).toBe(200);
  });
});
