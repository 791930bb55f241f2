import { z } from 'zod';
import { NUMERIC_RE } from '@erp/entities';
import { defineRoute } from '../../platform/http/route.ts';
import { acknowledgePlan, listPlans, openLinesOf, planDetail, publishPlan } from './shipping-plan.ts';
import { cancelPlan, editPlan } from './plan-change.ts';
import { buyerPanel, listStock, reportStock, supplierPanel } from './supplier-stock.ts';

/** Shipping plans, supplier inventory and the data panel (issue 22): the supplier's routes and the buyer's. */
const tags = ['portal'];
const id = z.coerce.number().int().positive();
const date = (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`);
const qty = (label: string, min: 'positive' | 'zero') =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => NUMERIC_RE.test(v), `${label}只能是整数或最多3位小数`)
    .refine((v) => (min === 'positive' ? Number(v) > 0 : Number(v) >= 0), min === 'positive' ? `${label}必须大于0` : `${label}不能为负数`);
const page = {
  currentPage: z.coerce.number().int().positive().max(100000).default(1),
  pageSize: z.coerce.number().int().positive().max(100).default(20),
};
const status = z.enum(['published', 'acknowledged', 'cancelled']).optional();
const planLines = z
  .array(z.strictObject({ itemId: id, planDate: date('计划发货日期'), qty: qty('计划数量', 'positive') }))
  .min(1, '请至少录入一行明细')
  .max(500);

export const planSupplierRoutes = [
  defineRoute({
    method: 'GET',
    url: '/portal/plan/list',
    summary: 'The shipping plans published to the supplier',
    tags,
    access: 'supplier',
    query: z.strictObject({ ...page, status }),
    handler: (c) => listPlans({ ...c, ip: c.req.ip }, c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/plan/detail',
    summary: 'One shipping plan of the supplier with its lines (no prices)',
    tags,
    access: 'supplier',
    query: z.strictObject({ id }),
    handler: (c) => planDetail({ ...c, ip: c.req.ip }, c.query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/plan/ack',
    summary: 'Acknowledge a shipping plan',
    tags,
    access: 'supplier',
    body: z.strictObject({ id, remark: z.string().trim().max(500).optional() }),
    handler: (c) => acknowledgePlan({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/stock/report',
    summary: 'Report the stock the supplier holds for us, per material of its order lines',
    tags,
    access: 'supplier',
    body: z.strictObject({
      rows: z
        .array(z.strictObject({ itemId: id, qty: qty('库存数量', 'zero'), remark: z.string().trim().max(500).optional() }))
        .min(1, '请至少录入一行')
        .max(500),
    }),
    handler: (c) => reportStock({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/stock/list',
    summary: 'The stock the supplier reported',
    tags,
    access: 'supplier',
    query: z.strictObject(page),
    handler: (c) => listStock({ ...c, ip: c.req.ip }, c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/panel',
    summary: "The supplier's figures: open orders, late lines, on-time rate, quality pass rate",
    tags,
    access: 'supplier',
    handler: (c) => supplierPanel({ ...c, ip: c.req.ip }),
  }),
];

export const planBuyerRoutes = [
  defineRoute({
    method: 'POST',
    url: '/portal/buyer/plan/add',
    summary: 'Publish a shipping plan to a supplier: quantities of its open order lines per day',
    tags,
    access: { menu: '/portal/shipping_plan', btn: '1' },
    body: z.strictObject({
      supplierId: id,
      remark: z.string().trim().max(500).optional(),
      lines: planLines,
    }),
    handler: (c) => publishPlan({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/buyer/plan/edit',
    summary: 'Replace the lines and remark of a shipping plan the supplier has not acknowledged',
    tags,
    access: { menu: '/portal/shipping_plan', btn: '1' },
    body: z.strictObject({ id, remark: z.string().trim().max(500).optional(), lines: planLines }),
    handler: (c) => editPlan({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'POST',
    url: '/portal/buyer/plan/cancel',
    summary: 'Cancel a shipping plan the supplier has not acknowledged, with a reason the supplier reads',
    tags,
    access: { menu: '/portal/shipping_plan', btn: '1' },
    body: z.strictObject({ id, reason: z.string().trim().min(1, '请填写取消原因').max(500) }),
    handler: (c) => cancelPlan({ ...c, ip: c.req.ip }, c.body),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/plan/list',
    summary: 'Shipping plans of every supplier',
    tags,
    access: { menu: '/portal/shipping_plan' },
    query: z.strictObject({ ...page, status, supplierId: id.optional() }),
    handler: (c) => listPlans({ ...c, ip: c.req.ip }, c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/plan/detail',
    summary: 'One shipping plan with its lines',
    tags,
    access: { menu: '/portal/shipping_plan' },
    query: z.strictObject({ id }),
    handler: (c) => planDetail({ ...c, ip: c.req.ip }, c.query.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/plan/openLines',
    summary: "A supplier's open purchase order lines, to plan (no price)",
    tags,
    access: { menu: '/portal/shipping_plan' },
    query: z.strictObject({ supplierId: id }),
    handler: (c) => openLinesOf({ ...c, ip: c.req.ip }, c.query.supplierId),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/stock/list',
    summary: 'Stock reported by suppliers',
    tags,
    access: { menu: '/portal/supplier_inventory' },
    query: z.strictObject({ ...page, supplierId: id.optional() }),
    handler: (c) => listStock({ ...c, ip: c.req.ip }, c.query),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/panel',
    summary: 'Per supplier: open orders, late lines, on-time rate, quality pass rate',
    tags,
    access: { menu: '/portal/panel' },
    query: z.strictObject({ supplierId: id.optional() }),
    handler: (c) => buyerPanel({ ...c, ip: c.req.ip }, c.query),
  }),
];
