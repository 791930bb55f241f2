import { z } from 'zod';
import { NUMERIC_RE } from '@erp/entities';
import { defineRoute } from '../../platform/http/route.ts';
import { addOpportunity, closeOpportunity, moveOpportunity, updateOpportunity } from './opportunity.service.ts';
import { board, dashboard, opportunityDetail } from './board.queries.ts';
import { applyTemplate, deleteTemplate, listTemplates, saveTemplate } from './task.service.ts';

const tags = ['crm'];
const OPP = '/crm/opportunity';
const TPL = '/crm/task_template';
const id = z.coerce.number().int().positive();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const decimal = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => NUMERIC_RE.test(v) && !v.startsWith('-'), `${label}只能是非负数，最多3位小数`)
    .refine((v) => Number(v) < 1e15, `${label}过大`);
const line = z.strictObject({ materialId: id, qty: decimal('数量').refine((v) => Number(v) > 0, '数量必须大于0'), price: decimal('单价') });
const fields = {
  name: z.string().trim().min(1, '商机名称不能为空').max(100),
  partnerId: id,
  stageId: id.optional(),
  ownerId: id.optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, '币种应为三位大写字母代码，如 USD'),
  amount: decimal('金额').optional(),
  expectedClose: day.nullable().optional(),
  remark: z.string().trim().max(500).nullable().optional(),
  lines: z.array(line).max(200).optional(),
};
const items = z
  .array(
    z.strictObject({
      title: z.string().trim().min(1, '任务名称不能为空').max(100),
      offsetDays: z.number().int().min(0).max(3650),
      assigneeId: id.nullable().optional(),
    }),
  )
  .min(1, '模板至少包含一个任务')
  .max(50);

export const opportunityRoutes = [
  defineRoute({
    method: 'GET',
    url: '/crm/board',
    summary: 'The opportunity board: open opportunities by stage, each stage with count, total and weighted total in the company currency',
    tags,
    access: { menu: OPP },
    query: z.strictObject({ ownerId: id.optional(), partnerId: id.optional() }),
    handler: ({ tx, session, query }) => board(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/opportunity/detail',
    summary: 'An opportunity with its products and tasks',
    tags,
    access: { menu: OPP },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => opportunityDetail(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/opportunity/add',
    summary: 'Add an opportunity; its amount (or its products’ total) converts into the company currency at the day’s rate',
    tags,
    access: { menu: OPP, btn: '1' },
    body: z.strictObject(fields),
    handler: ({ tx, session, req, body }) => addOpportunity({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/crm/opportunity/update',
    summary: 'Change an open opportunity',
    tags,
    access: { menu: OPP, btn: '1' },
    body: z.strictObject({ id, ...z.strictObject(fields).partial().shape }),
    handler: ({ tx, session, req, body: { id: oppId, ...rest } }) => updateOpportunity({ tx, session, ip: req.ip }, oppId, rest),
  }),
  defineRoute({
    method: 'PUT',
    url: '/crm/opportunity/move',
    summary: 'Move an open opportunity to another stage (drag on the board)',
    tags,
    access: { menu: OPP, btn: '1' },
    body: z.strictObject({ id, stageId: id }),
    handler: ({ tx, session, req, body }) => moveOpportunity({ tx, session, ip: req.ip }, body.id, body.stageId),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/opportunity/close',
    summary: 'Close an opportunity as won or lost, with a reason (required when lost)',
    tags,
    access: { menu: OPP, btn: '1' },
    body: z
      .strictObject({ id, result: z.enum(['won', 'lost']), reason: z.string().trim().max(500).optional() })
      .refine((b) => b.result === 'won' || !!b.reason, { message: '输单需填写原因', path: ['reason'] }),
    handler: ({ tx, session, req, body }) => closeOpportunity({ tx, session, ip: req.ip }, body.id, body.result, body.reason),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/opportunity/applyTemplate',
    summary: 'Create the tasks of a template on an opportunity, each dated from the start day and sent to its assignee (message type 1)',
    tags,
    access: { menu: OPP, btn: '1' },
    body: z.strictObject({ id, templateId: id, startDate: day.optional() }),
    handler: ({ db, tx, session, req, afterCommit, body }) =>
      applyTemplate({ db, tx, session, ip: req.ip, log: req.log, afterCommit }, body.id, body.templateId, body.startDate),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/dashboard',
    summary: 'Sales dashboard: funnel by stage, won amount by month (the caller’s; all=true for the company)',
    tags,
    access: { menu: '/crm/dashboard' },
    query: z.strictObject({ all: z.enum(['true', 'false']).optional() }),
    handler: ({ tx, session, query }) => dashboard(tx, session.tenantId, query.all === 'true' ? null : session.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/crm/taskTemplate/list',
    summary: 'Task templates',
    tags,
    access: { menu: TPL },
    handler: ({ tx, session }) => listTemplates(tx, session.tenantId),
  }),
  defineRoute({
    method: 'POST',
    url: '/crm/taskTemplate/save',
    summary: 'Add (no id) or change a task template: a list of tasks with offsets in days',
    tags,
    access: { menu: TPL, btn: '1' },
    body: z.strictObject({ id: id.optional(), name: z.string().trim().min(1, '模板名称不能为空').max(50), items }),
    handler: ({ tx, session, req, body }) => saveTemplate({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/crm/taskTemplate/delete',
    summary: 'Delete a task template',
    tags,
    access: { menu: TPL, btn: '1' },
    query: z.strictObject({ id }),
    handler: ({ tx, session, req, query }) => deleteTemplate({ tx, session, ip: req.ip }, query.id),
  }),
];
