import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { idValue, optText } from './schemas.ts';
import { tenantFields } from './tenant.routes.ts';
import { listBilling, saveBilling, updateBilling } from './billing.service.ts';

const tags = ['billingControl'];
const amount = z
  .union([z.number(), z.string().trim()])
  .transform(String)
  .refine((v) => /^\d{1,18}(\.\d{1,6})?$/.test(v), '金额须为不小于0的数字，最多6位小数');
const fields = {
  tenantId: idValue,
  type: tenantFields.type,
  userLimit: tenantFields.userLimit,
  startTime: tenantFields.expireTime.optional(),
  expireTime: tenantFields.expireTime,
  amount,
  remark: optText(500),
};

export const billingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/billingControl/list',
    summary: "A company's billing records, newest first (platform administrator)",
    tags,
    access: 'platform',
    scope: 'system',
    query: z.strictObject({ tenantId: idValue }),
    handler: ({ tx, query }) => listBilling(tx, query.tenantId),
  }),
  defineRoute({
    method: 'POST',
    url: '/billingControl/save',
    summary: "Records a renewal or plan change; the company's type, user limit and expiry follow the newest record",
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject(fields),
    handler: ({ tx, session, body, req }) => saveBilling({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/billingControl/update',
    summary: 'Corrects a billing record; when it is the newest, the company follows it',
    tags,
    access: 'platform',
    scope: 'system',
    body: z.strictObject({
      id: idValue,
      tenantId: idValue,
      type: fields.type.optional(),
      userLimit: fields.userLimit.optional(),
      startTime: fields.startTime,
      expireTime: fields.expireTime.optional(),
      amount: amount.optional(),
      remark: fields.remark,
    }),
    handler: ({ tx, session, body, req }) => updateBilling({ tx, session, ip: req.ip }, body),
  }),
];
