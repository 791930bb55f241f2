import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { sendMessage } from '../message/index.ts';
import { projectFor, projectOfTask } from './access.ts';
import { rescheduleProject } from './schedule/schedule.service.ts';
import { topoOrder, type LinkKind } from './schedule/cpm.ts';

export interface TaskInput {
  projectId: number;
  parentId?: number | null;
  name: string;
  duration: number;
  pinnedStart?: string | null;
  assigneeId?: number | null;
  progress?: number;
}

/** The actual dates a task update may carry beside its plan (the progression report compares them). */
export interface ActualDates {
  actualStart?: string | null;
  actualEnd?: string | null;
}

export const ACTUAL_MSG = {
  notDone: '任务进度达到100%才能填写实际完成日期',
  order: '实际完成日期不能早于实际开始日期',
} as const;

/**
 * The actual dates after an update: the actual start is filled when the progress passes 0 (today, or the actual
 * finish if earlier), the actual finish when it reaches 100 (today, or the actual start if later) and cleared below
 * 100; a finish entered by hand needs 100% and may not precede the start.
 */
async function actualDates(ctx: RequestCtx, id: number, input: ActualDates & { progress?: number }) {
  const { tx, session } = ctx;
  const b = await tx.one<{ progress: number; actual_start: string | null; actual_end: string | null; today: string }>(
    `select progress, to_char(actual_start, 'YYYY-MM-DD') as actual_start, to_char(actual_end, 'YYYY-MM-DD') as actual_end,
            to_char(current_date, 'YYYY-MM-DD') as today
       from proj_task where tenant_id = $1 and id = $2`,
    [session.tenantId, id],
  );
  const progress = input.progress ?? b!.progress;
  if (input.actualEnd != null && progress < 100) throw new BusinessError(ACTUAL_MSG.notDone);
  const givenStart = input.actualStart !== undefined ? input.actualStart : b!.actual_start;
  const givenEnd = input.actualEnd !== undefined ? input.actualEnd : b!.actual_end;
  const min = (x: string, y: string) => (x < y ? x : y);
  const start = givenStart ?? (progress > 0 ? min(b!.today, givenEnd ?? b!.today) : null);
  const end = progress === 100 ? (givenEnd ?? (start && start > b!.today ? start : b!.today)) : null;
  if (start && end && end < start) throw new BusinessError(ACTUAL_MSG.order);
  return { actual_start: start, actual_end: end };
}

async function checkParent(ctx: RequestCtx, projectId: number, parentId: number | null | undefined, selfId?: number) {
  if (parentId == null) return;
  const { tx, session } = ctx;
  const p = await tx.one<{ project_id: number; links: boolean }>(
    `select project_id::int as project_id,
            exists (select 1 from proj_task_link l where l.tenant_id = t.tenant_id and (l.pred_id = t.id or l.succ_id = t.id)) as links
       from proj_task t where t.tenant_id = $1 and t.id = $2`,
    [session.tenantId, parentId],
  );
  if (!p || p.project_id !== projectId) throw new BusinessError('上级任务不存在或不属于该项目');
  if (p.links) throw new BusinessError('有依赖关系的任务不能再添加子任务，请先删除它的依赖');
  if (selfId != null) {
    const loop = await tx.one(
      `with recursive up(id) as (select $2::bigint union all select t.parent_id from proj_task t join up on t.id = up.id and t.tenant_id = $1 where t.parent_id is not null)
       select 1 from up where id = $3`,
      [session.tenantId, parentId, selfId],
    );
    if (loop) throw new BusinessError('上级任务不能是任务自己或它的下级');
  }
}

async function notifyAssignee(ctx: RequestCtx, taskId: number, name: string, assigneeId: number | null | undefined) {
  if (assigneeId == null) return;
  await sendMessage(ctx.tx, ctx.session.tenantId, ctx.session.userId, {
    msgTitle: `项目任务：${name}`,
    msgContent: `您被指派了项目任务「${name}」`,
    type: '2',
    openType: 'url',
    openPage: `/blank/newTask?id=${taskId}`,
    busId: taskId,
    modelName: 'projectTask',
    userIds: [assigneeId],
  });
}

