import { z } from 'zod';
import { documentDetailSchema, documentListSchema } from '@erp/entities';
import { defineRoute } from '../../../platform/http/route.ts';
import { saveSchema } from './document.schemas.ts';
import { addDocument, deleteDocuments, setStatus, updateDocument } from './document.service.ts';
import { exportDocuments } from './document-export.ts';
import { countOfTypes, detailByNumber, documentsLinkedTo, linesOfDocument, listOfType } from './document.queries.ts';
import { numberPreview } from './numbering.ts';

const tags = ['depotHead'];
const ids = z.string().regex(/^\d{1,15}(,\d{1,15}){0,999}$/, 'ids 须为逗号分隔的编号');
const parseIds = (s: string) => [...new Set(s.split(',').map(Number))];
const optId = z.coerce.number().int().positive().optional();
const optText = (max: number) => z.string().trim().max(max).optional();
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** The list's filters, shared by the list and its export. */
const listFilter = {
  type: z.enum(['入库', '出库', '其它']),
  subType: z.string().trim().max(20),
  number: optText(50),
  materialParam: optText(100),
  organId: optId,
  depotId: optId,
  creator: optId,
  linkNumber: optText(50),
  status: z
    .string()
    .regex(/^[01239](,[01239]){0,4}$/, 'status 须为逗号分隔的状态值')
    .optional(),
  beginTime: z.string().regex(DATE).optional(),
  endTime: z.string().regex(DATE).optional(),
  salesMan: optId,
  hasDebt: z.enum(['1']).optional(),
  remark: optText(100),
};

// documents check their type's menu and buttons inside the service, so the routes only need a session
export const documentRoutes = [
  defineRoute({
    method: 'POST',
    url: '/depotHead/addDepotHeadAndDetail',
    invalidates: false,
    summary: 'Add a document {info, rows}; info.status "1" saves and approves',
    tags,
    access: 'user',
    body: saveSchema,
    // nothing follows the save in the request's transaction: its commit may leave with its last statement
    handler: ({ tx, session, body, req }) => addDocument({ tx, session, ip: req.ip }, body, true),
  }),
  defineRoute({
    method: 'GET',
    url: '/sequence/buildNumber',
    summary: "A new document's number as a form shows it before saving (data.defaultNumber, after the type's prefix); not reserved",
    tags,
    access: 'user',
    handler: async ({ tx, session }) => ({ defaultNumber: await numberPreview(tx, session.tenantId) }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/depotHead/updateDepotHeadAndDetail',
    invalidates: false,
    summary: 'Change an unaudited document; its lines are replaced',
    tags,
    access: 'user',
    body: saveSchema,
    handler: ({ tx, session, body, req }) => updateDocument({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/depotHead/delete',
    invalidates: false,
    summary: 'Delete an unaudited document (posted stock is reversed)',
    tags,
    access: 'user',
    query: z.strictObject({ id: z.coerce.number().int().positive() }),
    handler: ({ tx, session, query, req }) => deleteDocuments({ tx, session, ip: req.ip }, [query.id]),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/depotHead/deleteBatch',
    invalidates: false,
    summary: 'Delete several unaudited documents',
    tags,
    access: 'user',
    query: z.strictObject({ ids }),
    handler: ({ tx, session, query, req }) => deleteDocuments({ tx, session, ip: req.ip }, parseIds(query.ids)),
  }),
  defineRoute({
    method: 'POST',
    url: '/depotHead/batchSetStatus',
    invalidates: false,
    summary: 'Audit (status 1) or un-audit (status 0) documents',
    tags,
    access: 'user',
    body: z.strictObject({ status: z.enum(['0', '1']), ids }),
    handler: ({ tx, session, body, req }) => setStatus({ tx, session, ip: req.ip }, parseIds(body.ids), body.status),
  }),
  defineRoute({
    method: 'GET',
    url: '/depotHead/list',
    reply: documentListSchema,
    summary: 'Documents of one type with filters (number, material, partner, warehouse, creator, link number, status list, dates, salesman, arrears)',
    tags,
    access: 'user',
    query: z.strictObject({
      ...listFilter,
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(1000).default(100),
    }),
    handler: ({ tx, session, query }) => listOfType(tx, session, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/depotHead/waitBillCount',
    summary: "How many documents of a type and its comma-separated sub types match the filters (jshERP's 待入库/待出库 count)",
    tags,
    access: 'user',
    query: z.strictObject({ ...listFilter, subType: z.string().trim().max(60) }),
    handler: ({ tx, session, query }) => countOfTypes(tx, session, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/depotHead/exportExcel',
    invalidates: false,
    summary: 'The list of one document type (its filters, or the selected ids) as a spreadsheet named with the MMddhhmmss suffix',
    tags,
    access: 'user',
    body: z.strictObject({ ...listFilter, ids: ids.optional() }),
    handler: ({ tx, session, body, reply }) => exportDocuments(tx, session, { ...body, ids: body.ids ? parseIds(body.ids) : undefined }, reply),
  }),
  defineRoute({
    method: 'GET',
    url: '/depotHead/getDetailByNumber',
    reply: documentDetailSchema,
    summary: 'A document with its lines and accounts',
    tags,
    access: 'user',
    query: z.strictObject({ number: z.string().trim().min(1).max(50) }),
    handler: ({ tx, session, query }) => detailByNumber(tx, session, query.number),
  }),
  defineRoute({
    method: 'GET',
    url: '/depotItem/getDetailList',
    summary: 'The lines of a document',
    tags: ['depotItem'],
    access: 'user',
    query: z.strictObject({ headerId: z.coerce.number().int().positive() }),
    handler: ({ tx, session, query }) => linesOfDocument(tx, session, query.headerId),
  }),
  defineRoute({
    method: 'GET',
    url: '/depotHead/getBillListByLinkNumber',
    summary: 'The documents made from an order (order tracking)',
    tags,
    access: 'user',
    query: z.strictObject({ number: z.string().trim().min(1).max(50) }),
    handler: ({ tx, session, query }) => documentsLinkedTo(tx, session.tenantId, query.number),
  }),
];
