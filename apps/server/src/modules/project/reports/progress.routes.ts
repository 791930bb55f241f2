import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { PROJECT_STATUS, STATUS_LABEL } from '../project.service.ts';
import { day, id, text } from '../schemas.ts';
import { defineProjectReport, REPORT } from './report-route.ts';
import { projectProgress, taskProgress } from './progress.queries.ts';
import { deviceProgress, type DeviceStage } from './device.queries.ts';
import { projectWorkbench } from './workbench.queries.ts';

const STAGE_LABEL: Record<DeviceStage, string> = { open: '待请购', requested: '已请购', ordered: '已订购', partial: '部分到货', received: '已到货' };
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const common = { asOf: day.optional(), projectId: id.optional(), keyword: text(100).optional(), lateOnly: flag.optional() };

/** 项目报表 · 项目进度 (progression, per project and per task) and 设备进度 (device progress), issue 19 §5. */
export const progressRoutes = [
  ...defineProjectReport({
    url: '/project/report/progress',
    title: '项目进度',
    summary: 'Progression: per project the planned and actual dates, percent complete, done, overdue and late-finished tasks',
    filters: { ...common, status: z.enum(PROJECT_STATUS).optional() },
    columns: [
      { key: 'projectNumber', header: '项目编号', width: 20 },
      { key: 'projectName', header: '项目名称', width: 24 },
      { key: 'status', header: '状态', labels: STATUS_LABEL },
      { key: 'managerName', header: '项目经理' },
      { key: 'plannedStart', header: '计划开始' },
      { key: 'plannedEnd', header: '计划完成' },
      { key: 'actualStart', header: '实际开始' },
      { key: 'actualEnd', header: '实际完成' },
      { key: 'percent', header: '完成率%' },
      { key: 'tasks', header: '任务数' },
      { key: 'done', header: '已完成' },
      { key: 'overdue', header: '逾期任务' },
      { key: 'finishedLate', header: '延期完成' },
      { key: 'late', header: '滞后' },
    ],
    run: (tx, s, f, page) => projectProgress(tx, s, { ...f, keyword: f.keyword || undefined }, page),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/report/progress/tasks',
    summary: 'Progression of one project task by task: planned and actual dates, progress (summaries rolled up), state and delay',
    tags: ['project'],
    access: { menu: REPORT },
    query: z.strictObject({ projectId: id, asOf: day.optional() }),
    handler: ({ tx, session, query }) => taskProgress(tx, session, query.projectId, query.asOf),
  }),
  ...defineProjectReport({
    url: '/project/report/devices',
    title: '设备进度',
    summary: 'Device progress: per project and device its needed, requested, ordered and received quantities, needed-by date and stage',
    filters: common,
    columns: [
      { key: 'projectNumber', header: '项目编号', width: 20 },
      { key: 'projectName', header: '项目名称', width: 24 },
      { key: 'materialName', header: '设备', width: 20 },
      { key: 'standard', header: '规格' },
      { key: 'unit', header: '单位' },
      { key: 'qty', header: '需求数量' },
      { key: 'requested', header: '已请购' },
      { key: 'ordered', header: '已订购' },
      { key: 'received', header: '已到货' },
      { key: 'percent', header: '到货率%' },
      { key: 'needDate', header: '需求日期' },
      { key: 'requests', header: '请购单', width: 24 },
      { key: 'stage', header: '阶段', labels: STAGE_LABEL },
      { key: 'late', header: '滞后' },
    ],
    run: (tx, s, f, page) => deviceProgress(tx, s, { ...f, keyword: f.keyword || undefined }, page),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/workbench',
    summary: 'Project workbench: my open tasks, my time entries, the entries awaiting my approval, my projects’ progress',
    tags: ['project'],
    access: { menu: '/project/workbench' },
    query: z.strictObject({ asOf: day.optional() }),
    handler: ({ tx, session, query }) => projectWorkbench(tx, session, query.asOf),
  }),
];
