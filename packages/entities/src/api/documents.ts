import { z } from 'zod';

/**
 * Document replies the web reads (docs/api.md "Inventory documents"): GET /depotHead/list rows and
 * GET /depotHead/getDetailByNumber. Loose objects: the server may send more (jshERP clients read other
 * keys), the declared ones must have these types — amounts and quantities as JSON numbers.
 */
const num = z.number().nullable();
const text = z.string().nullable();

export const documentRowSchema = z.looseObject({
  id: z.number(),
  number: z.string(),
  operTime: z.string(),
  organId: num,
  organName: text,
  accountId: num,
  materialsList: text,
  totalNumber: num,
  totalPrice: num,
  discount: num,
  discountMoney: num,
  discountLastMoney: num,
  otherMoney: num,
  changeAmount: num,
  debt: num,
  status: z.string(),
  linkNumber: text,
  remark: text,
  creatorName: text,
});
export type DocumentRow = z.infer<typeof documentRowSchema>;

export const documentListSchema = z.looseObject({
  rows: z.array(documentRowSchema),
  total: z.number(),
  sums: z.record(z.string(), num).optional(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const detailLineSchema = z.looseObject({
  id: z.number(),
  materialId: z.number().optional(),
  materialExtendId: z.number(),
  barCode: z.string(),
  materialName: z.string(),
  standard: text,
  model: text,
  unit: text,
  operNumber: z.number(),
  unitPrice: num,
  taxRate: num,
  allPrice: num.optional(),
  taxLastMoney: num.optional(),
  depotId: num,
  depotName: text.optional(),
  anotherDepotId: num,
  batchNumber: text,
  reservoirAreaId: num.optional(),
  reservoirAreaName: text.optional(),
  expirationDate: text.optional(),
  snList: text,
  enableBatchNumber: z.boolean(),
  enableSerialNumber: z.boolean(),
  linkId: num,
  materialType: text,
  openNumber: z.number().optional(),
  remark: text,
});
export type DetailLine = z.infer<typeof detailLineSchema>;

// the detail carries the lines themselves, not the list's summary of them
export const documentDetailSchema = documentRowSchema.omit({ materialsList: true, totalNumber: true }).extend({
  accountName: text.optional(),
  handsPersonId: num.optional(),
  handsPersonName: text.optional(),
  salesMan: text.optional(),
  orderType: text.optional(),
  deposit: num.optional(),
  backAmount: num.optional(),
  payType: z.enum(['现付', '预付款']).optional(),
  advanceUsed: num.optional(),
  fileName: text.optional(),
  deliveryDate: text.optional(),
  transportCompany: text.optional(),
  transportNumber: text.optional(),
  accounts: z.array(z.looseObject({ accountId: z.number(), accountName: z.string(), amount: z.number() })).optional(),
  rows: z.array(detailLineSchema),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;
