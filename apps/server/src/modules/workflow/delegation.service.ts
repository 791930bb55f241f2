import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, forbidden, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';

export interface DelegationInput {
  /** whose tasks are delegated; only an administrator may name someone other than themself */
  principalId?: number;
  agentId: number;
  beginDate: string;
  endDate: string;
  remark?: string;
}

/** Delegations I gave or hold (all of the company for an administrator), newest first. */
export async function listDelegations(c: RequestCtx, currentPage: number, pageSize: number) {
  const { tx, session } = c;
  const mine = session.admin ? '' : 'and (d.principal_id = $2 or d.agent_id = $2)';
  const values = session.admin ? [session.tenantId] : [session.tenantId, session.userId];
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from wf_delegation d where d.tenant_id = $1 and not d.delete_flag ${mine}`, values);
  const rows = await tx.query(
    `select d.id, d.principal_id as "principalId", d.agent_id as "agentId", to_char(d.begin_date, 'YYYY-MM-DD') as "beginDate",
            to_char(d.end_date, 'YYYY-MM-DD') as "endDate", d.remark,
            (select username from sys_user where tenant_id = d.tenant_id and id = d.principal_id) as "principalName",
            (select username from sys_user where tenant_id = d.tenant_id and id = d.agent_id) as "agentName",
            current_date between d.begin_date and d.end_date as active
       from wf_delegation d where d.tenant_id = $1 and not d.delete_flag ${mine}
      order by d.id desc limit ${pageSize} offset ${(currentPage - 1) * pageSize}`,
    values,
  );
  return { rows, total: total!.n };
}

export async function addDelegation(c: RequestCtx, d: DelegationInput) {
  const { tx, session } = c;
  const principalId = d.principalId ?? session.userId;
  if (principalId !== session.userId && !session.admin) throw forbidden('只能设置自己的代理');
  if (principalId === d.agentId) throw new BusinessError('代理人不能是本人');
  if (d.endDate < d.beginDate) throw new BusinessError('结束日期不能早于开始日期');
  const users = await tx.one<{ n: number }>(
    'select count(*)::int as n from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag and status = 0',
    [session.tenantId, [principalId, d.agentId]],
  );
  if (users!.n !== 2) throw new BusinessError('所选用户不存在或已停用');
  const overlap = await tx.one(
    'select 1 from wf_delegation where tenant_id = $1 and principal_id = $2 and not delete_flag and begin_date <= $4 and end_date >= $3 limit 1',
    [session.tenantId, principalId, d.beginDate, d.endDate],
  );
  if (overlap) throw new BusinessError('该时间段已有代理设置');
  const row = await tx.one<{ id: number }>(
    `insert into wf_delegation(tenant_id, principal_id, agent_id, begin_date, end_date, remark, creator) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [session.tenantId, principalId, d.agentId, d.beginDate, d.endDate, d.remark ?? null, session.userId],
  );
  await logWrite(tx, session, c.ip, 'add', 'wfDelegation', [row!.id]);
  return { id: Number(row!.id), message: '保存成功' };
}

export async function deleteDelegation(c: RequestCtx, id: number) {
  const { tx, session } = c;
  const d = await tx.one<{ principal_id: number }>('select principal_id from wf_delegation where tenant_id = $1 and id = $2 and not delete_flag for update', [
    session.tenantId,
    id,
  ]);
  if (!d) throw notFound('代理设置不存在');
  if (Number(d.principal_id) !== session.userId && !session.admin) throw forbidden('只能删除自己的代理');
  await tx.query('update wf_delegation set delete_flag = true where tenant_id = $1 and id = $2', [session.tenantId, id]);
  await logWrite(tx, session, c.ip, 'delete', 'wfDelegation', [id]);
  return { message: '删除成功' };
}
