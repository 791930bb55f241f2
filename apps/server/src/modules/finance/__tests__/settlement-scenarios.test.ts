import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { detail, line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { arrearsOf, assertJournalInvariants, bankBalance, journalCounts, roleBalance } from './journal-fixtures.ts';
import { finSave, finSaved } from './fin-fixtures.ts';

describe('sell on credit → partial receipt → full receipt', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finsell');
  const w = await world(t.api);
  await w.material('台灯', 'LAMP', {}, {});
  await saved(t.api, '入库', '采购', [line('LAMP', 10, 4, w.depotA)], { organId: w.supplier });

  it('posts the sale as receivable, revenue, output tax and cost; receipts settle it and never beyond its arrears', async () => {
    const sale = await saved(t.api, '出库', '销售', [line('LAMP', 5, 10, w.depotA, { taxRate: 13 })], { organId: w.customer });
    expect((await detail(t.api, sale.number)).debt).toBe(56.5);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(56.5);
    expect(await roleBalance(db, t.tenantId, 'receivable', w.customer)).toBe(56.5);
    expect(await roleBalance(db, t.tenantId, 'revenue')).toBe(-50);
    expect(await roleBalance(db, t.tenantId, 'taxOutPending')).toBe(-6.5);
    // cost of goods sold at the stock ledger's cost: 5 × 4
    expect(await roleBalance(db, t.tenantId, 'cogs')).toBe(20);
    expect(await roleBalance(db, t.tenantId, 'inventory')).toBe(20);
    expect(await roleBalance(db, t.tenantId, 'payable', w.supplier)).toBe(-40);
    await assertJournalInvariants(db, t.tenantId);

    const part = await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 20 }], { organId: w.customer, accountId: w.account });
    expect(part.number).toMatch(/^SK\d{8}\d{4}$/);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(36.5);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(20);

    const before = await journalCounts(db, t.tenantId);
    const over = await finSave(t.api, '收款', [{ billId: sale.id, eachAmount: 36.500001 }], { organId: w.customer, accountId: w.account });
    expect(over).toMatchObject({ code: 500, data: { message: `第1行：单据 ${sale.number} 本次收款 36.500001 超过欠款 36.5` } });
    // two lines on one document count together
    const twice = await finSave(
      t.api,
      '收款',
      [
        { billId: sale.id, eachAmount: 30 },
        { billId: sale.id, eachAmount: 7 },
      ],
      { organId: w.customer, accountId: w.account },
    );
    expect(twice.data.message).toContain('本次收款 37 超过欠款 36.5');
    expect(await journalCounts(db, t.tenantId)).toEqual(before);

    const rest = await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: '36.5' }], { organId: w.customer, accountId: w.account });
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(0);
    expect(await roleBalance(db, t.tenantId, 'receivable', w.customer)).toBe(0);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(56.5);
    const info = (await t.api.get(`/accountHead/getDetailByNumber?billNo=${rest.number}`)).body.data;
    expect(info).toMatchObject({ type: '收款', organName: '客户一', accountName: '现金', totalPrice: 36.5, changeAmount: 36.5, status: '0' });
    expect(info.rows[0]).toMatchObject({ billNumber: sale.number, needDebt: 56.5, billDebt: 0, eachAmount: 36.5 });
    const list = (await t.api.get('/accountHead/list?type=收款')).body.data;
    expect(list.total).toBe(2);
    expect(list.sums.totalPrice).toBe(56.5);
    // nothing left to settle
    expect((await t.api.get(`/accountHead/getDebtBills?organId=${w.customer}&type=收款`)).body.data).toEqual([]);
    await assertJournalInvariants(db, t.tenantId);
  });
});

