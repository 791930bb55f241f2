import { z } from 'zod';
import { FIN_DOC_TYPES } from '@erp/entities';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { finSaveSchema } from './finance-doc.schemas.ts';
import { deleteFinDocuments, saveFinDocument, setFinStatus } from './finance-doc.service.ts';
import { finDetailByNumber, finDetailList, finInfo, listFinDocuments, openBills } from './finance-doc.queries.ts';
import { badRequest } from '../../../platform/errors.ts';
import { exportFinDocuments } from './finance-doc-export.ts';
import { exportDebtBills } from './debt-export.ts';

const tags = ['accountHead'];
const ids = z.string().regex(/^\d{1,15}(,\d{1,15}){0,999},?$/, 'ids 须为逗号分隔的编号');
const parseIds = (s: string) => [...new Set(s.split(',').filter(Boolean).map(Number))];
const id = z.coerce.number().int().positive();
const optText = (max: number) => z.string().trim().max(max).optional();
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const finType = z.enum(FIN_DOC_TYPES.map((t) => t.type) as [string, ...string[]]);
/** The list's filters (GET /accountHead/list and POST /accountHead/exportExcel). */
const listFilter = {
  type: finType,
  billNo: optText(50),
  organId: id.optional(),
  accountId: id.optional(),
  handsPersonId: id.optional(),
  creator: id.optional(),
  status: z
    .string()
    .regex(/^[019](,[019]){0,2}$/, 'status 须为逗号分隔的状态值')
    .optional(),
  beginTime: z.string().regex(DATE).optional(),
  endTime: z.string().regex(DATE).optional(),
  remark: optText(100),
};

const save = (url: string, isNew: boolean): RouteSpec =>
  defineRoute({
    method: isNew ? 'POST' : 'PUT',
    url,
    invalidates: false,
    summary: isNew ? 'Add a finance document {info, rows}; info.status "1" saves and approves' : 'Change an unaudited finance document; its lines are replaced',
    tags,
    access: 'user',
    body: finSaveSchema,
    handler: async ({ tx, session, body, req }) => {
      if (isNew && body.info.id) throw badRequest('新增单据不能带 id');
      if (!isNew && !body.info.id) throw badRequest('参数错误 info.id: 修改单据需要 id');
      return { ...(await saveFinDocument({ tx, session, ip: req.ip }, body)), message: '保存成功' };
    },
  });

// finance documents check their type's menu and buttons inside the service, so the routes only need a session
export const financeDocRoutes: RouteSpec[] = [
  save('/accountHead/addAccountHeadAndDetail', true),
  save('/accountHead/add', true),
  save('/accountHead/updateAccountHeadAndDetail', false),
  save('/accountHead/update', false),
  defineRoute({
    method: 'DELETE',
    url: '/accountHead/delete',
    invalidates: false,
    summary: 'Delete an unaudited finance document (what it posted is reversed)',
    tags,
    access: 'user',
    query: z.strictObject({ id }),
    handler: ({ tx, session, query, req }) => deleteFinDocuments({ tx, session, ip: req.ip }, [query.id]),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/accountHead/deleteBatch',
    invalidates: false,
    summary: 'Delete several unaudited finance documents',
    tags,
    access: 'user',
    query: z.strictObject({ ids }),
    handler: ({ tx, session, query, req }) => deleteFinDocuments({ tx, session, ip: req.ip }, parseIds(query.ids)),
  }),
  defineRoute({
    method: 'POST',
    url: '/accountHead/batchSetStatus',
    invalidates: false,
    summary: 'Audit (status 1) or un-audit (status 0) finance documents',
    tags,
    access: 'user',
    body: z.strictObject({ status: z.enum(['0', '1']), ids }),
    handler: ({ tx, session, body, req }) => setFinStatus({ tx, session, ip: req.ip }, parseIds(body.ids), body.status),
  }),
  defineRoute({
    method: 'GET',
    url: '/accountHead/list',
    summary: 'Finance documents of one type with filters (number, partner, account, handler, creator, status list, dates, remark)',
    tags,
    access: 'user',
    query: z.strictObject({
      ...listFilter,
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(1000).default(100),
    }),
    handler: ({ tx, session, query }) => listFinDocuments(tx, session, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/accountHead/exportExcel',
    invalidates: false,
    summary: 'The list of one finance document type (its filters, or the selected ids) as a spreadsheet with the 合计 row, named with the MMddhhmmss suffix',
    tags,
    access: 'user',
    body: z.strictObject({ ...listFilter, ids: ids.optional() }),
    handler: ({ tx, session, body, reply }) => exportFinDocuments(tx, session, { ...body, ids: body.ids ? parseIds(body.ids) : undefined }, reply),
  }),
  defineRoute({
    method: 'GET',
    url: '/accountHead/info',
    summary: 'A finance document with its lines',
    tags,
    access: 'user',
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => finInfo(tx, session, query.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/accountHead/getDetailByNumber',
    summary: 'A finance document with its lines, by number',
    tags,
    access: 'user',
    query: z.strictObject({ billNo: z.string().trim().min(1).max(50) }),
    handler: ({ tx, session, query }) => finDetailByNumber(tx, session, query.billNo),
  }),
  defineRoute({
    method: 'GET',
    url: '/accountItem/getDetailList',
    summary: 'The lines of a finance document',
    tags: ['accountItem'],
    access: 'user',
    query: z.strictObject({ headerId: id }),
    handler: ({ tx, session, query }) => finDetailList(tx, session, query.headerId),
  }),
  defineRoute({
    method: 'GET',
    url: '/accountHead/getDebtBills',
    summary: 'A partner’s documents with arrears still open, for a receipt (收款) or a payment (付款)',
    tags,
    access: 'user',
    query: z.strictObject({ organId: id, type: z.enum(['收款', '付款']) }),
    handler: ({ tx, session, query }) => openBills(tx, session, query.organId, query.type),
  }),
  defineRoute({
    method: 'GET',
    url: '/accountHead/exportDebtBills',
    summary: 'A partner’s documents with arrears still open (number and material text narrow them) as a spreadsheet with the 合计 row',
    tags,
    access: 'user',
    query: z.strictObject({ organId: id, type: z.enum(['收款', '付款']), number: optText(50), materialParam: optText(100) }),
    handler: ({ tx, session, query, reply }) => exportDebtBills(tx, session, query, reply),
  }),
];