export async function addTask(ctx: RequestCtx, input: TaskInput) {
  const { tx, session } = ctx;
  await projectFor(tx, session, input.projectId);
  await checkParent(ctx, input.projectId, input.parentId);
  const r = await tx.one<{ id: number }>(
    `insert into proj_task(tenant_id, project_id, parent_id, seq, name, duration, pinned_start, assignee_id, progress)
     values ($1, $2, $3, (select coalesce(max(seq), 0) + 1 from proj_task where tenant_id = $1 and project_id = $2), $4, $5, $6, $7, $8)
     returning id::int as id`,
    [
      session.tenantId,
      input.projectId,
      input.parentId ?? null,
      input.name,
      input.duration,
      input.pinnedStart ?? null,
      input.assigneeId ?? null,
      input.progress ?? 0,
    ],
  );
  await notifyAssignee(ctx, r!.id, input.name, input.assigneeId);
  const s = await rescheduleProject(tx, session.tenantId, input.projectId);
  return { id: r!.id, moved: s.moved, finish: s.finish };
}

export async function updateTask(
  ctx: RequestCtx,
  id: number,
  input: Partial<Omit<TaskInput, 'projectId'>> & ActualDates & { predecessors?: Array<Omit<LinkInput, 'succId'>> },
) {
  const { tx, session } = ctx;
  const p = await projectOfTask(tx, session, id);
  if ('parentId' in input) await checkParent(ctx, p.id, input.parentId, id);
  const before = await tx.one<{ assignee_id: number | null; name: string }>(
    'select assignee_id::int as assignee_id, name from proj_task where tenant_id = $1 and id = $2',
    [session.tenantId, id],
  );
  // the predecessors first: a cycle is named with the tasks' names as they were
  if (input.predecessors) await replacePredecessors(ctx, p.id, id, input.predecessors);
  const cols: Record<string, unknown> = {
    parent_id: input.parentId,
    name: input.name,
    duration: input.duration,
    pinned_start: input.pinnedStart,
    assignee_id: input.assigneeId,
    progress: input.progress,
    ...(await actualDates(ctx, id, input)),
  };
  const set = Object.entries(cols).filter(([, v]) => v !== undefined);
  if (set.length)
    await tx.query(`update proj_task set ${set.map(([c], i) => `${c} = $${i + 3}`).join(', ')} where tenant_id = $1 and id = $2`, [
      session.tenantId,
      id,
      ...set.map(([, v]) => v),
    ]);
  if (input.assigneeId != null && input.assigneeId !== before!.assignee_id) await notifyAssignee(ctx, id, input.name ?? before!.name, input.assigneeId);
  const s = await rescheduleProject(tx, session.tenantId, p.id);
  return { id, moved: s.moved, finish: s.finish };
}

export async function deleteTask(ctx: RequestCtx, id: number) {
  const { tx, session } = ctx;
  const p = await projectOfTask(tx, session, id);
  const child = await tx.one('select 1 from proj_task where tenant_id = $1 and parent_id = $2 limit 1', [session.tenantId, id]);
  if (child) throw new BusinessError('任务有下级任务，请先删除下级任务');
  await tx.query('delete from proj_task where tenant_id = $1 and id = $2', [session.tenantId, id]);
  const s = await rescheduleProject(tx, session.tenantId, p.id);
  return { moved: s.moved, finish: s.finish };
}

export interface LinkInput {
  predId: number;
  succId: number;
  kind: LinkKind;
  lag: number;
}

/** Refused unless the project's links with `extra` added (and `without` left out) have no cycle; names the cycle. */
async function checkAcyclic(
  ctx: RequestCtx,
  projectId: number,
  extra: Array<{ pred: number; succ: number }>,
  without?: (l: { pred: number; succ: number }) => boolean,
) {
  const { tx, session } = ctx;
  const tasks = await tx.query<{ id: number; name: string }>('select id::int as id, name from proj_task where tenant_id = $1 and project_id = $2', [
    session.tenantId,
    projectId,
  ]);
  const links = await tx.query<{ pred: number; succ: number }>(
    'select pred_id::int as pred, succ_id::int as succ from proj_task_link where tenant_id = $1 and project_id = $2',
    [session.tenantId, projectId],
  );
  topoOrder(
    tasks.map((t) => ({ ...t, duration: 0 })),
    [...links.filter((l) => !without?.(l)), ...extra].map((l) => ({ ...l, kind: 'FS' as const, lag: 0 })),
  );
}

