import { Decimal } from 'decimal.js';
import { toDecimal } from '../../../platform/format.ts';
import type { Line } from './document-line.ts';

/** Money and quantities of the form in decimal.js, rounded as the server does (6 places stored); shown with platform/format.ts. */
export const ZERO = new Decimal(0);
const r6 = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

export interface LineMoney {
  qty: Decimal;
  amount: Decimal;
  tax: Decimal;
  total: Decimal;
}
// lines are immutable: a changed line is a new object, so its money is worked out once
const cache = new WeakMap<Line, LineMoney>();
export function lineMoney(l: Line): LineMoney {
  let m = cache.get(l);
  if (!m) {
    const qty = toDecimal(l.operNumber);
    const amount = r6(qty.times(toDecimal(l.unitPrice)));
    const tax = r6(amount.times(toDecimal(l.taxRate)).div(100));
    m = { qty, amount, tax, total: amount.plus(tax) };
    cache.set(l, m);
  }
  return m;
}

/** Quantity and amount-with-tax of all lines (one pass per change; unchanged lines come from the cache). */
export function sumLines(lines: Line[]): { qty: Decimal; total: Decimal } {
  let qty = ZERO;
  let total = ZERO;
  for (const l of lines) {
    const m = lineMoney(l);
    qty = qty.plus(m.qty);
    total = total.plus(m.total);
  }
  return { qty, total };
}

export interface PaymentInput {
  discount?: string;
  discountMoney?: string;
  /** which of the two the user typed: the other follows */
  discountBy: 'rate' | 'money';
  otherMoney?: string;
  deposit?: string;
  changeAmount?: string;
}
export interface Payment {
  discountMoney: Decimal;
  afterDiscount: Decimal;
  due: Decimal;
  paid: Decimal;
  debt: Decimal;
  change: Decimal;
}

/** Header money as the server works it out (document-lines.ts totals): what is due, paid, owed, and change. */
export function payment(total: Decimal, p: PaymentInput, kind: { retail: boolean; order: boolean }): Payment {
  const discountMoney = p.discountBy === 'rate' ? r6(total.times(toDecimal(p.discount)).div(100)) : toDecimal(p.discountMoney);
  const afterDiscount = total.minus(discountMoney);
  const due = afterDiscount.plus(toDecimal(p.otherMoney)).minus(toDecimal(p.deposit));
  const paid = kind.retail && !p.changeAmount ? due : toDecimal(p.changeAmount);
  const debt = kind.order ? ZERO : Decimal.max(due.minus(paid), ZERO);
  const change = kind.retail && paid.gt(due) ? paid.minus(due) : ZERO;
  return { discountMoney, afterDiscount, due, paid, debt, change };
}
