import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { dictTypes, financeDocsOfBill } from './queries.ts';
import { pinyinInitials } from './pinyin.ts';
import { sheetByParam, sheetByParamBody } from './sheet-by-param.ts';

/**
 * Routes of ours that exist for what jshERP's client asks and no screen of ours needs yet (issue 23; both dialects,
 * like /material/getMaterialDepotStock). docs/api.md "jshERP's dialect" describes them.
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const jsherpRoutes = [
  defineRoute({
    method: 'GET',
    url: '/accountHead/getFinancialBillNoByBillId',
    summary:
      "The receipts and payments settling one inventory document (jshERP's BillDetail.vue 收款单号/付款单号): [{id, billNo, type, billTime, status}], oldest first; [] for a document that is not the company's",
    tags: ['accountHead'],
    access: 'user',
    query: z.strictObject({ billId: id }),
    handler: ({ tx, session, query }) => financeDocsOfBill(tx, session.tenantId, query.billId),
  }),
  defineRoute({
    method: 'GET',
    url: '/dictType/allList',
    summary:
      "The platform's dictionary types, [{type, name, sort}] in their order (jshERP's 字典管理 and its 字典名称 select; read only: types are the platform's)",
    tags: ['dictData'],
    access: 'user',
    handler: ({ tx }) => dictTypes(tx),
  }),
  defineRoute({
    method: 'GET',
    url: '/material/nameInitials',
    summary: "A name's pinyin initials, lower case ({mnemonic}: 矿泉水 → kqs; letters and digits kept): jshERP's MaterialModal.vue fills 助记码 with it",
    tags: ['material'],
    access: 'user',
    query: z.strictObject({ name: z.string().max(100) }),
    handler: async ({ query }) => ({ mnemonic: pinyinInitials(query.name) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/systemConfig/exportExcelByParam',
    invalidates: false,
    summary:
      "A spreadsheet of the rows a screen sends ({title, head: comma-joined names, tip, list: rows of cells}): jshERP's report screens' 导出 (handleExportXlsPost); reads nothing of the company's",
    tags: ['systemConfig'],
    access: 'user',
    body: sheetByParamBody,
    handler: ({ body, reply }) => sheetByParam(reply, body),
  }),
];
