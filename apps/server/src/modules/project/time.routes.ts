import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { decideTime, deleteTime, hoursByPerson, logTime, submitTime, timeEntries, updateTime } from './time.service.ts';
import { addOnline, onlineRecords } from './online.service.ts';
import { day, id, text } from './schemas.ts';

const tags = ['project'];
const TASK = '/project/task';
const LIST = '/project/list';

/** Hours of one entry: more than 0, at most 24, up to 2 decimals (a string or a number; decimal.js downstream). */
const hours = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => /^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= 24, '工时必须大于0且不超过24小时，最多2位小数');

/** 工时 (addNewWork) and 上线 (newOnline), issue 19 §1–2. */
export const timeRoutes = [
  defineRoute({
    method: 'POST',
    url: '/project/time/add',
    summary: 'Log hours on a task (the user’s own; at most 24 hours a day), as a draft or submitted',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({
      taskId: id,
      workDate: day,
      hours,
      content: text(500).nullable().optional(),
      resourcePriceId: id.nullable().optional(),
      submit: z.boolean().optional(),
    }),
    handler: ({ tx, session, req, body }) => logTime({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/time/submit',
    summary: 'Submit one’s own draft (or rejected) time entry for the manager’s approval',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => submitTime({ tx, session, ip: req.ip }, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/time/update',
    summary: 'Edit one’s own draft or rejected time entry (it becomes a draft; the 24-hour day checked again)',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({
      id,
      taskId: id,
      workDate: day,
      hours,
      content: text(500).nullable().optional(),
      resourcePriceId: id.nullable().optional(),
    }),
    handler: ({ tx, session, req, body }) => updateTime({ tx, session, ip: req.ip }, body.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/time/delete',
    summary: 'Delete one’s own draft or rejected time entry',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => deleteTime({ tx, session, ip: req.ip }, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/time/decide',
    summary: 'The project manager approves (cost = hours × the resource rate, frozen) or rejects a submitted entry',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({
      id,
      approve: z.boolean(),
      reason: text(200).nullable().optional(),
      resourcePriceId: id.nullable().optional(),
    }),
    handler: ({ tx, session, req, body }) => decideTime({ tx, session, ip: req.ip }, body.id, body.approve, body.reason, body.resourcePriceId),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/time/list',
    summary: 'A project’s time entries with its approved hours and labour cost',
    tags,
    access: { menu: TASK },
    query: z.strictObject({ projectId: id }),
    handler: ({ tx, session, query }) => timeEntries(tx, session, query.projectId),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/report/hours',
    summary: 'Human input: approved and pending hours by person and project, with the labour cost',
    tags,
    access: { menu: '/project/report' },
    handler: ({ tx, session }) => hoursByPerson(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/online/add',
    summary: 'Record a go-live (date, scope, sign-off); a project in progress moves to 上线',
    tags,
    access: { menu: LIST, btn: '1' },
    body: z.strictObject({
      projectId: id,
      onlineDate: day,
      scope: z.string().trim().min(1, '上线内容不能为空').max(2000, '上线内容最多2000个字'),
      signer: text(50).nullable().optional(),
      signDate: day.nullable().optional(),
      remark: text(500).nullable().optional(),
    }),
    handler: ({ tx, session, req, body }) => addOnline({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/online/list',
    summary: 'A project’s go-live records',
    tags,
    access: { menu: LIST },
    query: z.strictObject({ projectId: id }),
    handler: ({ tx, session, query }) => onlineRecords(tx, session, query.projectId),
  }),
];
