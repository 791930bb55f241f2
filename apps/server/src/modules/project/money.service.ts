import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { bankAccounts, chartOf, cr, dr, postEntry, reverseSource } from '../finance/index.ts';
import { projectFor } from './access.ts';
import { nextProjectNumber } from './numbering.ts';
import { labourOf } from './time.service.ts';

export type MoneyKind = 'collection' | 'payment' | 'expense';
const PREFIX: Record<MoneyKind, string> = { collection: 'XMSK', payment: 'XMFK', expense: 'XMFY' };
const LABEL: Record<MoneyKind, string> = { collection: '收款', payment: '付款', expense: '费用' };

export interface MoneyInput {
  projectId: number;
  kind: MoneyKind;
  billDate: string;
  amount: string;
  accountId?: number | null;
  partnerId?: number | null;
  contractId?: number | null;
  milestoneId?: number | null;
  remark?: string | null;
}

async function checkRefs(tx: Tx, tenantId: number, input: MoneyInput) {
  if (input.accountId != null) {
    const a = await tx.one('select 1 from settlement_account where tenant_id = $1 and id = $2 and not delete_flag', [tenantId, input.accountId]);
    if (!a) throw new BusinessError('结算账户不存在');
  }
  if (input.partnerId != null) {
    const a = await tx.one('select 1 from partner where tenant_id = $1 and id = $2', [tenantId, input.partnerId]);
    if (!a) throw new BusinessError('往来单位不存在');
  }
  if (input.contractId != null) {
    const c = await tx.one<{ project_id: number }>('select project_id::int as project_id from proj_contract where tenant_id = $1 and id = $2', [
      tenantId,
      input.contractId,
    ]);
    if (!c || c.project_id !== input.projectId) throw new BusinessError('合同不存在或不属于该项目');
  }
  if (input.milestoneId != null) {
    const m = await tx.one<{ contract_id: number }>('select contract_id::int as contract_id from proj_milestone where tenant_id = $1 and id = $2', [
      tenantId,
      input.milestoneId,
    ]);
    if (!m || m.contract_id !== input.contractId) throw new BusinessError('付款节点不存在或不属于该合同');
  }
}

/**
 * Records a collection (收款: Dr bank / Cr 主营业务收入), a payment (付款: Dr 主营业务成本 / Cr bank) or an
 * expense (费用: Dr 管理费用 / Cr bank) of a project and posts it through the finance journal in the same
 * transaction (source_kind 'project', source_id the record): the journal is the project P&L's only source.
 */
export async function addMoney(ctx: RequestCtx, input: MoneyInput) {
  const { tx, session } = ctx;
  const tenantId = session.tenantId;
  const p = await projectFor(tx, session, input.projectId);
  if (p.is_template) throw new BusinessError('项目模板不能记录收付款');
  if (p.status === 'closed') throw new BusinessError('项目已关闭，不能再记录收付款');
  await checkRefs(tx, tenantId, input);
  const number = await nextProjectNumber(tx, tenantId, PREFIX[input.kind]);
  const r = await tx.one<{ id: number }>(
    `insert into proj_money(tenant_id, project_id, kind, number, bill_date, amount, account_id, partner_id, contract_id, milestone_id, remark, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id::int as id`,
    [
      tenantId,
      input.projectId,
      input.kind,
      number,
      input.billDate,
      input.amount,
      input.accountId ?? null,
      input.partnerId ?? null,
      input.contractId ?? null,
      input.milestoneId ?? null,
      input.remark ?? null,
      session.userId,
    ],
  );
  const chart = await chartOf(tx, tenantId);
  const bank = input.accountId != null ? (await bankAccounts(tx, tenantId, [input.accountId])).get(input.accountId)! : chart.cash;
  const amount = new Decimal(input.amount);
  const other = input.kind === 'collection' ? chart.revenue : input.kind === 'payment' ? chart.cogs : chart.otherExpense;
  const postings = input.kind === 'collection' ? [dr(bank, amount), cr(other, amount)] : [dr(other, amount), cr(bank, amount)];
  await postEntry(tx, tenantId, { kind: 'project', id: r!.id }, input.billDate, postings, session.userId);
  return { id: r!.id, number };
}

/** Deletes a money record: its journal entry is reversed (the journal is never rewritten). */
export async function deleteMoney(ctx: RequestCtx, id: number) {
  const { tx, session } = ctx;
  const m = await tx.one<{ project_id: number; kind: MoneyKind; number: string }>(
    'select project_id::int as project_id, kind, number from proj_money where tenant_id = $1 and id = $2 and not delete_flag',
    [session.tenantId, id],
  );
  if (!m) throw new BusinessError(`项目${'收付款'}记录不存在`);
  const p = await projectFor(tx, session, m.project_id);
  if (p.status === 'closed') throw new BusinessError(`项目已关闭，不能删除${LABEL[m.kind]} ${m.number}`);
  await reverseSource(tx, session.tenantId, { kind: 'project', id }, session.userId);
  await tx.query('update proj_money set delete_flag = true where tenant_id = $1 and id = $2', [session.tenantId, id]);
  return { id };
}

/**
 * A project's P&L read from the journal alone: the lines of the entries its money records wrote.
 * income = credits − debits on 主营业务收入; cost = debits − credits on 主营业务成本; expense = the same on 管理费用.
 * Beside them: labour (approved hours × their resource rate, from the time entries) and net = profit − labour.
 */
export async function projectPnl(tx: Tx, s: Session, projectId: number) {
  await projectFor(tx, s, projectId);
  const chart = await chartOf(tx, s.tenantId);
  const r = await tx.one<{ income: string; cost: string; expense: string }>(
    `select coalesce(sum(case when l.account_id = $3 then l.credit - l.debit end), 0)::text as income,
            coalesce(sum(case when l.account_id = $4 then l.debit - l.credit end), 0)::text as cost,
            coalesce(sum(case when l.account_id = $5 then l.debit - l.credit end), 0)::text as expense
       from proj_money m
       join fin_entry e on e.tenant_id = m.tenant_id and e.source_kind = 'project' and e.source_id = m.id
       join fin_journal_line l on l.tenant_id = e.tenant_id and l.entry_id = e.id
      where m.tenant_id = $1 and m.project_id = $2`,
    [s.tenantId, projectId, chart.revenue, chart.cogs, chart.otherExpense],
  );
  const income = new Decimal(r!.income);
  const cost = new Decimal(r!.cost);
  const expense = new Decimal(r!.expense);
  const profit = income.minus(cost).minus(expense);
  // labour: approved time entries at their frozen rates — an internal cost, not a journal posting
  const { labour, approvedHours } = await labourOf(tx, s.tenantId, projectId);
  const net = profit.minus(labour).toFixed();
  return { income: income.toFixed(), cost: cost.toFixed(), expense: expense.toFixed(), profit: profit.toFixed(), labour, approvedHours, net };
}
