import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { addProject, PROJECT_STATUS, setMembers, transitionProject, updateProject, warrantyProject } from './project.service.ts';
import { categoryTree, listProjects, projectDetail } from './project.queries.ts';
import { addLink, addTask, deleteLink, deleteTask, updateTask } from './task.service.ts';
import { rescheduleProject } from './schedule/schedule.service.ts';
import { projectFor } from './access.ts';
import { day, id, money, text } from './schemas.ts';

const tags = ['project'];
const LIST = '/project/list';
const TASK = '/project/task';

const projectFields = {
  name: z.string().trim().min(1, '项目名称不能为空').max(100, '项目名称最多100个字'),
  categoryId: id.nullable().optional(),
  startDate: day,
  managerId: id.nullable().optional(),
  partnerId: id.nullable().optional(),
  budget: money('预算').optional(),
  remark: text(500).nullable().optional(),
};
const linkKind = z.enum(['FS', 'SS', 'FF', 'SF']);
const lag = z.number().int('延隔必须是整数个工作日').min(-3650).max(3650);
const taskFields = {
  parentId: id.nullable().optional(),
  name: z.string().trim().min(1, '任务名称不能为空').max(100, '任务名称最多100个字'),
  duration: z.number().int('工期必须是整数个工作日').min(0, '工期不能为负数').max(3650, '工期最多3650个工作日'),
  pinnedStart: day.nullable().optional(),
  assigneeId: id.nullable().optional(),
  progress: z.number().int().min(0).max(100).optional(),
};

export const projectRoutes = [
  defineRoute({
    method: 'GET',
    url: '/project/list',
    summary: 'Projects (or templates) the user may see: all with the 全部数据 scope, else those they belong to',
    tags,
    access: { menu: LIST },
    query: z.strictObject({
      name: text(100).optional(),
      status: z.enum(PROJECT_STATUS).optional(),
      categoryId: id.optional(),
      template: z.enum(['0', '1']).optional(),
      currentPage: z.coerce.number().int().min(1).max(100000).optional(),
      pageSize: z.coerce.number().int().min(1).max(500).optional(),
    }),
    handler: ({ tx, session, query }) => listProjects(tx, session, { ...query, template: query.template === '1' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/categories',
    summary: '项目分类 as a tree (id, name, enabled, children) for the project form and the list filter',
    tags,
    access: { menu: LIST },
    handler: ({ tx, session }) => categoryTree(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/detail',
    summary: 'A project with its members, scheduled tasks, links and risks',
    tags,
    access: { menu: LIST },
    query: z.strictObject({ id }),
    handler: ({ tx, session, query }) => projectDetail(tx, session, query.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/add',
    summary: 'Add a project (or a template); from a template it gets the template’s task tree, links and members’ roles',
    tags,
    access: { menu: LIST, btn: '1' },
    body: z.strictObject({ ...projectFields, isTemplate: z.boolean().optional(), templateId: id.nullable().optional() }),
    handler: ({ tx, session, req, body }) => addProject({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/project/update',
    summary: 'Change a project; a new start date re-schedules its tasks',
    tags,
    access: { menu: LIST, btn: '1' },
    body: z.strictObject({ id, ...z.strictObject(projectFields).partial().shape }),
    handler: ({ tx, session, req, body: { id: pid, ...rest } }) => updateProject({ tx, session, ip: req.ip }, pid, rest),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/transition',
    summary: 'Move a project to the next status: new → progress → online (go-live) → acceptance → summary → closed',
    tags,
    access: { menu: LIST, btn: '1' },
    body: z.strictObject({ id, to: z.enum(PROJECT_STATUS) }),
    handler: ({ tx, session, req, body }) => transitionProject({ tx, session, ip: req.ip }, body.id, body.to),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/warranty',
    summary: 'A warranty project after a closed one (same customer, manager and members)',
    tags,
    access: { menu: LIST, btn: '1' },
    body: z.strictObject({ id, startDate: day }),
    handler: ({ tx, session, req, body }) => warrantyProject({ tx, session, ip: req.ip }, body.id, body.startDate),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/members',
    summary: 'Replace a project’s members and their roles',
    tags,
    access: { menu: LIST, btn: '1' },
    body: z.strictObject({
      projectId: id,
      members: z.array(z.strictObject({ userId: id, role: z.enum(['manager', 'member', 'finance', 'viewer']) })).max(500),
    }),
    handler: ({ tx, session, req, body }) => setMembers({ tx, session, ip: req.ip }, body.projectId, body.members),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/task/add',
    summary: 'Add a task to a project’s WBS; the project is re-scheduled',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({ projectId: id, ...taskFields }),
    handler: ({ tx, session, req, body }) => addTask({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/project/task/update',
    summary:
      'Change a task (name, duration, pinning, parent, assignee, progress; predecessors replaced as a whole); the project is re-scheduled and the moved tasks returned',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({
      id,
      ...z.strictObject(taskFields).partial().shape,
      actualStart: day.nullable().optional(),
      actualEnd: day.nullable().optional(),
      predecessors: z
        .array(z.strictObject({ predId: id, kind: linkKind, lag: lag.default(0) }))
        .max(200)
        .optional(),
    }),
    handler: ({ tx, session, req, body: { id: tid, ...rest } }) => updateTask({ tx, session, ip: req.ip }, tid, rest),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/task/delete',
    summary: 'Delete a task without sub-tasks (its links go with it)',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => deleteTask({ tx, session, ip: req.ip }, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/link/add',
    summary: 'Link two tasks (FS, SS, FF, SF) with a lag in working days (negative: a lead); a cycle is refused naming it',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({
      predId: id,
      succId: id,
      kind: linkKind,
      lag: lag.optional(),
    }),
    handler: ({ tx, session, req, body }) => addLink({ tx, session, ip: req.ip }, { ...body, lag: body.lag ?? 0 }),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/link/delete',
    summary: 'Remove a link; the project is re-scheduled',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => deleteLink({ tx, session, ip: req.ip }, body.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/schedule',
    summary: 'Re-schedule a project on the company calendar (critical path, float); returns the tasks that moved',
    tags,
    access: { menu: TASK, btn: '1' },
    body: z.strictObject({ projectId: id }),
    handler: async ({ tx, session, body }) => {
      await projectFor(tx, session, body.projectId);
      return rescheduleProject(tx, session.tenantId, body.projectId);
    },
  }),
];
