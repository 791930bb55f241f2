import { describe, expect, it } from 'vitest';
import { client, newTenant, testApp } from '../../../test-support/harness.ts';
import { assertLedgerInvariants, detail, line, save, saved, world } from './fixtures.ts';

describe('retail: members, advance payments and change given', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'retail');
  const w = await world(t.api);
  await w.material('面包', 'BREAD', {}, { commodityDecimal: 6 });
  const member = (await t.api.post('/supplier/add', { name: '王会员', type: '会员', membershipCardNumber: 'M001' })).body.data.id;
  await db.system((tx) => tx.query('update partner set advance_in = 20 where tenant_id = $1 and id = $2', [t.tenantId, member]));
  await saved(t.api, '入库', '其它', [line('BREAD', 10, 3, w.depotA)], { organId: w.supplier });
  const advance = async () =>
    Number((await db.system((tx) => tx.one<{ a: string }>('select advance_in as a from partner where tenant_id = $1 and id = $2', [t.tenantId, member])))!.a);

  it('gives change when the customer pays more than due', async () => {
    const bill = await saved(t.api, '出库', '零售', [line('BREAD', 2, 6, w.depotA)], { organId: member, changeAmount: 20, accountId: w.account });
    expect(await detail(t.api, bill.number)).toMatchObject({ totalPrice: 12, changeAmount: 20, backAmount: 8, debt: 0 });
  });

  it('takes the bill from the member’s advance, refuses when it is not enough, and gives it back on delete', async () => {
    const bill = await saved(t.api, '出库', '零售', [line('BREAD', 3, 6, w.depotA)], { organId: member, payType: '预付款' });
    expect(await advance()).toBe(2);
    expect((await detail(t.api, bill.number)).advanceUsed).toBe(18);
    const broke = await save(t.api, '出库', '零售', [line('BREAD', 1, 6, w.depotA)], { organId: member, payType: '预付款' });
    expect(broke.body.data.message).toBe('会员“王会员”预付款余额 2 不足，需支付 6');
    expect((await t.api.delete(`/depotHead/delete?id=${bill.id}`)).body.code).toBe(200);
    expect(await advance()).toBe(20);
    expect((await save(t.api, '入库', '其它', [line('BREAD', 1, 1, w.depotA)], { organId: w.supplier, payType: '预付款' })).status).toBe(400);
    await assertLedgerInvariants(db, t.tenantId);
  });

  it('suggests the last price used with a partner, else the barcode’s price', async () => {
    const ext = (await t.api.get('/material/getMaterialByBarCode?barCode=BREAD')).body.data.meId;
    expect((await t.api.get(`/depotItem/buyOrSalePrice?materialExtendId=${ext}&type=retail`)).body.data).toEqual({ price: 6, source: 'material' });
    await saved(t.api, '入库', '采购', [line('BREAD', 1, 3.5, w.depotA)], { organId: w.supplier });
    expect((await t.api.get(`/depotItem/buyOrSalePrice?materialExtendId=${ext}&organId=${w.supplier}&type=buy`)).body.data).toEqual({
      price: 3.5,
      source: 'last',
    });
  });
});

describe('shipping plans open without sign-in by an unguessable link', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'ship');
  const w = await world(t.api);
  await w.material('货架', 'SHELF', {}, { wholesaleDecimal: 100 });

  it('shows the plan without prices to anyone with the link, and nothing to a guessed one', async () => {
    const plan = await saved(t.api, '其它', '发货计划', [line('SHELF', 3, 100, w.depotA)], {
      organId: w.customer,
      deliveryDate: '2026-12-01',
      transportCompany: '顺丰',
    });
    const shareId = (await detail(t.api, plan.number)).shareId as string;
    expect(shareId).toMatch(new RegExp(`^${t.tenantId}-[0-9a-f-]{36}$`));
    const open = await client(app).get(`/extra/shippingPlan/${shareId}`);
    expect(open.body.data).toMatchObject({
      number: plan.number,
      customerName: '客户一',
      deliveryDate: '2026-12-01',
      transportCompany: '顺丰',
      rows: [{ materialName: '货架', operNumber: 3 }],
    });
    expect(open.body.data).not.toHaveProperty('totalPrice');
    expect(open.body.data.rows[0]).not.toHaveProperty('unitPrice');
    const guessed = `${t.tenantId}-00000000-0000-4000-8000-000000000000`;
    expect((await client(app).get(`/extra/shippingPlan/${guessed}`)).status).toBe(404);
    expect((await client(app).get('/extra/shippingPlan/1-abc')).status).toBe(400);
    // another document type's link is not served even with its token
    const order = await saved(t.api, '其它', '销售订单', [line('SHELF', 1, 100, w.depotA)], { organId: w.customer });
    expect((await detail(t.api, order.number)).shareId).toBeNull();
  });
});

describe('procurement needs', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'needs');
  const w = await world(t.api);
  const lamp = await w.material('台灯', 'LAMP', { stocks: [] });
  await t.api.put('/material/update', { id: lamp, stocks: [{ depotId: w.depotA, initNumber: 0, lowSafeStock: 5 }] });
  await saved(t.api, '入库', '其它', [line('LAMP', 3, 10, w.depotA)], { organId: w.supplier });

  it('adds open sales orders and the safety minimum, less stock and open purchase orders', async () => {
    await saved(t.api, '其它', '销售订单', [line('LAMP', 8, 20, w.depotA)], { organId: w.customer, status: '1' });
    await saved(t.api, '其它', '采购订单', [line('LAMP', 4, 10, w.depotA)], { organId: w.supplier, status: '1' });
    // an unaudited order does not count yet
    await saved(t.api, '其它', '销售订单', [line('LAMP', 100, 20, w.depotA)], { organId: w.customer });
    const needs = (await t.api.get('/depotHead/procurementNeeds')).body.data;
    expect(needs).toEqual([
      expect.objectContaining({ name: '台灯', barCode: 'LAMP', stock: 3, minSafeStock: 5, openSales: 8, openPurchase: 4, needNumber: 6 }),
    ]);
  });
});

describe('home page statistics', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'stats');
  const w = await world(t.api);
  await w.material('雨伞', 'UMB');

  it('adds up today’s purchases, sales and retail, open work and arrears', async () => {
    const today = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    const now = `${today.getFullYear()}-${p(today.getMonth() + 1)}-${p(today.getDate())} 09:00:00`;
    await saved(t.api, '入库', '采购', [line('UMB', 10, 5, w.depotA)], { organId: w.supplier, operTime: now });
    await saved(t.api, '出库', '销售', [line('UMB', 2, 20, w.depotA)], { organId: w.customer, operTime: now, changeAmount: 15, accountId: w.account });
    await saved(t.api, '出库', '零售', [line('UMB', 1, 25, w.depotA)], { operTime: now });
    await saved(t.api, '其它', '销售订单', [line('UMB', 3, 20, w.depotA)], { organId: w.customer, operTime: now });
    const s = (await t.api.get('/depotHead/getBuyAndSaleStatistics')).body.data;
    expect(s).toMatchObject({
      todayBuy: 50,
      todaySale: 40,
      todayRetailSale: 25,
      monthSale: 40,
      yearBuy: 50,
      saleOrderUnaudited: 1,
      receivableArrears: 25,
      payableArrears: 50,
    });
  });
});
