import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, forbidden } from '../../platform/errors.ts';
import { projectFor, projectOfTask, visibleProjectAnd } from './access.ts';

/**
 * Time entries (工时, /blank/addNewWork, issue 19 §2): a person logs hours on a task of a project they belong
 * to (at most 24 hours a day across all their entries), submits them, and the project's manager approves or
 * rejects them. On approval the resource rate is frozen per hour (a day rate counts 8 hours) and the entry's
 * cost = hours × that rate: the approved entries are the project's labour cost.
 */
export const HOURS_PER_DAY = 8;

export interface TimeInput {
  taskId: number;
  workDate: string;
  hours: string;
  content?: string | null;
  resourcePriceId?: number | null;
  submit?: boolean;
}

async function checkDay(tx: Tx, s: Session, workDate: string, hours: Decimal, exceptId = 0) {
  // one person's day is checked under a lock so two entries saved at once cannot pass 24 hours together
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`proj_time:${s.tenantId}:${s.userId}:${workDate}`]);
  const r = await tx.one<{ total: string }>(
    `select coalesce(sum(hours), 0)::text as total from proj_time_entry
      where tenant_id = $1 and user_id = $2 and work_date = $3 and status <> 'rejected' and id <> $4`,
    [s.tenantId, s.userId, workDate, exceptId],
  );
  const total = new Decimal(r!.total).plus(hours);
  if (total.gt(24)) throw new BusinessError(`${workDate} 的工时合计 ${total.toFixed()} 小时，超过每天24小时`);
}

async function checkPrice(tx: Tx, tenantId: number, id: number | null | undefined) {
  if (id == null) return;
  const p = await tx.one<{ resource_type: string }>('select resource_type from proj_resource_price where tenant_id = $1 and id = $2 and not delete_flag', [
    tenantId,
    id,
  ]);
  if (!p) throw new BusinessError('资源定价不存在');
  if (p.resource_type === 'device') throw new BusinessError('工时只能按角色或人员定价');
}

export async function logTime(ctx: RequestCtx, i: TimeInput) {
  const { tx, session: s } = ctx;
  const p = await projectOfTask(tx, s, i.taskId);
  if (p.is_template) throw new BusinessError('项目模板不能登记工时');
  if (p.status === 'closed') throw new BusinessError('项目已关闭，不能再登记工时');
  await checkPrice(tx, s.tenantId, i.resourcePriceId);
  await checkDay(tx, s, i.workDate, new Decimal(i.hours));
  const r = await tx.one<{ id: number }>(
    `insert into proj_time_entry(tenant_id, project_id, task_id, user_id, work_date, hours, content, resource_price_id, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id::int as id`,
    [s.tenantId, p.id, i.taskId, s.userId, i.workDate, i.hours, i.content ?? null, i.resourcePriceId ?? null, i.submit ? 'submitted' : 'draft'],
  );
  return { id: r!.id, status: i.submit ? 'submitted' : 'draft' };
}

interface EntryRow {
  id: number;
  project_id: number;
  user_id: number;
  status: string;
  hours: string;
  work_date: string;
  resource_price_id: number | null;
}

async function entry(tx: Tx, s: Session, id: number): Promise<EntryRow> {
  const e = await tx.one<EntryRow>(
    `select id::int as id, project_id::int as project_id, user_id::int as user_id, status, hours::text as hours,
            to_char(work_date, 'YYYY-MM-DD') as work_date, resource_price_id::int as resource_price_id
       from proj_time_entry where tenant_id = $1 and id = $2 for update`,
    [s.tenantId, id],
  );
  if (!e) throw new BusinessError('工时记录不存在');
  await projectFor(tx, s, e.project_id);
  return e;
}