describe('purchase with a deposit → payment', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finbuy');
  const w = await world(t.api);
  await w.material('椅子', 'CHAIR', {}, {});

  it('takes the order’s deposit into the advance paid, deducts it on receipt, and pays the rest', async () => {
    const order = await saved(t.api, '其它', '采购订单', [line('CHAIR', 10, 5, w.depotA)], {
      organId: w.supplier,
      changeAmount: 15,
      accountId: w.account,
      status: '1',
    });
    expect(await roleBalance(db, t.tenantId, 'advancePaid', w.supplier)).toBe(15);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(-15);
    const orderLine = (await detail(t.api, order.number)).rows[0].id;
    const tooMuch = await t.api.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '入库', subType: '采购', operTime: '2026-11-21 10:00:00', organId: w.supplier, linkNumber: order.number, deposit: 16 },
      rows: [line('CHAIR', 10, 5, w.depotA, { linkId: orderLine })],
    });
    expect(tooMuch.body.data.message).toBe('“供应商一”的预付款余额 15 不足以扣除订金 16');
    const inbound = await saved(t.api, '入库', '采购', [line('CHAIR', 10, 5, w.depotA, { linkId: orderLine })], {
      organId: w.supplier,
      linkNumber: order.number,
      deposit: 15,
    });
    expect((await detail(t.api, inbound.number)).debt).toBe(35);
    expect(await arrearsOf(db, t.tenantId, inbound.id)).toBe(35);
    expect(await roleBalance(db, t.tenantId, 'advancePaid', w.supplier)).toBe(0);
    expect(await roleBalance(db, t.tenantId, 'inventory')).toBe(50);
    // a receipt cannot settle what we owe
    const wrongSide = await finSave(t.api, '收款', [{ billId: inbound.id, eachAmount: 1 }], { organId: w.supplier, accountId: w.account });
    expect(wrongSide.data.message).toBe(`第1行：单据 ${inbound.number} 不能用收款单结算`);
    const bills = (await t.api.get(`/accountHead/getDebtBills?organId=${w.supplier}&type=付款`)).body.data;
    expect(bills).toEqual([expect.objectContaining({ billId: inbound.id, billNumber: inbound.number, billDebt: 35 })]);
    await finSaved(t.api, '付款', [{ billId: inbound.id, eachAmount: 35 }], { organId: w.supplier, accountId: w.account });
    expect(await arrearsOf(db, t.tenantId, inbound.id)).toBe(0);
    expect(await roleBalance(db, t.tenantId, 'payable', w.supplier)).toBe(0);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(-50);
    await assertJournalInvariants(db, t.tenantId);
  });
});

describe('advance receipt used by a later sale; transfer; other income and expense', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finadv');
  const w = await world(t.api);
  const bank = (await t.api.post('/account/add', { name: '工商银行' })).body.data.id;
  await w.material('水壶', 'KETTLE', {}, {});
  await saved(t.api, '入库', '采购', [line('KETTLE', 10, 3, w.depotA)], { organId: w.supplier });

  it('keeps an advance for the customer and deducts it from a later sale; the spent advance cannot be taken back', async () => {
    const adv = await finSaved(t.api, '收预付款', [{ accountId: bank, eachAmount: 100 }], { organId: w.customer });
    expect(adv.number).toMatch(/^SYF/);
    expect(await roleBalance(db, t.tenantId, 'advanceReceived', w.customer)).toBe(-100);
    expect(await bankBalance(db, t.tenantId, bank)).toBe(100);
    const sale = await saved(t.api, '出库', '销售', [line('KETTLE', 6, 10, w.depotA)], { organId: w.customer, deposit: 60 });
    expect((await detail(t.api, sale.number)).debt).toBe(0);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(0);
    expect(await roleBalance(db, t.tenantId, 'advanceReceived', w.customer)).toBe(-40);
    const del = await t.api.delete(`/accountHead/delete?id=${adv.id}`);
    expect(del.body.data.message).toBe(`单据 ${adv.number} 的预付款已被使用（余额 40），不能撤销`);
    await assertJournalInvariants(db, t.tenantId);
  });

  it('moves money between accounts with a transfer slip', async () => {
    const same = await finSave(t.api, '转账', [{ accountId: bank, eachAmount: 30 }], { accountId: bank });
    expect(same.data.message).toBe('第1行：转入账户不能与转出账户相同');
    await finSaved(t.api, '转账', [{ accountId: w.account, eachAmount: 30 }], { accountId: bank });
    expect(await bankBalance(db, t.tenantId, bank)).toBe(70);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(30);
    // the settlement account's balance is its initial amount plus the journal, whatever changes first
    const current = async () => (await t.api.get('/account/list')).body.data.rows.find((r: { id: number }) => r.id === bank).currentAmount;
    expect(await current()).toBe(70);
    expect((await t.api.put('/account/update', { id: bank, name: '工商银行', initialAmount: 1000 })).body.code).toBe(200);
    expect(await current()).toBe(1070);
    expect((await t.api.get('/account/getAccount')).body.data.find((r: { id: number }) => r.id === bank).currentAmount).toBe(1070);
    await assertJournalInvariants(db, t.tenantId);
  });

  it('books other income and expense by in/out item', async () => {
    const rent = (await t.api.post('/inOutItem/add', { name: '房租', type: '支出' })).body.data.id;
    const scrap = (await t.api.post('/inOutItem/add', { name: '废品收入', type: '收入' })).body.data.id;
    const wrongKind = await finSave(t.api, '收入', [{ inOutItemId: rent, eachAmount: 5 }], { accountId: bank });
    expect(wrongKind.data.message).toBe('收支项目不存在、已禁用或不是收入项目');
    await finSaved(t.api, '收入', [{ inOutItemId: scrap, eachAmount: 12.5 }], { accountId: bank });
    await finSaved(t.api, '支出', [{ inOutItemId: rent, eachAmount: 20 }], { accountId: bank });
    expect(await bankBalance(db, t.tenantId, bank)).toBe(62.5);
    expect(await roleBalance(db, t.tenantId, 'itemIncome')).toBe(-12.5);
    expect(await roleBalance(db, t.tenantId, 'itemExpense')).toBe(20);
    await assertJournalInvariants(db, t.tenantId);
  });
});
