import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { projectFor } from './access.ts';
import { nextProjectNumber } from './numbering.ts';

export interface ContractInput {
  projectId: number;
  name: string;
  partnerId?: number | null;
  amount: string;
  signDate: string;
  remark?: string | null;
  milestones: Array<{ name: string; dueDate: string; amount: string }>;
}

/** A contract with its payment milestones; the milestones may not add up to more than the contract. */
export async function addContract(ctx: RequestCtx, input: ContractInput) {
  const { tx, session } = ctx;
  await projectFor(tx, session, input.projectId);
  const sum = input.milestones.reduce((s, m) => s.plus(m.amount), new Decimal(0));
  if (sum.gt(input.amount)) throw new BusinessError(`付款节点合计 ${sum.toFixed()} 超过合同金额 ${new Decimal(input.amount).toFixed()}`);
  if (input.partnerId != null) {
    const a = await tx.one('select 1 from partner where tenant_id = $1 and id = $2', [session.tenantId, input.partnerId]);
    if (!a) throw new BusinessError('往来单位不存在');
  }
  const number = await nextProjectNumber(tx, session.tenantId, 'XMHT');
  const r = await tx.one<{ id: number }>(
    `insert into proj_contract(tenant_id, project_id, number, name, partner_id, amount, sign_date, remark, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id::int as id`,
    [session.tenantId, input.projectId, number, input.name, input.partnerId ?? null, input.amount, input.signDate, input.remark ?? null, session.userId],
  );
  await tx.query(
    `insert into proj_milestone(tenant_id, contract_id, name, due_date, amount)
     select $1, $2, n, d, a from unnest($3::text[], $4::date[], $5::numeric[]) as x(n, d, a)`,
    [session.tenantId, r!.id, input.milestones.map((m) => m.name), input.milestones.map((m) => m.dueDate), input.milestones.map((m) => m.amount)],
  );
  return { id: r!.id, number };
}

/** A project's contracts, each with its milestones and what was collected against each. */
export async function listContracts(tx: Tx, s: Session, projectId: number) {
  await projectFor(tx, s, projectId);
  const rows = await tx.query<{ id: number; number: string; name: string; amount: string; sign_date: string; partner_name: string | null }>(
    `select c.id::int as id, c.number, c.name, c.amount::text as amount, to_char(c.sign_date, 'YYYY-MM-DD') as sign_date, p.name as partner_name
       from proj_contract c left join partner p on p.tenant_id = c.tenant_id and p.id = c.partner_id
      where c.tenant_id = $1 and c.project_id = $2 order by c.id`,
    [s.tenantId, projectId],
  );
  const ms = await tx.query<{ id: number; contract_id: number; name: string; due_date: string; amount: string; collected: string }>(
    `select m.id::int as id, m.contract_id::int as contract_id, m.name, to_char(m.due_date, 'YYYY-MM-DD') as due_date, m.amount::text as amount,
            coalesce((select sum(x.amount) from proj_money x where x.tenant_id = m.tenant_id and x.milestone_id = m.id and not x.delete_flag), 0)::text as collected
       from proj_milestone m join proj_contract c on c.tenant_id = m.tenant_id and c.id = m.contract_id
      where m.tenant_id = $1 and c.project_id = $2 order by m.due_date, m.id`,
    [s.tenantId, projectId],
  );
  return rows.map((c) => ({
    id: c.id,
    number: c.number,
    name: c.name,
    amount: c.amount,
    signDate: c.sign_date,
    partnerName: c.partner_name,
    milestones: ms
      .filter((m) => m.contract_id === c.id)
      .map((m) => ({ id: m.id, name: m.name, dueDate: m.due_date, amount: m.amount, collected: m.collected })),
  }));
}

export interface RiskInput {
  projectId: number;
  name: string;
  probability: number;
  impact: number;
  ownerId?: number | null;
  warnDate?: string | null;
  remark?: string | null;
}

export async function addRisk(ctx: RequestCtx, input: RiskInput) {
  const { tx, session } = ctx;
  await projectFor(tx, session, input.projectId);
  if (input.ownerId != null) {
    const u = await tx.one('select 1 from sys_user where tenant_id = $1 and id = $2 and not delete_flag', [session.tenantId, input.ownerId]);
    if (!u) throw new BusinessError('负责人不存在');
  }
  const r = await tx.one<{ id: number }>(
    `insert into proj_risk(tenant_id, project_id, name, probability, impact, owner_id, warn_date, remark)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::int as id`,
    [session.tenantId, input.projectId, input.name, input.probability, input.impact, input.ownerId ?? null, input.warnDate ?? null, input.remark ?? null],
  );
  return { id: r!.id };
}
