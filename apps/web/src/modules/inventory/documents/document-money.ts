import { Decimal } from 'decimal.js';
import type { Line } from './document-line.ts';

/** Money and quantities of the form in decimal.js, rounded as the server does (6 places stored). */
export const ZERO = new Decimal(0);
export const dec = (v: string | number | null | undefined): Decimal => {
  if (v === '' || v === null || v === undefined) return ZERO;
  try {
    return new Decimal(v);
  } catch {
    return ZERO;
  }
};
const r6 = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
/** Display: 2 decimals, 3 when the third is significant (SPEC §5 allows 3). */
export const fmt = (d: Decimal) => {
  const three = d.toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
  return three.decimalPlaces() > 2 ? three.toFixed(3) : three.toFixed(2);
};
/** A decimal as the API and the inputs want it: at most 3 places, no trailing zeros. */
export const plain = (d: Decimal) => d.toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed();

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
    const qty = dec(l.operNumber);
    const amount = r6(qty.times(dec(l.unitPrice)));
    const tax = r6(amount.times(dec(l.taxRate)).div(100));
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
  const discountMoney = p.discountBy === 'rate' ? r6(total.times(dec(p.discount)).div(100)) : dec(p.discountMoney);
  const afterDiscount = total.minus(discountMoney);
  const due = afterDiscount.plus(dec(p.otherMoney)).minus(dec(p.deposit));
  const paid = kind.retail && !p.changeAmount ? due : dec(p.changeAmount);
  const debt = kind.order ? ZERO : Decimal.max(due.minus(paid), ZERO);
  const change = kind.retail && paid.gt(due) ? paid.minus(due) : ZERO;
  return { discountMoney, afterDiscount, due, paid, debt, change };
}
