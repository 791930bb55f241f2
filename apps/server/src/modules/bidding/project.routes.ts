import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { addProject, deleteProject, moveProject, updateProject } from './project.service.ts';
import { listProjects, projectDetail } from './project.queries.ts';
import { registerResult, saveBidders } from './bidder.service.ts';
import { bidAnalysis, bidDashboard, bidWorkbench } from './analysis.queries.ts';
import { ocdsRelease } from './ocds/ocds.ts';
import { bidder, day, id, page, projectFields, status, text } from './schemas.ts';
import { removeAttached } from '../common/index.ts';

const tags = ['bidding'];
const INFO = '/bidding/project_info';

export const projectRoutes = [
  defineRoute({
    method: 'GET',
    url: '/bidding/project/list',
    summary: 'Tender projects, newest first; status takes a comma list (each step screen lists its own)',
    tags,
    access: 'user',
    query: z.strictObject({
      name: z.string().trim().max(100).optional(),
      status: z
        .string()
        .regex(/^[a-z]+(,[a-z]+)*$/)
        .max(200)
        .optional(),
      tendererId: id.optional(),
      ...page,
    }),
    handler: ({ tx, session, query }) => listProjects(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/bidding/project/detail',
    summary: 'A tender project with its items, bidders, deposits and fees, reviews and status history',
    tags,
    access: 'user',
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => projectDetail(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/bidding/project/ocds',
    summary: 'A project and its result as an Open Contracting (OCDS 1.1) release',
    tags,
    access: 'user',
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => ocdsRelease(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/bidding/project/add',
    summary: 'Register a tender project (status information) with its tender items; key dates must be in order',
    tags,
    access: { menu: INFO, btn: '1' },
    body: z.strictObject(projectFields),
    handler: ({ tx, session, req, body }) => addProject({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/bidding/project/update',
    summary: 'Change a tender project; items, when given, replace the old ones',
    tags,
    access: { menu: INFO, btn: '1' },
    body: z.strictObject({ id, ...z.strictObject(projectFields).partial().shape }),
    handler: ({ tx, session, req, body: { id: pid, ...rest } }) => updateProject({ tx, session, ip: req.ip }, pid, rest),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/bidding/project/delete',
    summary: 'Delete a tender project that has no deposit or fee application (its evidence files are removed)',
    tags,
    access: { menu: INFO, btn: '1' },
    query: z.strictObject({ id }),
    handler: ({ tx, session, req, query, afterCommit }) =>
      deleteProject({ tx, session, ip: req.ip }, query.id, (names) =>
        afterCommit(() => removeAttached(req.server.fileStore, req.log, session.tenantId, names)),
      ),
  }),
  defineRoute({
    method: 'POST',
    url: '/bidding/project/move',
    summary: 'Move a project one step of its life (information → … → opening → won/lost/abandoned → closed); other moves are refused',
    tags,
    access: { menu: '/bidding/project_status', btn: '1' },
    body: z.strictObject({ id, to: status, remark: text(500), resultDate: day.nullable().optional() }),
    handler: ({ tx, session, req, body }) => moveProject({ tx, session, ip: req.ip }, body.id, body.to, body.remark, body.resultDate),
  }),
  defineRoute({
    method: 'POST',
    url: '/bidding/bidder/save',
    summary: 'Competitor analysis: replace the bidders of a project (ourselves and competitors) with their analysis and prices',
    tags,
    access: { menu: '/bidding/competitor', btn: '1' },
    body: z.strictObject({ projectId: id, bidders: z.array(bidder).max(100) }),
    handler: ({ tx, session, req, body }) => saveBidders({ tx, session, ip: req.ip }, body.projectId, body.bidders),
  }),
  defineRoute({
    method: 'POST',
    url: '/bidding/opening/save',
    summary: 'Opening registration: every bidder’s price read at the opening',
    tags,
    access: { menu: '/bidding/opening', btn: '1' },
    body: z.strictObject({ projectId: id, bidders: z.array(bidder).min(1, '请至少登记一家投标单位').max(100) }),
    handler: ({ tx, session, req, body }) => saveBidders({ tx, session, ip: req.ip }, body.projectId, body.bidders),
  }),
  defineRoute({
    method: 'POST',
    url: '/bidding/result/register',
    summary: 'Winning result registration: the winner among the bidders; the project becomes won (ourselves) or lost',
    tags,
    access: { menu: '/bidding/winning_result', btn: '1' },
    body: z.strictObject({ projectId: id, winnerId: id, remark: text(500), resultDate: day.nullable().optional() }),
    handler: ({ tx, session, req, body }) => registerResult({ tx, session, ip: req.ip }, body.projectId, body.winnerId, body.remark, body.resultDate),
  }),
  defineRoute({
    method: 'GET',
    url: '/bidding/analysis',
    summary: 'Win rate (overall and per tendering party) and the price gap to the winner per decided project',
    tags,
    access: 'user',
    query: z.strictObject({}),
    handler: ({ tx, session }) => bidAnalysis(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/bidding/dashboard',
    summary: 'The bidding dashboard: pipeline by status, win rate, deposits outstanding and overdue',
    tags,
    access: 'user',
    query: z.strictObject({}),
    handler: ({ tx, session }) => bidDashboard(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/bidding/workbench',
    summary: 'The bid workbench: registrations and openings due soon, applications to handle, deposits to recover',
    tags,
    access: 'user',
    query: z.strictObject({ days: z.coerce.number().int().min(1).max(365).default(14) }),
    handler: ({ tx, session, query }) => bidWorkbench(tx, session.tenantId, query.days),
  }),
];
