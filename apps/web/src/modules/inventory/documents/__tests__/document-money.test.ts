import { describe, expect, it } from 'vitest';
import { DOC_TYPE_BY_KEY } from '@erp/entities/document-types';
import type { TFunction } from 'i18next';
import { lineMoney, payment, sumLines } from '../document-money.ts';
import { newLineKey, type Line } from '../document-line.ts';
import { saveProblem } from '../document-save.ts';

const line = (operNumber: string, unitPrice: string, taxRate = ''): Line => ({
  key: newLineKey(),
  materialExtendId: 1,
  barCode: 'B',
  name: 'N',
  standard: '',
  unit: '个',
  depotId: 1,
  operNumber,
  unitPrice,
  taxRate,
  batchNumber: '',
  expirationDate: '',
  snList: '',
  remark: '',
  batch: false,
  serial: false,
});
const t = ((key: string) => key) as unknown as TFunction;

describe('document money', () => {
  it('works out a line and the document total exactly, tax included', () => {
    const m = lineMoney(line('3', '0.1', '13'));
    expect(m.amount.toFixed()).toBe('0.3');
    expect(m.tax.toFixed()).toBe('0.039');
    const s = sumLines([line('0.1', '3'), line('0.2', '3'), line('2', '1.005')]);
    expect(s.qty.toFixed()).toBe('2.3');
    expect(s.total.toFixed()).toBe('2.91');
  });

  it('applies a discount rate or amount, other money, deposit; debt and change as the server does', () => {
    const total = sumLines([line('10', '10')]).total;
    const byRate = payment(total, { discountBy: 'rate', discount: '10', changeAmount: '50' }, { retail: false, order: false });
    expect([byRate.discountMoney, byRate.due, byRate.debt].map((d) => d.toFixed())).toEqual(['10', '90', '40']);
    const retail = payment(total, { discountBy: 'money', discountMoney: '5', otherMoney: '1', changeAmount: '100' }, { retail: true, order: false });
    expect([retail.due, retail.change, retail.debt].map((d) => d.toFixed())).toEqual(['96', '4', '0']);
    const order = payment(total, { discountBy: 'rate', deposit: '20' }, { retail: false, order: true });
    expect([order.due.toFixed(), order.debt.toFixed()]).toEqual(['80', '0']);
  });

  it('refuses a save the server would refuse: no lines, a payment without account', () => {
    const sale = DOC_TYPE_BY_KEY.saleOut;
    expect(saveProblem(sale, {}, [], undefined, t)).toBe('noLines');
    expect(saveProblem(sale, { changeAmount: '5' }, [line('1', '5')], undefined, t)).toBe('needAccount');
    expect(saveProblem(sale, { changeAmount: '5', accountId: 1 }, [line('1', '5')], undefined, t)).toBeUndefined();
    expect(saveProblem(DOC_TYPE_BY_KEY.retailOut, { payType: '预付款' }, [line('1', '5')], undefined, t)).toBe('needMember');
  });
});
