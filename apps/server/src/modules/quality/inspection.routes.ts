import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { inspectionDetail, listInspections } from './inspection.queries.ts';
import { decide, saveResults } from './results.service.ts';
import { returnToSupplier } from './return.service.ts';
import { qualityDashboard } from './dashboard.queries.ts';
import { checkAccess } from '../../platform/auth/access.ts';
import { STAGE_MENU, type Stage } from './inspection.service.ts';
import { createOutgoingForSale } from './outgoing.service.ts';
import { outgoingGrid } from './outgoing-grid.queries.ts';
import { attachedNames, checkAttached } from '../common/index.ts';

const tags = ['quality'];
const id = z.coerce.number().int().positive();
const stage = z.enum(['incoming', 'outgoing', 'inProcess']);
/** Uploads of the company (POST /common/uploadMinio); the verdict checks them as images against the upload rules. */
const pictures = attachedNames('图片');

export const inspectionRoutes = [
  defineRoute({
    method: 'GET',
    url: '/quality/inspection/list',
    summary: 'Inspections of a stage, newest first (incoming, outgoing, in-process)',
    tags,
    access: 'user',
    query: z.strictObject({
      stage,
      status: z.enum(['pending', 'pass', 'fail', 'concession']).optional(),
      number: z.string().trim().max(50).optional(),
      currentPage: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(500).default(10),
    }),
    handler: ({ tx, session, query }) => {
      checkAccess(session, { menu: STAGE_MENU[query.stage as Stage] });
      return listInspections(tx, session.tenantId, query);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/quality/inspection/detail',
    summary: 'An inspection with the items to enter (limits applied), the values entered and its non-conformance records',
    tags,
    access: { menu: '/quality/incoming' },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => inspectionDetail(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/quality/inspection/results',
    summary: 'Enter values (sample × item); each is judged against its limits, choices compare without case and spaces; a value of the wrong kind refuses all',
    tags,
    access: 'user',
    body: z.strictObject({
      id,
      results: z
        .array(
          z.strictObject({
            sampleNo: z.number().int().min(1).max(100000),
            itemId: id,
            value: z.string().max(100),
            defectTypeId: id.nullable().optional(),
          }),
        )
        .max(20000),
    }),
    handler: ({ tx, session, req, body }) => saveResults({ tx, session, ip: req.ip }, body.id, body.results),
  }),
  defineRoute({
    method: 'POST',
    url: '/quality/inspection/verdict',
    summary:
      'The lot verdict: pass or concession release the quarantine; fail records a non-conformance with its disposition (rework of a bought lot opens a rework order); pictures: uploaded png/jpg/jpeg, at most 5 of 5 MB',
    tags,
    access: 'user',
    body: z.strictObject({
      id,
      verdict: z.enum(['pass', 'fail', 'concession']),
      disposition: z.enum(['return', 'rework', 'scrap', 'useAsIs']).optional(),
      defectTypeId: id.optional(),
      remark: z.string().trim().max(500).optional(),
      pictures: pictures.optional(),
      /** 返工 of a bought lot: how much of what it holds (all by default) and at which work centre (the first by default) */
      reworkQty: z
        .string()
        .trim()
        .regex(/^\d{1,15}(\.\d{1,6})?$/, '返工数量须为不小于0的数字')
        .optional(),
      workCentreId: id.optional(),
    }),
    handler: async ({ tx, session, req, body: { id: inspectionId, ...v } }) => {
      const checked = await checkAttached(req.server.fileStore, session.tenantId, v.pictures, 'images');
      return decide({ tx, session, ip: req.ip }, inspectionId, { ...v, pictures: checked ?? undefined });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/quality/inspection/returnToSupplier',
    summary: 'Return a failed incoming lot to its supplier in one step (an audited purchase return from the quarantined goods)',
    tags,
    access: 'user',
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => returnToSupplier({ tx, session, ip: req.ip }, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/quality/inspection/forSaleOut',
    summary: 'Open the outgoing inspections of an unaudited sale outbound (one per line whose material has an outgoing template)',
    tags,
    access: { menu: '/quality/outgoing', btn: '1' },
    body: z.strictObject({ number: z.string().trim().min(1).max(50) }),
    handler: ({ tx, session, body }) => createOutgoingForSale(tx, session, body.number),
  }),
  defineRoute({
    method: 'GET',
    url: '/quality/inspection/grid',
    summary: "A sale outbound's outgoing inspections as colour × size grids: one per material whose lines carry a colour and size SKU",
    tags,
    access: { menu: '/quality/outgoing' },
    query: z.strictObject({ number: z.string().trim().min(1).max(50) }),
    handler: ({ tx, session, query }) => outgoingGrid(tx, session.tenantId, query.number),
  }),
  defineRoute({
    method: 'GET',
    url: '/quality/dashboard',
    summary: 'The quality-check dashboard: the last days (3 by default) by day, pass rates by supplier, material and inspector, defect Pareto',
    tags,
    access: { menu: '/quality/panel' },
    query: z.strictObject({ days: z.coerce.number().int().min(1).max(366).default(3) }),
    handler: ({ tx, session, query }) => qualityDashboard(tx, session.tenantId, query.days),
  }),
];