/** The leaf tasks among `ids`, refused unless every one is a task of the project without sub-tasks. */
async function checkLeaves(ctx: RequestCtx, projectId: number, ids: number[]) {
  const rows = await ctx.tx.query<{ id: number; project_id: number; summary: boolean }>(
    `select id::int as id, project_id::int as project_id,
            exists (select 1 from proj_task c where c.tenant_id = t.tenant_id and c.parent_id = t.id) as summary
       from proj_task t where t.tenant_id = $1 and t.id = any($2::bigint[])`,
    [ctx.session.tenantId, ids],
  );
  if (rows.length !== new Set(ids).size || rows.some((r) => r.project_id !== projectId)) throw new BusinessError('两个任务必须属于同一个项目');
  if (rows.some((r) => r.summary)) throw new BusinessError('汇总任务（有下级的任务）不能设置依赖，请连接它的下级任务');
}

/** A task's predecessors replaced as a whole (kind and lag each): checked like single links, cycles refused before writing. */
async function replacePredecessors(ctx: RequestCtx, projectId: number, id: number, preds: Array<Omit<LinkInput, 'succId'>>) {
  const { tx, session } = ctx;
  if (preds.some((l) => l.predId === id)) throw new BusinessError('任务不能依赖自己');
  if (new Set(preds.map((l) => l.predId)).size !== preds.length) throw new BusinessError('这两个任务之间已有依赖');
  if (preds.length) await checkLeaves(ctx, projectId, [id, ...preds.map((l) => l.predId)]);
  await checkAcyclic(
    ctx,
    projectId,
    preds.map((l) => ({ pred: l.predId, succ: id })),
    (l) => l.succ === id,
  );
  await tx.query('delete from proj_task_link where tenant_id = $1 and succ_id = $2', [session.tenantId, id]);
  for (const l of preds)
    await tx.query('insert into proj_task_link(tenant_id, project_id, pred_id, succ_id, kind, lag) values ($1, $2, $3, $4, $5, $6)', [
      session.tenantId,
      projectId,
      l.predId,
      id,
      l.kind,
      l.lag,
    ]);
}

/** Links two leaf tasks of one project; a link that closes a cycle is refused naming the cycle. */
export async function addLink(ctx: RequestCtx, input: LinkInput) {
  const { tx, session } = ctx;
  if (input.predId === input.succId) throw new BusinessError('任务不能依赖自己');
  const p = await projectOfTask(tx, session, input.predId);
  await checkLeaves(ctx, p.id, [input.predId, input.succId]);
  const dup = await tx.one('select 1 from proj_task_link where tenant_id = $1 and pred_id = $2 and succ_id = $3', [
    session.tenantId,
    input.predId,
    input.succId,
  ]);
  if (dup) throw new BusinessError('这两个任务之间已有依赖');
  // a cycle check over the project's links with the new one, before anything is written
  await checkAcyclic(ctx, p.id, [{ pred: input.predId, succ: input.succId }]);
  const r = await tx.one<{ id: number }>(
    'insert into proj_task_link(tenant_id, project_id, pred_id, succ_id, kind, lag) values ($1, $2, $3, $4, $5, $6) returning id::int as id',
    [session.tenantId, p.id, input.predId, input.succId, input.kind, input.lag],
  );
  const s = await rescheduleProject(tx, session.tenantId, p.id);
  return { id: r!.id, moved: s.moved, finish: s.finish };
}

export async function deleteLink(ctx: RequestCtx, id: number) {
  const { tx, session } = ctx;
  const l = await tx.one<{ pred: number }>('select pred_id::int as pred from proj_task_link where tenant_id = $1 and id = $2', [session.tenantId, id]);
  if (!l) throw new BusinessError('依赖不存在');
  const p = await projectOfTask(tx, session, l.pred);
  await tx.query('delete from proj_task_link where tenant_id = $1 and id = $2', [session.tenantId, id]);
  const s = await rescheduleProject(tx, session.tenantId, p.id);
  return { moved: s.moved, finish: s.finish };
}
