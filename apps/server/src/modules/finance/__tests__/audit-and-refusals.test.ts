import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, save, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { arrearsOf, assertJournalInvariants, bankBalance, journalCounts, roleBalance } from './journal-fixtures.ts';
import { finSave, finSaved, setStatus } from './fin-fixtures.ts';

describe('audit switches: a settled document is held until its receipt is un-audited', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finaudit');
  const w = await world(t.api);
  await w.material('雨伞', 'UMBR', {}, {});
  await t.api.put('/systemConfig/update', { stockApprovalFlag: true, amountApprovalFlag: true });
  await saved(t.api, '入库', '采购', [line('UMBR', 10, 6, w.depotA)], { organId: w.supplier, status: '1' });

  it('posts on audit, refuses to un-audit or delete a sale while a receipt settles it, and reverses both in order', async () => {
    const sale = await saved(t.api, '出库', '销售', [line('UMBR', 4, 15, w.depotA)], { organId: w.customer });
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(0);
    expect((await setStatus(t.api, 'depotHead', sale.id, '1')).code).toBe(200);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(60);

    const receipt = await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 25 }], { organId: w.customer, accountId: w.account });
    // saved, not audited: nothing moves yet
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(60);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(0);
    expect((await setStatus(t.api, 'accountHead', receipt.id, '1')).code).toBe(200);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(35);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(25);

    const held = `单据 ${sale.number} 已有收付款单 ${receipt.number}，请先反审核或删除收付款单`;
    expect((await setStatus(t.api, 'depotHead', sale.id, '0')).data.message).toBe(held);
    expect((await t.api.delete(`/accountHead/delete?id=${receipt.id}`)).body.data.message).toBe(`单据 ${receipt.number} 已审核，不能删除`);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(35);

    expect((await setStatus(t.api, 'accountHead', receipt.id, '0')).code).toBe(200);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(60);
    expect(await bankBalance(db, t.tenantId, w.account)).toBe(0);
    expect((await setStatus(t.api, 'depotHead', sale.id, '0')).code).toBe(200);
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(0);
    expect(await roleBalance(db, t.tenantId, 'revenue')).toBe(0);
    expect(await roleBalance(db, t.tenantId, 'receivable')).toBe(0);
    // the unaudited receipt still names the sale, which no longer owes anything: auditing it is refused
    expect((await setStatus(t.api, 'accountHead', receipt.id, '1')).data.message).toBe(`第1行：单据 ${sale.number} 本次收款 25 超过欠款 0`);
    expect((await t.api.delete(`/accountHead/delete?id=${receipt.id}`)).body.code).toBe(200);
    await assertJournalInvariants(db, t.tenantId);
  });
});

