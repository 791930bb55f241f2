import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { checkAccess } from '../../../platform/auth/access.ts';
import { defineFinReport } from '../reports/fin-report.ts';
import { money } from '../documents/finance-doc.schemas.ts';
import { deleteInvoices, invoicableLines, saveInvoice, type InvoiceType } from './invoice.service.ts';
import { invoiceInfo, listInvoices, writeOffDetail } from './invoice.queries.ts';

/** Each invoice type's menu: seeing needs the menu, issuing and deleting its button 1. */
export const INVOICE_MENU: Record<InvoiceType, string> = { 应收: '/financial/receivable_invoice', 应付: '/financial/payable_invoice' };
const MENUS = Object.values(INVOICE_MENU);
const WRITE_OFF_MENU = '/financial/write_off_detail';
const tags = ['finInvoice'];
const id = z.coerce.number().int().positive();
const type = z.enum(['应收', '应付']);
const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const text = (max: number) => z.string().trim().max(max).optional();
const col = (key: string, header: string, width?: number) => ({ key, header, ...(width && { width }) });

const saveBody = z.strictObject({
  type,
  organId: z.number().int().positive(),
  invoiceDate: DATE,
  invoiceNo: text(50),
  remark: text(500),
  rows: z
    .array(z.strictObject({ depotItemId: z.number().int().positive(), quantity: money('开票数量').refine((v) => Number(v) > 0, '开票数量必须大于0') }))
    .min(1, '请至少选择一行')
    .max(500, '发票明细最多500行'),
});

export const invoiceRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/finInvoice/invoicable',
    summary: 'The delivered lines of a partner still to be invoiced (sale outbounds for 应收, purchase inbounds for 应付)',
    tags,
    access: { menu: MENUS },
    query: z.strictObject({ type, organId: id }),
    handler: async ({ tx, session, query }) => {
      checkAccess(session, { menu: INVOICE_MENU[query.type] });
      const rows = await invoicableLines(tx, session.tenantId, query);
      return { rows, total: rows.length };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/finInvoice/add',
    summary: 'Issue (应收) or record (应付) an invoice over delivered lines, wholly or in part; posts its VAT',
    tags,
    access: { menu: MENUS, btn: '1' },
    body: saveBody,
    handler: async ({ tx, session, body, req }) => {
      checkAccess(session, { menu: INVOICE_MENU[body.type], btn: '1' });
      return { ...(await saveInvoice({ tx, session, ip: req.ip }, body)), message: '保存成功' };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/finInvoice/info',
    summary: 'One invoice with its lines',
    tags,
    access: { menu: MENUS },
    query: z.strictObject({ id }),
    handler: async ({ tx, session, query }) => {
      const r = await invoiceInfo(tx, session.tenantId, query.id);
      checkAccess(session, { menu: INVOICE_MENU[r.type as InvoiceType] });
      return r;
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/finInvoice/delete',
    summary: 'Delete an invoice: its lines can be invoiced again and its VAT entry is reversed',
    tags,
    access: { menu: MENUS, btn: '1' },
    query: z.strictObject({ id }),
    handler: async ({ tx, session, query, req }) => {
      const r = await invoiceInfo(tx, session.tenantId, query.id);
      checkAccess(session, { menu: INVOICE_MENU[r.type as InvoiceType], btn: '1' });
      return deleteInvoices({ tx, session, ip: req.ip }, [query.id]);
    },
  }),
  ...defineFinReport({
    url: '/finInvoice/list',
    menu: MENUS,
    title: '发票',
    summary: 'Receivable or payable invoices with the 合计 of amount, tax and total',
    tags,
    filters: { type, organId: id.optional(), number: text(50), beginTime: DATE.optional(), endTime: DATE.optional() },
    columns: [
      col('number', '单据编号', 22),
      col('invoiceNo', '发票号码', 16),
      col('invoiceDate', '开票日期'),
      col('organName', '往来单位', 20),
      col('billNumbers', '关联单据', 30),
      { ...col('amount', '金额（不含税）', 14), price: true },
      { ...col('tax', '税额', 14), price: true },
      { ...col('total', '价税合计', 14), price: true },
    ],
    run: (tx, s, f, page) => {
      checkAccess(s, { menu: INVOICE_MENU[f.type] });
      return listInvoices(tx, s.tenantId, f, page);
    },
  }),
  ...defineFinReport({
    url: '/finance/writeOffDetail',
    menu: WRITE_OFF_MENU,
    title: '核销明细',
    summary: 'Write-off detail (核销明细): which receipts or payments settled which documents, how much, what is still owed and the invoices issued',
    filters: { type: z.enum(['收款', '付款']), organId: id.optional(), number: text(50), beginTime: DATE.optional(), endTime: DATE.optional() },
    columns: [
      col('settleTime', '核销日期'),
      col('number', '收付款单号', 22),
      col('organName', '往来单位', 20),
      col('billNumber', '被核销单据', 22),
      col('billType', '单据类型'),
      col('billTime', '单据日期'),
      { ...col('billAmount', '单据金额', 14), price: true },
      col('settled', '本次核销', 14),
      col('remaining', '剩余欠款', 14),
      col('invoices', '发票', 24),
      { ...col('invoiced', '已开票金额', 14), price: true },
    ],
    run: (tx, s, f, page) => writeOffDetail(tx, s.tenantId, f, page),
  }),
];
