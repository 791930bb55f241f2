import { z } from 'zod';
import { NUMERIC_RE } from '@erp/entities';
import { defineRoute } from '../../platform/http/route.ts';
import { supplierOrder, supplierOrderLines } from './supplier-orders.ts';
import { confirmLines, reportProgress } from './confirmation.ts';
import { adviceDetail, listAdvices, sendAdvice } from './arrival-advice.ts';
import { acceptInvitation } from './portal-users.service.ts';

/** The supplier's side of the portal (issue 22): access 'supplier' runs each request as erp_portal. */
const tags = ['portal'];
const id = z.coerce.number().int().positive();
const date = (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`);
const qty = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => NUMERIC_RE.test(v), `${label}只能是整数或最多3位小数`)
    .refine((v) => Number(v) > 0, `${label}必须大于0`);
const text = (max: number) => z.string().trim().max(max);
const page = {
  currentPage: z.coerce.number().int().positive().max(100000).default(1),
  pageSize: z.coerce.number().int().positive().max(100).default(20),
};

export const supplierRoutes = [
  defineRoute({
    method: 'GET',
    url: '/portal/order/list',
    summary: "The supplier's purchase order lines, newest order first",
    tags,
    access: 'supplier',
    query: z.strictObject({ ...page, number: text(50).optional(), open: z.enum(['0', '1']).optional(), orderId: id.optional() }),
    handler: (c) => supplierOrderLines({ ...c, ip: c.req.ip }, { ...c.query, open: c.query.open === '1' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/order/detail',
    summary: 'One purchase order of the supplier with its lines',
    tags,
    access: 'supplier',
    query: z.strictObject({ id }),
    handler: (c) => supplierOrder({ ...c, ip: c.req.ip }, c.query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/order/confirm',
    summary: 'Confirm order lines, or propose another quantity or date per line',
    tags,
    access: 'supplier',
    body: z.strictObject({
      orderId: id,
      lines: z
        .array(
          z.strictObject({
            itemId: id,
            action: z.enum(['confirm', 'propose']),
            qty: qty('建议数量').optional(),
            date: date('建议交期').optional(),
            remark: text(500).optional(),
          }),
        )
        .min(1, '请至少选择一行')
        .max(500),
    }),
    handler: (c) => confirmLines({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/order/progress',
    summary: 'Report the progress of an order line',
    tags,
    access: 'supplier',
    body: z.strictObject({
      itemId: id,
      percent: z
        .union([z.number(), z.string().trim()])
        .transform((v) => String(v))
        .refine((v) => NUMERIC_RE.test(v) && Number(v) >= 0 && Number(v) <= 100, '进度须在0到100之间'),
      expectedShipDate: date('预计发货日期').optional(),
      remark: text(500).optional(),
      files: text(2000).optional(),
    }),
    handler: (c) => reportProgress({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/advice/add',
    summary: 'Send an arrival advice (发货通知) against lines of an order',
    tags,
    access: 'supplier',
    body: z.strictObject({
      orderId: id,
      shipDate: date('发货日期'),
      expectedDate: date('预计到货日期').optional(),
      carrier: text(100).optional(),
      trackingNo: text(100).optional(),
      remark: text(500).optional(),
      lines: z
        .array(
          z.strictObject({
            itemId: id,
            qty: qty('发货数量'),
            batchNumber: text(50).optional(),
            snList: text(20000).optional(),
            expirationDate: date('有效期').optional(),
          }),
        )
        .min(1, '请至少录入一行明细')
        .max(500),
    }),
    handler: (c) => sendAdvice({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/advice/list',
    summary: "The supplier's arrival advices",
    tags,
    access: 'supplier',
    query: z.strictObject({ ...page, status: z.enum(['sent', 'received', 'cancelled']).optional() }),
    handler: (c) => listAdvices({ ...c, ip: c.req.ip }, c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/advice/detail',
    summary: 'One arrival advice of the supplier with its lines',
    tags,
    access: 'supplier',
    query: z.strictObject({ id }),
    handler: (c) => adviceDetail({ ...c, ip: c.req.ip }, c.query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/invite/accept',
    summary: 'Take up a portal invitation: set the first password',
    tags,
    access: 'public',
    body: z.strictObject({ token: z.string().trim().min(10).max(200), password: z.string().min(1).max(64) }),
    handler: ({ db, body }) => db.system((tx) => acceptInvitation(tx, body.token, body.password)),
  }),
];