describe('closed account periods and bad input', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'finrefuse');
  const other = await newTenant(app, 'finother');
  const w = await world(t.api);
  const ow = await world(other.api);
  await w.material('毛巾', 'TOWEL', {}, {});
  await ow.material('毛巾', 'TOWEL', {}, {});
  await saved(t.api, '入库', '采购', [line('TOWEL', 20, 2, w.depotA)], { organId: w.supplier, operTime: '2026-09-10 10:00:00' });
  const sale = await saved(t.api, '出库', '销售', [line('TOWEL', 5, 8, w.depotA)], { organId: w.customer, operTime: '2026-09-20 10:00:00' });
  await saved(other.api, '入库', '采购', [line('TOWEL', 5, 2, ow.depotA)], { organId: ow.supplier });
  const foreignSale = await saved(other.api, '出库', '销售', [line('TOWEL', 5, 8, ow.depotA)], { organId: ow.customer });
  await t.api.post('/accountPeriod/add', { period: '2026-10', closed: true });

  it('refuses any document dated in a closed period, and the sale there cannot be changed', async () => {
    const before = await journalCounts(db, t.tenantId);
    const inClosed = await save(t.api, '出库', '销售', [line('TOWEL', 1, 8, w.depotA)], { organId: w.customer, operTime: '2026-10-05 10:00:00' });
    expect(inClosed.body.data.message).toBe('单据日期所在的账期 2026-10 已结账，不能保存单据');
    const receipt = await finSave(t.api, '收款', [{ billId: sale.id, eachAmount: 10 }], {
      organId: w.customer,
      accountId: w.account,
      billTime: '2026-10-31 23:00:00',
    });
    expect(receipt.data.message).toBe('单据日期所在的账期 2026-10 已结账，不能保存单据');
    expect(await journalCounts(db, t.tenantId)).toEqual(before);
    // a receipt in an open period settles the September sale
    await finSaved(t.api, '收款', [{ billId: sale.id, eachAmount: 10 }], { organId: w.customer, accountId: w.account, billTime: '2026-11-02 09:00:00' });
    expect(await arrearsOf(db, t.tenantId, sale.id)).toBe(30);
  });

  it('answers bad input with a clear message in the envelope and writes nothing', async () => {
    const before = await journalCounts(db, t.tenantId);
    const base = { organId: w.customer, accountId: w.account };
    const cases: [object[], object, number, string][] = [
      [[{ billId: sale.id, eachAmount: 'abc' }], base, 400, '金额只能是整数或最多6位小数'],
      [[{ billId: sale.id, eachAmount: '1.1234567' }], base, 400, '金额只能是整数或最多6位小数'],
      [[{ billId: sale.id, eachAmount: -5 }], base, 400, '金额不能为负数'],
      [[{ billId: sale.id, eachAmount: 0 }], base, 400, '金额必须大于0'],
      [[{ billId: String(sale.id), eachAmount: 1 }], base, 400, 'billId'],
      [[{ billId: sale.id, eachAmount: 1 }], { ...base, discountMoney: 2 }, 500, '优惠金额 2 不能大于合计金额 1'],
      [[{ billId: sale.id, eachAmount: 31 }], base, 500, `第1行：单据 ${sale.number} 本次收款 31 超过欠款 30`],
      [[{ billId: foreignSale.id, eachAmount: 1 }], base, 500, '第1行：结算的单据不存在或已删除'],
      [[{ billId: 99999999, eachAmount: 1 }], base, 500, '第1行：结算的单据不存在或已删除'],
      [[{ billId: sale.id, eachAmount: 1 }], { ...base, accountId: ow.account }, 500, '结算账户不存在或已禁用'],
      [[{ billId: sale.id, eachAmount: 1 }], { ...base, organId: ow.customer }, 500, '往来单位不存在或已禁用'],
      [[{ billId: sale.id, eachAmount: 1 }], { ...base, organId: w.supplier }, 500, `第1行：单据 ${sale.number} 不是所选往来单位的单据`],
      [[{ eachAmount: 1 }], base, 500, '第1行：请选择要结算的单据'],
      [[{ billId: sale.id, eachAmount: 1 }], { accountId: w.account }, 500, '请选择往来单位'],
      [[{ billId: sale.id, eachAmount: 1, tenantId: 1 }], base, 400, 'tenantId'],
      [[], base, 400, '请至少录入一行明细'],
    ];
    for (const [rows, info, code, message] of cases) {
      const r = await finSave(t.api, '收款', rows, info);
      expect(r.code, JSON.stringify([rows, r])).toBe(code);
      expect(r.data.message).toContain(message);
    }
    const wrongType = await t.api.post('/accountHead/addAccountHeadAndDetail', { info: { type: '收钱', billTime: '2026-11-21' }, rows: [{ eachAmount: 1 }] });
    expect(wrongType.status).toBe(400);
    // another company's receipt is not found, whatever the call
    const foreign = await finSaved(other.api, '收款', [{ billId: foreignSale.id, eachAmount: 1 }], { organId: ow.customer, accountId: ow.account });
    expect((await t.api.get(`/accountHead/info?id=${foreign.id}`)).body.code).toBe(404);
    // numbers are per company: the same number may be this company's own receipt, never the other's
    expect((await t.api.get(`/accountHead/getDetailByNumber?billNo=${foreign.number}`)).body.data?.id).not.toBe(foreign.id);
    expect((await t.api.delete(`/accountHead/delete?id=${foreign.id}`)).body.code).toBe(404);
    expect((await setStatus(t.api, 'accountHead', foreign.id, '1')).code).toBe(404);
    expect(await journalCounts(db, t.tenantId)).toEqual(before);
    await assertJournalInvariants(db, t.tenantId);
  });
});
