import { RECORD_KINDS, RECORD_SEGMENT } from '@erp/entities';
import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { BusinessError } from '../../platform/errors.ts';
import { EXPORT_EMPTY, sendSheet } from '../../platform/crud/export.ts';
import { listRecords } from './records.queries.ts';
import { overBudget } from './report.queries.ts';
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

const MAX_EXPORT_ROWS = 20000;
/** The columns of 项目任务's spreadsheet (the list screen's, in its order). */
export const TASK_EXPORT_COLUMNS = [
  { key: 'projectNumber', header: '项目编号', width: 16 },
  { key: 'projectName', header: '项目', width: 24 },
  { key: 'name', header: '任务名称', width: 24 },
  { key: 'duration', header: '工期(工作日)' },
  { key: 'startDate', header: '开始', width: 12 },
  { key: 'endDate', header: '完成', width: 12 },
  { key: 'totalFloat', header: '总浮动' },
  { key: 'critical', header: '关键' },
  { key: 'progress', header: '进度(%)' },
  { key: 'assigneeName', header: '负责人', width: 14 },
  { key: 'overdue', header: '逾期' },
];

/** 项目任务 · 导出 (button 3): every task the list's filters find (or its project's), as a spreadsheet. */
const taskExport = defineRoute({
  method: 'GET',
  url: '/project/task/exportExcel',
  summary: 'The tasks of 项目任务 (same filters as /project/task/all) as a spreadsheet',
  tags: ['project'],
  access: { menu: '/project/task', btn: '3' },
  query: z.strictObject({ projectId: paging.projectId, keyword: paging.keyword }),
  handler: async ({ tx, session, query, reply }) => {
    const r = await listRecords(tx, session, 'task', { ...query, keyword: query.keyword || undefined, currentPage: 1, pageSize: MAX_EXPORT_ROWS });
    if (!r.rows.length) throw new BusinessError(EXPORT_EMPTY);
    if (r.total > MAX_EXPORT_ROWS) throw new BusinessError(`导出不能超过${MAX_EXPORT_ROWS}行，请缩小查询范围`);
    return sendSheet(reply, '项目任务', TASK_EXPORT_COLUMNS, r.rows as Array<Record<string, unknown>>);
  },
});

export const recordRoutes = [...listRoutes, ...reportRoutes, taskExport];
