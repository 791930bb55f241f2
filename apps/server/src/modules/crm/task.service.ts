import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { publishMessage, sendMessage } from '../message/index.ts';
import { addDays, today } from '../../platform/clock.ts';
import { opportunityRow } from './opportunity.service.ts';

/** A template's task: due `offsetDays` after the day it is applied, for a named user or the opportunity's owner. */
export interface TemplateItem {
  title: string;
  offsetDays: number;
  assigneeId?: number | null;
}

/** msg.type 1: a business-opportunity task (SPEC §3 Message). */
export const OPPORTUNITY_TASK = '1';

async function checkAssignees(tx: Tx, tenantId: number, items: TemplateItem[]) {
  const ids = [...new Set(items.map((i) => i.assigneeId).filter((x): x is number => !!x))];
  if (!ids.length) return;
  const n = await tx.one<{ n: number }>('select count(*)::int as n from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [
    tenantId,
    ids,
  ]);
  if (n!.n !== ids.length) throw new BusinessError('任务负责人不存在或不属于本公司');
}

export async function listTemplates(tx: Tx, tenantId: number) {
  return tx.query(`select id::int as id, name, items from crm_task_template where tenant_id = $1 and not delete_flag order by id`, [tenantId]);
}

export async function saveTemplate({ tx, session, ip }: RequestCtx, input: { id?: number; name: string; items: TemplateItem[] }) {
  const t = session.tenantId;
  await checkAssignees(tx, t, input.items);
  const items = JSON.stringify(input.items.map((i) => ({ title: i.title, offsetDays: i.offsetDays, assigneeId: i.assigneeId ?? null })));
  let id = input.id;
  if (id) {
    const r = await tx.one('update crm_task_template set name = $3, items = $4 where tenant_id = $1 and id = $2 and not delete_flag returning id', [
      t,
      id,
      input.name,
      items,
    ]);
    if (!r) throw notFound('任务模板不存在');
  } else {
    const r = await tx.one<{ id: string }>('insert into crm_task_template(tenant_id, name, items, creator) values ($1, $2, $3, $4) returning id::text as id', [
      t,
      input.name,
      items,
      session.userId,
    ]);
    id = Number(r!.id);
  }
  await logWrite(tx, session, ip, input.id ? 'update' : 'add', 'crmTaskTemplate', [id], { name: input.name });
  return { id };
}

export async function deleteTemplate({ tx, session, ip }: RequestCtx, id: number) {
  const r = await tx.one('update crm_task_template set delete_flag = true where tenant_id = $1 and id = $2 and not delete_flag returning id', [
    session.tenantId,
    id,
  ]);
  if (!r) throw notFound('任务模板不存在');
  await logWrite(tx, session, ip, 'delete', 'crmTaskTemplate', [id]);
  return { id };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Applies a template to an opportunity: one dated task per item, each sent to its assignee as a type-1 message
 * (pushed once the request commits). Returns the tasks.
 */
export async function applyTemplate(
  ctx: RequestCtx & { db: Database; log: FastifyBaseLogger; afterCommit(fn: () => unknown): void },
  oppId: number,
  templateId: number,
  startDate?: string,
) {
  const { tx, session, ip } = ctx;
  const t = session.tenantId;
  const o = await opportunityRow(tx, t, oppId);
  const tpl = await tx.one<{ name: string; items: TemplateItem[] }>(
    'select name, items from crm_task_template where tenant_id = $1 and id = $2 and not delete_flag',
    [t, templateId],
  );
  if (!tpl) throw notFound('任务模板不存在');
  const name = await tx.one<{ name: string }>('select name from crm_opportunity where tenant_id = $1 and id = $2', [t, oppId]);
  const start = startDate ?? today();
  const tasks = [];
  for (const item of tpl.items) {
    const due = addDays(start, item.offsetDays);
    const assignee = item.assigneeId ?? Number(o.ownerId);
    const msgId = await sendMessage(tx, t, session.userId, {
      type: OPPORTUNITY_TASK,
      msgTitle: `商机任务：${item.title}`.slice(0, 100),
      msgContent: `<p>商机「${esc(name!.name)}」的任务「${esc(item.title)}」，请于 ${due} 前完成。</p>`,
      userIds: [assignee],
      openType: 'url',
      openPage: '/crm/opportunity',
      busId: oppId,
      modelName: 'crmTask',
    });
    const r = await tx.one<{ id: string }>(
      `insert into crm_task(tenant_id, opportunity_id, template_id, title, due_date, assignee_id, msg_id) values ($1, $2, $3, $4, $5, $6, $7) returning id::text as id`,
      [t, oppId, templateId, item.title, due, assignee, msgId],
    );
    tasks.push({ id: Number(r!.id), title: item.title, dueDate: due, assigneeId: assignee, msgId });
    ctx.afterCommit(() => publishMessage(ctx.db, ctx.log, t, msgId, [assignee]));
  }
  await logWrite(tx, session, ip, 'applyTemplate', 'crmOpportunity', [oppId], { templateId });
  return tasks;
}
