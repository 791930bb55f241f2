import { z } from 'zod';
import { DOC_STATUS, DOC_STATUS_VIEW } from '@erp/entities';
import { allowedIds } from '../../../platform/auth/data-scope.ts';
import { defineReport, paged } from './report.ts';
import { afterEnd, date, depotJoin, fromDate, id, inScope, MATERIAL_COLS, materialJoin, materialMatch, ownDocs, Q, text, contains } from './sql.ts';

/** The status's Chinese label for the export (the codes and labels are constants of the state machine). */
const STATUS_LABEL = `case h.status ${Object.entries(DOC_STATUS_VIEW)
  .map(([code, v]) => `when '${code}' then '${v.label.zh}'`)
  .join(' ')} end`;

/**
 * Order tracking (订单跟踪): one row per line of a sales order (or purchase order), with what was
 * ordered, what linked documents have fulfilled so far (depot_item.finished_number, kept by the
 * linked-order claims in fulfilment.ts) and what is still open, in the base unit.
 * Lines are limited to the user's warehouses (a line without a warehouse is not tied to one and
 * stays visible) and, for sales orders, to the user's customers.
 */
export const orderTrackingReport = defineReport({
  url: '/depotHead/orderTracking',
  menu: '/bill/order_tracking',
  title: '订单跟踪',
  summary: 'Sales (or purchase) order lines with ordered, fulfilled and open quantity and the order status',
  filters: {
    type: z.enum(['sale', 'purchase']).default('sale'),
    number: text(50).optional(),
    organId: id.optional(),
    materialParam: text(100).optional(),
    beginTime: date.optional(),
    endTime: date.optional(),
    status: z.enum([DOC_STATUS.unaudited, DOC_STATUS.audited, DOC_STATUS.completed, DOC_STATUS.partly]).optional(),
    /** 1: only lines with something still open */
    openOnly: z.enum(['0', '1']).default('0'),
  },
  columns: [
    { key: 'number', header: '单据编号', width: 20 },
    { key: 'operTime', header: '单据日期', width: 20 },
    { key: 'organName', header: '往来单位', width: 20 },
    { key: 'barCode', header: '条码' },
    { key: 'materialName', header: '名称', width: 20 },
    { key: 'standard', header: '规格' },
    { key: 'model', header: '型号' },
    { key: 'unit', header: '单位' },
    { key: 'depotName', header: '仓库' },
    { key: 'orderedQty', header: '订单数量' },
    { key: 'fulfilledQty', header: '已完成数量' },
    { key: 'openQty', header: '未完成数量' },
    { key: 'allPrice', header: '金额', price: true },
    { key: 'statusName', header: '状态' },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const w = [
      'h.tenant_id = $1',
      'not h.delete_flag',
      'not i.delete_flag',
      `h.doc_key = ${q.v(f.type === 'sale' ? 'saleOrder' : 'purchaseOrder')}`,
      `(i.depot_id is null or ${inScope(q, 'i.depot_id', scope)})`,
    ];
    if (f.type === 'sale') {
      const customers = await allowedIds(tx, session, 'customer');
      if (customers) w.push(`h.organ_id = any(${q.v(customers)}::bigint[])`);
    }
    const own = ownDocs(q, session);
    if (own) w.push(own);
    if (f.number) w.push(contains(q, 'h.number', f.number));
    if (f.organId) w.push(`h.organ_id = ${q.v(f.organId)}`);
    if (f.materialParam) w.push(materialMatch(q, f.materialParam));
    if (f.beginTime) w.push(fromDate(q, 'h.oper_time', f.beginTime));
    if (f.endTime) w.push(`not ${afterEnd(q, 'h.oper_time', f.endTime)}`);
    if (f.status) w.push(`h.status = ${q.v(f.status)}`);
    if (f.openOnly === '1') w.push('i.finished_number < i.basic_number');
    return paged(tx, q.params, {
      select: `h.id as "headerId", h.number, to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "operTime", h.organ_id as "organId", p.name as "organName",
        to_char(h.delivery_date, 'YYYY-MM-DD') as "deliveryDate", h.status, ${STATUS_LABEL} as "statusName", i.id as "itemId", i.line_no as "lineNo",
        ${MATERIAL_COLS}, i.depot_id as "depotId", d.name as "depotName", i.basic_number::float8 as "orderedQty",
        i.finished_number::float8 as "fulfilledQty", greatest(i.basic_number - i.finished_number, 0)::float8 as "openQty", i.all_price::float8 as "allPrice"`,
      body: `from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id
        ${materialJoin('i')}
        left join partner p on p.tenant_id = h.tenant_id and p.id = h.organ_id
        left ${depotJoin('i')}
        where ${w.join(' and ')}`,
      order: 'h.oper_time desc, h.id desc, i.line_no',
      sums: {
        orderedQty: 'i.basic_number',
        fulfilledQty: 'i.finished_number',
        openQty: 'greatest(i.basic_number - i.finished_number, 0)',
        allPrice: 'i.all_price',
      },
      page,
    });
  },
  sheet: (r) => ({ after: [{ number: '合计', ...(r.sums as Record<string, unknown>) }] }),
});
