import { z } from 'zod';
import { DOC_STATUS, FIN_DOC_TYPES } from '@erp/entities';

/** Money in finance documents: JSON numbers or numeric strings, up to 6 decimals (numeric(24,6)), kept exact. */
export const money = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => /^-?\d{1,18}(\.\d{1,6})?$/.test(v), `${label}只能是整数或最多6位小数`)
    .refine((v) => !v.startsWith('-'), `${label}不能为负数`);
const positive = (label: string) => money(label).refine((v) => Number(v) > 0, `${label}必须大于0`);
const id = z.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

export const finLineSchema = z.strictObject({
  /** 转账单, 收预付款, 付预付款: the settlement account the money goes to or comes from */
  accountId: id.optional(),
  /** 收入单, 支出单: the in/out item */
  inOutItemId: id.optional(),
  /** 收款单, 付款单: the purchase or sales document settled */
  billId: id.optional(),
  eachAmount: positive('金额'),
  remark: text(500).optional(),
});
export type FinLineInput = z.infer<typeof finLineSchema>;

export const finHeadSchema = z.strictObject({
  id: id.optional(),
  type: z.enum(FIN_DOC_TYPES.map((t) => t.type) as [string, ...string[]]),
  billTime: z.string().regex(DATETIME, '单据日期格式应为 YYYY-MM-DD HH:mm:ss'),
  organId: id.optional(),
  handsPersonId: id.optional(),
  /** the head's settlement account: where a receipt goes, a payment or transfer comes from */
  accountId: id.optional(),
  /** 收款单, 付款单: a discount given or taken on settling (优惠金额) */
  discountMoney: money('优惠金额').optional(),
  /** what the client worked out; checked against the lines when sent */
  changeAmount: money('实收金额').optional(),
  totalPrice: money('合计金额').optional(),
  remark: text(1000).optional(),
  fileName: text(2000).optional(),
  /** '1' saves and approves at once (button 2 needed) */
  status: z.enum([DOC_STATUS.unaudited, DOC_STATUS.audited]).default(DOC_STATUS.unaudited),
});
export type FinHeadInput = z.infer<typeof finHeadSchema>;

export const MAX_FIN_LINES = 500;
export const finSaveSchema = z.strictObject({
  info: finHeadSchema,
  rows: z.array(finLineSchema).min(1, '请至少录入一行明细').max(MAX_FIN_LINES, `单据明细最多${MAX_FIN_LINES}行`),
});
export type FinSaveInput = z.infer<typeof finSaveSchema>;
