/**
 * The finance documents (ARCHITECTURE §5; jshERP's accountHead/accountItem): one header/lines model
 * told apart by `type`. `lines` says what each line names: the document it settles, the account
 * money goes to, or the in/out item. Plain data (no zod) so the web's shell chunk may import it.
 */
export interface FinDocType {
  key: string;
  /** jshERP's accountHead.type */
  type: '收款' | '付款' | '转账' | '收预付款' | '付预付款' | '收入' | '支出';
  prefix: string;
  label: { zh: string; en: string };
  menu: string;
  lines: 'bill' | 'account' | 'item';
  /** which partners the document names, and whether one is required */
  partner?: { type: '客户' | '供应商' | '会员' | 'any'; required: boolean };
}

const f = (
  key: string,
  type: FinDocType['type'],
  prefix: string,
  zh: string,
  en: string,
  menu: string,
  lines: FinDocType['lines'],
  partner?: FinDocType['partner'],
): FinDocType => ({ key, type, prefix, label: { zh, en }, menu, lines, ...(partner && { partner }) });

export const FIN_DOC_TYPES: FinDocType[] = [
  f('moneyIn', '收款', 'SK', '收款单', 'Receipt', '/financial/money_in', 'bill', { type: 'any', required: true }),
  f('moneyOut', '付款', 'FK', '付款单', 'Payment', '/financial/money_out', 'bill', { type: 'any', required: true }),
  f('giro', '转账', 'ZZ', '转账单', 'Transfer slip', '/financial/giro', 'account'),
  f('advanceIn', '收预付款', 'SYF', '收预付款', 'Advance receipt', '/financial/advance_in', 'account', { type: 'any', required: true }),
  f('advanceOut', '付预付款', 'FYF', '付预付款', 'Advance payment', '/financial/advance_out', 'account', { type: 'any', required: true }),
  f('itemIn', '收入', 'SR', '收入单', 'Other income', '/financial/item_in', 'item', { type: 'any', required: false }),
  f('itemOut', '支出', 'ZC', '支出单', 'Other expense', '/financial/item_out', 'item', { type: 'any', required: false }),
];

export const FIN_DOC_TYPE_BY_KEY: Record<string, FinDocType> = Object.fromEntries(FIN_DOC_TYPES.map((t) => [t.key, t]));
export const finDocTypeOf = (type: string) => FIN_DOC_TYPES.find((t) => t.type === type);