/** The person who logged a draft (or a rejected entry) submits it for approval. */
export async function submitTime(ctx: RequestCtx, id: number) {
  const { tx, session: s } = ctx;
  const e = await entry(tx, s, id);
  if (e.user_id !== s.userId) throw forbidden('只能提交自己的工时');
  if (e.status !== 'draft' && e.status !== 'rejected') throw new BusinessError('只有草稿或被驳回的工时可以提交');
  if (e.status === 'rejected') await checkDay(tx, s, e.work_date, new Decimal(e.hours), e.id);
  await tx.query(`update proj_time_entry set status = 'submitted', reject_reason = null where tenant_id = $1 and id = $2`, [s.tenantId, id]);
  return { id, status: 'submitted' };
}

export const TIME_MSG = {
  notOwnEdit: '只能修改或删除自己的工时',
  locked: (status: string) => `工时已${status === 'approved' ? '审批' : '提交'}，不能修改或删除；只有草稿或被驳回的工时可以`,
  otherProject: '任务不存在或不属于该工时的项目',
} as const;

async function ownOpenEntry(tx: Tx, s: Session, id: number) {
  const e = await entry(tx, s, id);
  if (e.user_id !== s.userId) throw forbidden(TIME_MSG.notOwnEdit);
  if (e.status !== 'draft' && e.status !== 'rejected') throw new BusinessError(TIME_MSG.locked(e.status));
  return e;
}

/**
 * The author edits a draft or a rejected entry (a rejected one goes back to draft): the task (of the same
 * project), day, hours, content and rate; the 24-hour day is checked again without the entry's old hours.
 */
export async function updateTime(ctx: RequestCtx, id: number, i: Omit<TimeInput, 'submit'>) {
  const { tx, session: s } = ctx;
  const e = await ownOpenEntry(tx, s, id);
  const t = await tx.one('select 1 from proj_task where tenant_id = $1 and id = $2 and project_id = $3', [s.tenantId, i.taskId, e.project_id]);
  if (!t) throw new BusinessError(TIME_MSG.otherProject);
  await checkPrice(tx, s.tenantId, i.resourcePriceId);
  await checkDay(tx, s, i.workDate, new Decimal(i.hours), e.id);
  await tx.query(
    `update proj_time_entry set task_id = $3, work_date = $4, hours = $5, content = $6, resource_price_id = $7, status = 'draft', reject_reason = null,
            approver = null, approved_at = null
      where tenant_id = $1 and id = $2`,
    [s.tenantId, id, i.taskId, i.workDate, i.hours, i.content ?? null, i.resourcePriceId ?? null],
  );
  return { id, status: 'draft' };
}

/** The author deletes a draft or a rejected entry. */
export async function deleteTime(ctx: RequestCtx, id: number) {
  const { tx, session: s } = ctx;
  await ownOpenEntry(tx, s, id);
  await tx.query('delete from proj_time_entry where tenant_id = $1 and id = $2', [s.tenantId, id]);
  return { id, message: '删除成功' };
}

/** The project's manager: its `manager_id` or a member with the role manager. */
export async function isManager(tx: Tx, s: Session, projectId: number) {
  const r = await tx.one(
    `select 1 from proj_project p where p.tenant_id = $1 and p.id = $2 and (p.manager_id = $3 or exists
       (select 1 from proj_member m where m.tenant_id = p.tenant_id and m.project_id = p.id and m.user_id = $3 and m.role = 'manager'))`,
    [s.tenantId, projectId, s.userId],
  );
  return !!r;
}

