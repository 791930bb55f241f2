import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { BusinessError } from '../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet } from '../../platform/crud/export.ts';
import { supplierPerformance } from './supplier-performance.ts';

/** 供应商绩效 (issue 22): the list and its spreadsheet (button 3), from the one function. */
const tags = ['portal'];
const MENU = '/portal/supplier_performance';
const date = (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`);
const query = z.strictObject({
  beginTime: date('开始日期'),
  endTime: date('结束日期'),
  supplierId: z.coerce.number().int().positive().optional(),
});

/** The spreadsheet's columns: [key, header, an amount (left out for a price-masked role)]. */
export const PERFORMANCE_COLUMNS: Array<[string, string, boolean?]> = [
  ['supplierName', '供应商'],
  ['score', '综合得分'],
  ['grade', '等级'],
  ['onTimeRate', '准时交货率%'],
  ['passRate', '质检合格率%'],
  ['fillRate', '数量满足率%'],
  ['orders', '订单数'],
  ['orderedAmount', '订单金额', true],
  ['receipts', '入库单数'],
  ['receivedQty', '入库数量'],
  ['receivedAmount', '入库金额', true],
  ['returnedAmount', '退货金额', true],
  ['returnRate', '退货率%', true],
  ['receivedLines', '到货行数'],
  ['onTimeLines', '准时行数'],
  ['dueQty', '到期应交数量'],
  ['filledQty', '已交数量'],
  ['inspected', '检验批次'],
  ['passed', '合格批次'],
];

export const performanceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/performance',
    summary: 'Supplier performance over a period: on-time delivery, quality pass and fill rates, amounts, a weighted score',
    tags,
    access: { menu: MENU },
    query,
    handler: ({ tx, session, query: q }) => supplierPerformance(tx, session, q),
  }),
  defineRoute({
    method: 'GET',
    url: '/portal/buyer/performance/exportExcel',
    summary: 'Supplier performance over a period: as a spreadsheet',
    tags,
    access: { menu: MENU, btn: '3' },
    query,
    handler: async ({ tx, session, query: q, reply }) => {
      const r = await supplierPerformance(tx, session, q);
      if (!r.rows.length) throw new BusinessError(EXPORT_EMPTY);
      const columns = PERFORMANCE_COLUMNS.filter(([, , price]) => !(price && session.priceMasked));
      const cols = columns.map(([key, header]) => ({ key, header }));
      return sendSheet(reply, '供应商绩效', cols, r.rows as Array<Record<string, unknown>>);
    },
  }),
];
