import { z } from 'zod';
import { FRAME_FORMATS, SCALE_UNITS, STANDARD_BAUDS } from '@erp/entities';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { addStation, deleteStation, listStations, updateStation } from './stations.service.ts';
import { recordWeighing, stationReading } from './weighing.service.ts';
import { listWeighings, reportsOf, weighableWorkOrders } from './weighing.queries.ts';

const tags = ['shopfloor'];
const MENU = '/manufacture/auto_weighing';
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;
const qty = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform(String)
    .pipe(z.string().regex(QTY_RE, `${label}须为不小于0的数字`));
/** A serial device: /dev/… (Linux, macOS), a virtual port's link under /tmp/ (socat), or COM1…COM256 (Windows). */
const PATH_RE = /^(?:\/(?:dev|tmp)\/(?!.*\.\.)[A-Za-z0-9._\-/]{1,200}|COM[1-9]\d{0,2})$/;
const BAUD_TEXT = STANDARD_BAUDS.join('、');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

const station = z.strictObject({
  name: z.string().trim().min(1, '请输入称重站名称').max(50, '称重站名称不能超过50个字符'),
  devicePath: z.string().trim().regex(PATH_RE, '串口路径格式不正确，例如 /dev/ttyUSB0 或 COM3'),
  baud: z.coerce
    .number()
    .int()
    .refine((b) => (STANDARD_BAUDS as readonly number[]).includes(b), `波特率须为 ${BAUD_TEXT} 之一`),
  frameFormat: z.enum(FRAME_FORMATS).default('auto'),
  unit: z.enum(SCALE_UNITS).default('kg'),
  tare: qty('皮重').optional(),
  stableCount: z.coerce.number().int().min(1, '稳定次数须在1到50之间').max(50, '稳定次数须在1到50之间').default(3),
  tolerance: qty('稳定容差').optional(),
  workCentreId: id.nullable().optional(),
  enabled: z.boolean().default(true),
});

const SIXTY_DAYS = 60 * 86_400_000;
const record = z
  .strictObject({
    workOrderId: id,
    reportId: id.optional(),
    stationId: id.optional(),
    tare: qty('皮重').optional(),
    gross: qty('毛重').optional(),
    unit: z.enum(SCALE_UNITS).optional(),
    takenAt: z.iso
      .datetime({ offset: true, message: '称重时间格式不正确' })
      .refine((t) => Date.parse(t) <= Date.now() + 60_000 && Date.parse(t) >= Date.now() - SIXTY_DAYS, '称重时间须在60天内且不晚于现在')
      .optional(),
  })
  .refine((b) => b.stationId !== undefined || b.gross !== undefined, { message: '请选择称重站或读取本机秤的稳定重量', path: ['stationId'] });

export const weighingRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/shopfloor/weighing/stations',
    summary: '称重站: the company’s weighing stations (scale port, frame format, tare, work centre)',
    tags,
    access: { menu: MENU },
    handler: ({ tx, session }) => listStations(tx, session.tenantId),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/weighing/station/add',
    summary: 'Add a weighing station (device path, standard baud rate, frame format, tare, work centre)',
    tags,
    access: { menu: MENU, btn: '1' },
    body: station,
    handler: ({ tx, session, body, req }) => addStation({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/weighing/station/update',
    summary: 'Change a weighing station; its reader reopens the port with the new settings',
    tags,
    access: { menu: MENU, btn: '1' },
    body: station.extend({ id }),
    handler: ({ tx, session, body, req }) => updateStation({ tx, session, ip: req.ip }, body.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/weighing/station/delete',
    summary: 'Delete a weighing station (its weighings stay)',
    tags,
    access: { menu: MENU, btn: '1' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, body, req }) => deleteStation({ tx, session, ip: req.ip }, body.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/weighing/reading',
    summary: 'A station’s scale now: latest weight, stable or not, the stable gross and net, frames and garbage frames counted',
    tags,
    access: { menu: MENU },
    query: z.strictObject({ stationId: id }),
    handler: ({ tx, session, query }) => stationReading(tx, session.tenantId, query.stationId),
  }),
  defineRoute({
    method: 'POST',
    url: '/shopfloor/weighing/record',
    summary: 'Record the net weight (stable gross − tare) of one reported unit: from a station’s reader, or a stable gross the browser read (Web Serial)',
    tags,
    access: { menu: MENU, btn: '1' },
    body: record,
    handler: ({ tx, session, body, req }) => recordWeighing({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/weighing/list',
    summary: 'Recorded weighings, newest first, paged; by station, work order, days',
    tags,
    access: { menu: MENU },
    query: z.strictObject({
      currentPage: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(500).default(10),
      stationId: id.optional(),
      workOrderId: id.optional(),
      from: day.optional(),
      to: day.optional(),
    }),
    handler: ({ tx, session, query }) => listWeighings(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/weighing/workOrders',
    summary: 'Work orders a station may weigh for (released, started, paused), by number or product',
    tags,
    access: { menu: MENU },
    query: z.strictObject({ search: z.string().trim().max(50).optional() }),
    handler: ({ tx, session, query }) => weighableWorkOrders(tx, session.tenantId, query.search || undefined),
  }),
  defineRoute({
    method: 'GET',
    url: '/shopfloor/weighing/reports',
    summary: 'The production reports of a work order, to tie a weighing to one',
    tags,
    access: { menu: MENU },
    query: z.strictObject({ workOrderId: id }),
    handler: ({ tx, session, query }) => reportsOf(tx, session.tenantId, query.workOrderId),
  }),
];
