import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { execute, reportProduction } from './report.service.ts';
import { scanWorkOrder, workOrderCard } from './scan.queries.ts';
import { readSettings, saveSettings } from './settings.ts';
import { jobHeld } from './in-process.ts';
import { DATETIME_RE } from './backdate.ts';

const tags = ['shopfloor'];
const REPORTING = '/productionManagement/reporting';
const VIEW = [REPORTING, '/productionManagement/workOrder'];
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;
const qty = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform(String)
    .pipe(z.string().regex(QTY_RE, `${label}须为不小于0的数字`));
/** 补报: a past moment (checked against now, the work order and the closed periods by the service) */
const backTime = z.string().trim().regex(DATETIME_RE, '补报时间格式应为 YYYY-MM-DD HH:mm:ss');

export const executionRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/shopfloor/scan',
    summary: 'A scanned work order number (keyboard wedge: code + Enter) → the operation card: status, received, still reportable, progress',
    tags,
    access: { menu: VIEW },
    query: z.strictObject({ code: z.string().trim().min(1, '请扫描工单条码').max(40) }),
    handler: ({ tx, session, query }) => scanWorkOrder(tx, session.tenantId, query.code),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/card',
    summary: 'The operation card of a work order by id',
    tags,
    access: { menu: VIEW },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => workOrderCard(tx, session.tenantId, query.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/jobHeld',
    summary: "The operations of a work order's job: each one's card (received, still reportable) and its units held by pending in-process inspections",
    tags,
    access: { menu: VIEW },
    query: z.strictObject({ workOrderId: id }),
    handler: ({ tx, session, req, query }) => jobHeld({ tx, session, ip: req.ip }, query.workOrderId),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/execute',
    invalidates: false,
    summary: 'Start, pause, resume or finish an operation',
    tags,
    access: { menu: [REPORTING, '/manufacture/production_task'], btn: '1' },
    body: z.strictObject({
      workOrderId: id,
      action: z.enum(['start', 'pause', 'resume', 'finish']),
      workstationId: id.optional(),
      // 补报: when it happened (not in the future, not before the release)
      time: backTime.optional(),
    }),
    handler: ({ tx, session, body, req }) => execute({ tx, session, ip: req.ip }, body.workOrderId, body.action, body.workstationId, body.time),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/report',
    invalidates: false,
    summary: '报工: good and scrapped units (with defect type), person, team, workstation, hours; backflush; progress follows',
    tags,
    access: { menu: REPORTING, btn: '1' },
    body: z.strictObject({
      workOrderId: id,
      goodQty: qty('合格数'),
      scrapQty: qty('报废数').optional(),
      defectTypeId: id.optional(),
      person: z.string().trim().max(50).optional(),
      teamId: id.optional(),
      workstationId: id.optional(),
      hours: qty('工时').optional(),
      // the production task (日排产) the units were made on
      taskId: id.optional(),
      // 补报: when the units were made; the report, its backflush document and journal entries are dated then
      reportTime: backTime.optional(),
    }),
    handler: ({ tx, session, body, req }) => reportProduction({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/settings',
    summary: 'Shop floor settings: over-report tolerance (%), backflush warehouse',
    tags,
    access: { menu: VIEW },
    handler: ({ tx, session }) => readSettings(tx, session.tenantId),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/settings',
    invalidates: false,
    summary: 'Change the shop floor settings',
    tags,
    access: { menu: REPORTING, btn: '1' },
    body: z.strictObject({
      overReportPct: qty('超报比例').refine((v) => Number(v) <= 100, '超报比例不能超过100'),
      backflushDepotId: id.nullable().optional(),
    }),
    handler: ({ tx, session, body }) => saveSettings(tx, session.tenantId, body),
  }),
];
