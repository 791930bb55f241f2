import { RECORD_KINDS, RECORD_SEGMENT } from '@erp/entities';
import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { listRecords } from './records.queries.ts';
import { overBudget } from './report.queries.ts';
import { recordExportRoutes } from './records-export.ts';
import { id, text } from './schemas.ts';

const paging = {
  projectId: id.optional(),
  keyword: text(100).optional(),
  currentPage: z.coerce.number().int().min(1).max(100000).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
};
const REPORT = '/project/report';

/** 项目报表 (SPEC §2.2): abnormal work (overdue tasks, over-budget projects) and risk warnings. */
const reportRoutes = [
  defineRoute({
    method: 'GET',
    url: '/project/report/overdue',
    summary: 'Abnormal work: leaf tasks past their planned finish and not done, across the projects the user may see',
    tags: ['project'],
    access: { menu: REPORT },
    query: z.strictObject(paging),
    handler: ({ tx, session, query }) => listRecords(tx, session, 'task', { ...query, keyword: query.keyword || undefined, flag: 'overdue' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/report/risk-warning',
    summary: 'Risk warning: open risks whose warning date is past or within the next 7 days',
    tags: ['project'],
    access: { menu: REPORT },
    query: z.strictObject(paging),
    handler: ({ tx, session, query }) => listRecords(tx, session, 'risk', { ...query, keyword: query.keyword || undefined, flag: 'warning' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/report/over-budget',
    summary: 'Abnormal work: projects whose cost and expenses in the journal pass their budget',
    tags: ['project'],
    access: { menu: REPORT },
    handler: ({ tx, session }) => overBudget(tx, session),
  }),
];

/** `GET /project/<kind>/all`: the menu list of one kind of record across the projects the user may see. */
const listRoutes = RECORD_KINDS.map((kind) =>
  defineRoute({
    method: 'GET',
    url: `/project/${RECORD_SEGMENT[kind]}/all`,
    summary: `The ${kind} records of every project the user may see (or of one), a page at a time${['collection', 'payment', 'expense'].includes(kind) ? ', with the sum of their amounts' : ''}`,
    tags: ['project'],
    access: { menu: `/project/${RECORD_SEGMENT[kind]}` },
    query: z.strictObject(paging),
    handler: ({ tx, session, query }) => listRecords(tx, session, kind, { ...query, keyword: query.keyword || undefined }),
  }),
);

export const recordRoutes = [...listRoutes, ...reportRoutes, ...recordExportRoutes];
