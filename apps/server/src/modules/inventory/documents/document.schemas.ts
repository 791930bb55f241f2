import { z } from 'zod';
import { DOC_STATUS, NUMERIC_RE } from '@erp/entities';

/** Money and quantities: JSON numbers or numeric strings with up to 3 decimals (SPEC §5), kept exact. */
const decimal = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => NUMERIC_RE.test(v), `${label}只能是整数或最多3位小数`);
const nonNegative = (label: string) => decimal(label).refine((v) => Number(v) >= 0, `${label}不能为负数`);
const id = z.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

export const lineSchema = z.strictObject({
  materialExtendId: id.optional(),
  barCode: text(50).optional(),
  // zero only makes sense in a count (an item counted as none)
  operNumber: decimal('数量').refine((v) => Number(v) >= 0, '数量不能为负数'),
  unitPrice: nonNegative('单价').optional(),
  taxRate: nonNegative('税率')
    .refine((v) => Number(v) <= 100, '税率不能超过100')
    .optional(),
  depotId: id.optional(),
  anotherDepotId: id.optional(),
  batchNumber: text(50).optional(),
  /** 库区: an area of the line's warehouse, when the company's reservoir area switch is on (issue 24) */
  reservoirAreaId: id.optional(),
  expirationDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '有效期格式应为 YYYY-MM-DD')
    .optional(),
  snList: text(20000).optional(),
  linkId: id.optional(),
  materialType: z.enum(['组合件', '普通子件']).optional(),
  remark: text(500).optional(),
  /** Price adjustment only: the barcode's new prices (absent: unchanged). */
  prices: z
    .strictObject({
      purchaseDecimal: nonNegative('采购价'),
      commodityDecimal: nonNegative('零售价'),
      wholesaleDecimal: nonNegative('销售价'),
      lowDecimal: nonNegative('最低售价'),
    })
    .partial()
    .optional(),
});
export type LineInput = z.infer<typeof lineSchema>;

export const headerSchema = z.strictObject({
  id: id.optional(),
  type: z.enum(['入库', '出库', '其它']),
  subType: text(20),
  operTime: z.string().regex(DATETIME, '单据日期格式应为 YYYY-MM-DD HH:mm:ss'),
  organId: id.optional(),
  handsPersonId: id.optional(),
  accountId: id.optional(),
  salesMan: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15}){0,19}$/, '业务员须为逗号分隔的编号')
    .optional(),
  discount: nonNegative('优惠率')
    .refine((v) => Number(v) <= 100, '优惠率不能超过100')
    .optional(),
  discountMoney: nonNegative('优惠金额').optional(),
  otherMoney: nonNegative('其他费用').optional(),
  deposit: nonNegative('订金').optional(),
  changeAmount: decimal('本次付款').optional(),
  accounts: z
    .array(z.strictObject({ accountId: id, amount: decimal('账户金额') }))
    .max(10)
    .optional(),
  linkNumber: text(50).optional(),
  remark: text(1000).optional(),
  fileName: text(2000).optional(),
  orderType: text(20).optional(),
  deliveryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  transportCompany: text(100).optional(),
  transportNumber: text(100).optional(),
  /** Retail: pay from the member's advance instead of cash. */
  payType: z.enum(['现付', '预付款']).default('现付'),
  /** '1' saves and approves at once (button 2 needed). */
  status: z.enum([DOC_STATUS.unaudited, DOC_STATUS.audited]).default(DOC_STATUS.unaudited),
});
export type HeaderInput = z.infer<typeof headerSchema>;

export const MAX_LINES = 2000;
export const saveSchema = z.strictObject({
  info: headerSchema,
  rows: z.array(lineSchema).min(1, '请至少录入一行明细').max(MAX_LINES, `单据明细最多${MAX_LINES}行`),
});
export type SaveInput = z.infer<typeof saveSchema>;
