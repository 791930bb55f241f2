import { Decimal } from 'decimal.js';
import type { Chart } from '../journal/chart.ts';
import { cr, dr, type Posting } from '../journal/journal.ts';

/** What an inventory document says about money, read when it posts (docs/finance.md "Inventory documents"). */
export interface DocMoney {
  key: string;
  partner: number | null;
  /** what the partner owes or is owed on the document: discount_last_money + other_money */
  due: Decimal;
  /** goods net of the document's discount, tax, other fees */
  goods: Decimal;
  tax: Decimal;
  other: Decimal;
  /** the stock ledger's value change of the document (negative when goods leave) */
  inventory: Decimal;
  /** money paid or received on the spot, per cash/bank ledger account */
  paid: { account: number; amount: Decimal }[];
  /** taken from the partner's advance: the deposit deducted, or a member's advance spent */
  advance: Decimal;
}

/**
 * How each trade document meets its partner: the sub-ledger (receivable or payable), the advance
 * account it draws on, and `dir` +1 when the partner ends up owing us (a debit), −1 when we owe.
 */
const TRADE: Record<string, { side: 'receivable' | 'payable'; advance: 'advanceReceived' | 'advancePaid'; dir: 1 | -1; sale: boolean }> = {
  saleOut: { side: 'receivable', advance: 'advanceReceived', dir: 1, sale: true },
  retailOut: { side: 'receivable', advance: 'advanceReceived', dir: 1, sale: true },
  saleBack: { side: 'receivable', advance: 'advanceReceived', dir: -1, sale: true },
  retailBack: { side: 'receivable', advance: 'advanceReceived', dir: -1, sale: true },
  purchaseIn: { side: 'payable', advance: 'advancePaid', dir: -1, sale: false },
  purchaseBack: { side: 'payable', advance: 'advancePaid', dir: 1, sale: false },
};

/** Orders post only the deposit paid or received on them (their change amount), into the partner's advance. */
const ORDER_ADVANCE: Record<string, { advance: 'advanceReceived' | 'advancePaid'; dir: 1 | -1 }> = {
  saleOrder: { advance: 'advanceReceived', dir: 1 },
  purchaseOrder: { advance: 'advancePaid', dir: -1 },
};

export const tradeOf = (key: string) => TRADE[key];

/** The open item a trade document raises: its account and sign. */
export function openItemOf(key: string, chart: Chart) {
  const t = TRADE[key];
  return t && { account: chart[t.side], sign: t.dir };
}

export const isOrderWithAdvance = (key: string) => key in ORDER_ADVANCE;

/** The advance account a document draws its deposit from, with the sign of its balance when it holds money. */
export function advanceOf(key: string): { role: 'advanceReceived' | 'advancePaid'; sign: 1 | -1 } | undefined {
  const t = TRADE[key];
  if (!t) return undefined;
  return t.advance === 'advanceReceived' ? { role: t.advance, sign: -1 } : { role: t.advance, sign: 1 };
}

/** The journal lines of an inventory document (docs/finance.md lists them per type). `openItem` is its arrears' item. */
export function inventoryPostings(m: DocMoney, chart: Chart, openItem: number | null): Posting[] {
  const partner = m.partner;
  const trade = TRADE[m.key];
  if (trade) {
    const { dir } = trade;
    const side = chart[trade.side];
    const oi = { partner, openItem };
    const lines: Posting[] = [dr(side, m.due.times(dir), oi)];
    for (const p of m.paid) lines.push(dr(p.account, p.amount.times(dir)), cr(side, p.amount.times(dir), oi));
    lines.push(dr(chart[trade.advance], m.advance.times(dir), { partner }), cr(side, m.advance.times(dir), oi));
    lines.push(dr(chart.inventory, m.inventory));
    if (trade.sale) {
      lines.push(cr(chart.revenue, m.goods.times(dir)), cr(chart.taxOutPending, m.tax.times(dir)), cr(chart.otherIncome, m.other.times(dir)));
      lines.push(dr(chart.cogs, m.inventory.neg()));
    } else {
      // the tax waits in pending VAT until an invoice (应付发票) moves it to input VAT
      // what the partner is owed beyond the goods' stock value and the tax: fees, discounts
      lines.push(dr(chart.taxInPending, m.tax.times(-dir)), dr(chart.purchaseVariance, m.due.times(-dir).minus(m.inventory).plus(m.tax.times(dir))));
    }
    return lines;
  }
  const order = ORDER_ADVANCE[m.key];
  if (order) {
    return m.paid.flatMap((p) => [dr(p.account, p.amount.times(order.dir)), cr(chart[order.advance], p.amount.times(order.dir), { partner })]);
  }
  // transfers, assembly, counts, other in/out: only a change of stock value, against the adjustment account
  return [dr(chart.inventory, m.inventory), cr(chart.stockAdjust, m.inventory)];
}

/** Refusals of an inventory document's money, before anything is written. */
export function moneyRefusal(m: DocMoney): string | undefined {
  if (m.paid.some((p) => p.amount.isNeg()) || m.advance.isNeg()) return '本次收付款和扣除订金不能为负数';
  if (!TRADE[m.key]) return undefined;
  const settled = m.paid.reduce((s, p) => s.plus(p.amount), m.advance);
  if (settled.gt(m.due)) return `本次收付款与扣除订金合计 ${settled.toFixed()} 超过单据金额 ${m.due.toFixed()}`;
  return undefined;
}
