import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { projectFor } from './access.ts';
import { nextProjectNumber } from './numbering.ts';
import { rescheduleProject } from './schedule/schedule.service.ts';
import { archiveProject } from './archive.service.ts';

/** The life of a project (issue 19): each status moves only to the next one. */
export const PROJECT_STATUS = ['new', 'progress', 'online', 'acceptance', 'summary', 'closed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUS)[number];
export const STATUS_LABEL: Record<ProjectStatus, string> = {
  new: '新建',
  progress: '进行中',
  online: '上线',
  acceptance: '验收',
  summary: '总结',
  closed: '已关闭',
};

export interface ProjectInput {
  name: string;
  categoryId?: number | null;
  startDate: string;
  managerId?: number | null;
  partnerId?: number | null;
  budget?: string;
  remark?: string | null;
  isTemplate?: boolean;
  templateId?: number | null;
}

/**
 * A project's 项目分类 must be a live category of the company; a disabled one is refused unless the project
 * (`projectId`) already has it.
 */
async function checkCategory(tx: Tx, tenantId: number, categoryId: number, projectId?: number) {
  const c = await tx.one<{ enabled: boolean; kept: boolean }>(
    `select c.enabled, exists (select 1 from proj_project p where p.tenant_id = c.tenant_id and p.id = $3 and p.category_id = c.id) as kept
       from proj_category c where c.tenant_id = $1 and c.id = $2 and not c.delete_flag`,
    [tenantId, categoryId, projectId ?? null],
  );
  if (!c) throw new BusinessError('项目分类不存在');
  if (!c.enabled && !c.kept) throw new BusinessError('项目分类已停用，请选择其他分类');
}

export async function addProject(ctx: RequestCtx, input: ProjectInput) {
  const { tx, session } = ctx;
  const tenantId = session.tenantId;
  if (input.templateId != null) {
    const tpl = await tx.one('select 1 from proj_project where tenant_id = $1 and id = $2 and is_template and not delete_flag', [tenantId, input.templateId]);
    if (!tpl) throw new BusinessError('项目模板不存在');
  }
  if (input.categoryId != null) await checkCategory(tx, tenantId, input.categoryId);
  const number = await nextProjectNumber(tx, tenantId, input.isTemplate ? 'XMMB' : 'XM');
  const r = await tx.one<{ id: number }>(
    `insert into proj_project(tenant_id, number, name, category_id, start_date, manager_id, partner_id, budget, remark, is_template, template_id, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id::int as id`,
    [
      tenantId,
      number,
      input.name,
      input.categoryId ?? null,
      input.startDate,
      input.managerId ?? session.userId,
      input.partnerId ?? null,
      input.budget ?? '0',
      input.remark ?? null,
      input.isTemplate ?? false,
      input.templateId ?? null,
      session.userId,
    ],
  );
  const id = r!.id;
  // the creator and the manager belong to the project
  await tx.query(
    `insert into proj_member(tenant_id, project_id, user_id, role) select $1, $2, u, 'manager' from unnest($3::bigint[]) u on conflict do nothing`,
    [tenantId, id, [...new Set([input.managerId ?? session.userId, session.userId])]],
  );
  if (input.templateId != null) await copyTemplate(tx, tenantId, input.templateId, id);
  await rescheduleProject(tx, tenantId, id);
  return { id, number };
}

/** A template's task tree, its links and its members' roles, copied into a new project (the same tree every time). */
async function copyTemplate(tx: Tx, tenantId: number, from: number, to: number) {
  // new ids for the template's tasks in their order, then parents mapped through the same pairs
  await tx.query(
    `insert into proj_task(tenant_id, project_id, seq, name, duration, assignee_id)
     select $1, $3, seq, name, duration, assignee_id from proj_task where tenant_id = $1 and project_id = $2 order by seq, id`,
    [tenantId, from, to],
  );
  await tx.query(
    `with a as (select id, row_number() over (order by seq, id) as n from proj_task where tenant_id = $1 and project_id = $2),
          b as (select id, row_number() over (order by seq, id) as n from proj_task where tenant_id = $1 and project_id = $3),
          pair as (select a.id as old, b.id as new from a join b using (n)),
          par as (update proj_task t set parent_id = pp.new
                    from proj_task s join pair me on me.old = s.id join pair pp on pp.old = s.parent_id
                   where s.tenant_id = $1 and t.tenant_id = $1 and t.id = me.new returning 1)
     insert into proj_task_link(tenant_id, project_id, pred_id, succ_id, kind, lag)
     select $1, $3, p1.new, p2.new, l.kind, l.lag from proj_task_link l join pair p1 on p1.old = l.pred_id join pair p2 on p2.old = l.succ_id
      where l.tenant_id = $1 and l.project_id = $2`,
    [tenantId, from, to],
  );
  await tx.query(
    `insert into proj_member(tenant_id, project_id, user_id, role) select tenant_id, $3, user_id, role from proj_member where tenant_id = $1 and project_id = $2
     on conflict do nothing`,
    [tenantId, from, to],
  );
}

export async function updateProject(ctx: RequestCtx, id: number, input: Partial<ProjectInput>) {
  const { tx, session } = ctx;
  await projectFor(tx, session, id);
  if (input.categoryId != null) await checkCategory(tx, session.tenantId, input.categoryId, id);
  const cols: Record<string, unknown> = {
    name: input.name,
    category_id: input.categoryId,
    start_date: input.startDate,
    manager_id: input.managerId,
    partner_id: input.partnerId,
    budget: input.budget,
    remark: input.remark,
  };
  const set = Object.entries(cols).filter(([, v]) => v !== undefined);
  if (set.length)
    await tx.query(`update proj_project set ${set.map(([c], i) => `${c} = $${i + 3}`).join(', ')}, updated_at = now() where tenant_id = $1 and id = $2`, [
      session.tenantId,
      id,
      ...set.map(([, v]) => v),
    ]);
  if (input.startDate) await rescheduleProject(tx, session.tenantId, id);
  return { id };
}

/** Moves a project to the next status of its life; any other move is refused. */
export async function transitionProject(ctx: RequestCtx, id: number, to: ProjectStatus) {
  const { tx, session } = ctx;
  const p = await projectFor(tx, session, id);
  if (p.is_template) throw new BusinessError('项目模板没有状态流转');
  const from = p.status as ProjectStatus;
  if (PROJECT_STATUS.indexOf(to) !== PROJECT_STATUS.indexOf(from) + 1)
    throw new BusinessError(`项目状态不能从「${STATUS_LABEL[from]}」变为「${STATUS_LABEL[to]}」`);
  await tx.query('update proj_project set status = $3, updated_at = now() where tenant_id = $1 and id = $2', [session.tenantId, id, to]);
  // a closed project's dossier (and each contract's) is frozen in 项目档案 / 合同档案
  const archive = to === 'closed' ? await archiveProject(ctx, id, 'closed') : undefined;
  return { id, status: to, ...(archive ? { archiveNumber: archive.number } : {}) };
}

/** A warranty project following a closed project (same category, customer, manager and members). */
export async function warrantyProject(ctx: RequestCtx, id: number, startDate: string) {
  const { tx, session } = ctx;
  const p = await projectFor(tx, session, id);
  if (p.status !== 'closed') throw new BusinessError('只有已关闭的项目才能创建质保项目');
  const number = await nextProjectNumber(tx, session.tenantId, 'XMZB');
  const r = await tx.one<{ id: number }>(
    `insert into proj_project(tenant_id, number, name, category_id, start_date, manager_id, partner_id, warranty_of, creator)
     select tenant_id, $3, left(name || '（质保）', 100), category_id, $4, manager_id, partner_id, id, $5 from proj_project where tenant_id = $1 and id = $2
     returning id::int as id`,
    [session.tenantId, id, number, startDate, session.userId],
  );
  await tx.query(
    `insert into proj_member(tenant_id, project_id, user_id, role) select tenant_id, $3, user_id, role from proj_member where tenant_id = $1 and project_id = $2`,
    [session.tenantId, id, r!.id],
  );
  return { id: r!.id, number };
}

export async function setMembers(ctx: RequestCtx, projectId: number, members: Array<{ userId: number; role: string }>) {
  const { tx, session } = ctx;
  await projectFor(tx, session, projectId);
  const users = await tx.query<{ id: number }>('select id::int as id from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [
    session.tenantId,
    members.map((m) => m.userId),
  ]);
  if (users.length !== new Set(members.map((m) => m.userId)).size) throw new BusinessError('成员必须是本公司的用户');
  await tx.query('delete from proj_member where tenant_id = $1 and project_id = $2', [session.tenantId, projectId]);
  await tx.query(
    'insert into proj_member(tenant_id, project_id, user_id, role) select $1, $2, u, r from unnest($3::bigint[], $4::text[]) as x(u, r) on conflict do nothing',
    [session.tenantId, projectId, members.map((m) => m.userId), members.map((m) => m.role)],
  );
  return { projectId, members: members.length };
}