/** The project's manager approves (the rate frozen, the cost computed) or rejects (with a reason) a submitted entry. */
export async function decideTime(ctx: RequestCtx, id: number, approve: boolean, reason?: string | null, resourcePriceId?: number | null) {
  const { tx, session: s } = ctx;
  const e = await entry(tx, s, id);
  if (!(await isManager(tx, s, e.project_id))) throw forbidden('只有项目经理可以审批工时');
  if (e.status !== 'submitted') throw new BusinessError('只有已提交的工时可以审批');
  if (!approve) {
    await tx.query(`update proj_time_entry set status = 'rejected', reject_reason = $3, approver = $4, approved_at = now() where tenant_id = $1 and id = $2`, [
      s.tenantId,
      id,
      reason ?? null,
      s.userId,
    ]);
    return { id, status: 'rejected' };
  }
  const priceId = resourcePriceId ?? e.resource_price_id;
  await checkPrice(tx, s.tenantId, priceId);
  let hourly = new Decimal(0);
  if (priceId != null) {
    const p = await tx.one<{ unit: string; rate: string }>('select unit, rate::text as rate from proj_resource_price where tenant_id = $1 and id = $2', [
      s.tenantId,
      priceId,
    ]);
    hourly = p!.unit === 'day' ? new Decimal(p!.rate).div(HOURS_PER_DAY) : new Decimal(p!.rate);
  }
  const cost = hourly.times(e.hours).toDecimalPlaces(2);
  await tx.query(
    `update proj_time_entry set status = 'approved', resource_price_id = $3, hourly_rate = $4, cost = $5, approver = $6, approved_at = now(), reject_reason = null
      where tenant_id = $1 and id = $2`,
    [s.tenantId, id, priceId ?? null, hourly.toDecimalPlaces(6).toFixed(), cost.toFixed(), s.userId],
  );
  return { id, status: 'approved', cost: cost.toFixed(2) };
}

/** A project's time entries (newest day first) with hours and labour cost totals (approved entries only). */
export async function timeEntries(tx: Tx, s: Session, projectId: number) {
  await projectFor(tx, s, projectId);
  const rows = await tx.query(
    `select e.id::int as id, e.task_id::int as "taskId", t.name as "taskName", e.user_id::int as "userId", u.username,
            to_char(e.work_date, 'YYYY-MM-DD') as "workDate", e.hours::text as hours, e.content, e.status,
            e.resource_price_id::int as "resourcePriceId", r.name as "resourceName", e.cost::text as cost, e.reject_reason as "rejectReason"
       from proj_time_entry e
       join proj_task t on t.tenant_id = e.tenant_id and t.id = e.task_id
       join sys_user u on u.tenant_id = e.tenant_id and u.id = e.user_id
       left join proj_resource_price r on r.tenant_id = e.tenant_id and r.id = e.resource_price_id
      where e.tenant_id = $1 and e.project_id = $2
      order by e.work_date desc, e.id desc limit 1000`,
    [s.tenantId, projectId],
  );
  return { rows, ...(await labourOf(tx, s.tenantId, projectId)) };
}

/** Approved hours and their cost on a project (the labour the P&L adds to the journal's figures). */
export async function labourOf(tx: Tx, tenantId: number, projectId: number) {
  const r = await tx.one<{ hours: string; cost: string }>(
    `select coalesce(sum(hours), 0)::text as hours, coalesce(sum(cost), 0)::text as cost
       from proj_time_entry where tenant_id = $1 and project_id = $2 and status = 'approved'`,
    [tenantId, projectId],
  );
  return { approvedHours: new Decimal(r!.hours).toFixed(), labour: new Decimal(r!.cost).toFixed() };
}

/**
 * 项目报表 · human input: hours by person and project across the projects the user may see — approved (with
 * their labour cost) and waiting for approval; most approved hours first.
 */
export async function hoursByPerson(tx: Tx, s: Session) {
  return tx.query(
    `select p.id::int as "projectId", p.number as "projectNumber", p.name as "projectName", u.id::int as "userId", u.username,
            coalesce(sum(e.hours) filter (where e.status = 'approved'), 0)::text as "approvedHours",
            coalesce(sum(e.hours) filter (where e.status = 'submitted'), 0)::text as "pendingHours",
            coalesce(sum(e.cost) filter (where e.status = 'approved'), 0)::text as labour
       from proj_time_entry e
       join proj_project p on p.tenant_id = e.tenant_id and p.id = e.project_id and not p.delete_flag ${visibleProjectAnd(s, 'p', 2)}
       join sys_user u on u.tenant_id = e.tenant_id and u.id = e.user_id
      where e.tenant_id = $1 and e.status in ('approved', 'submitted')
      group by p.id, p.number, p.name, u.id, u.username
      order by sum(e.hours) filter (where e.status = 'approved') desc nulls last, p.id desc, u.id limit 1000`,
    [s.tenantId, s.userId],
  );
}
