import { z } from 'zod';
import { BID_STATUSES } from '@erp/entities';

/** The request fields bidding routes share (strict: unknown keys are refused). */
export const id = z.coerce.number().int().positive();
export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), '日期无效');
const AMOUNT_RE = /^\d{1,18}(\.\d{1,6})?$/;
/** A non-negative amount with up to 6 decimals, as a string (decimal.js and numeric(24,6), never a float). */
export const amount = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => AMOUNT_RE.test(v), `${label}只能是非负数，最多6位小数`);
export const positive = (label: string) => amount(label).refine((v) => Number(v) > 0, `${label}必须大于0`);
export const text = (max: number) => z.string().trim().max(max).nullable().optional();
export const page = { currentPage: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(500).default(20) };
export const status = z.enum(BID_STATUSES);

export const item = z.strictObject({
  lot: z.string().trim().min(1, '标段不能为空').max(50),
  name: z.string().trim().min(1, '招标内容不能为空').max(100),
  qty: positive('数量'),
  unit: text(20),
  budget: amount('预算').nullable().optional(),
});

export const projectFields = {
  name: z.string().trim().min(1, '项目名称不能为空').max(100),
  code: text(50),
  tendererId: id,
  agency: text(100),
  budget: amount('预算').nullable().optional(),
  ourPrice: amount('投标报价').nullable().optional(),
  registrationDeadline: day.nullable().optional(),
  openingDate: day.nullable().optional(),
  validUntil: day.nullable().optional(),
  remark: text(500),
  items: z.array(item).max(500).optional(),
};

export const bidder = z.strictObject({
  name: z.string().trim().min(1, '投标单位不能为空').max(100),
  isSelf: z.boolean().optional(),
  analysis: text(1000),
  expectedPrice: amount('预计报价').nullable().optional(),
  openingPrice: amount('开标价').nullable().optional(),
  score: amount('得分').nullable().optional(),
});
