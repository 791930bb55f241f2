import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { bankAccounts, chartOf, cr, dr, lockOpenItems, openItemFor, postEntry, type Posting } from '../finance/index.ts';
import { approvalRequired } from '../workflow/index.ts';
import { lockProject } from './project.service.ts';

export type MoneyKind = 'deposit' | 'fee';
export const MONEY_LABEL: Record<MoneyKind, string> = { deposit: '保证金申请', fee: '费用申请' };
export const MONEY_DOC_TYPE: Record<MoneyKind, string> = { deposit: 'bidDeposit', fee: 'bidFee' };
/** The open item a paid deposit raises on the tendering party's receivable. */
export const DEPOSIT_ITEM = 'bid_deposit';

export interface MoneyRow {
  id: number;
  number: string;
  projectId: number;
  kind: MoneyKind;
  amount: string;
  accountId: number | null;
  status: '0' | '1' | '9';
  payState: 'unpaid' | 'paid' | 'recovered' | 'forfeited';
  paidDate: string | null;
}

export interface MoneyInput {
  projectId: number;
  kind: MoneyKind;
  amount: string;
  accountId?: number | null;
  purpose?: string | null;
}

/** The application locked for a change. */
export async function lockMoney(tx: Tx, tenantId: number, id: number, kind?: MoneyKind): Promise<MoneyRow> {
  const m = await tx.one<MoneyRow>(
    `select id, number, project_id as "projectId", kind, amount::text, account_id as "accountId", status, pay_state as "payState",
            to_char(paid_date, 'YYYY-MM-DD') as "paidDate"
       from bid_money where tenant_id = $1 and id = $2 and not delete_flag for update`,
    [tenantId, id],
  );
  if (!m || (kind && m.kind !== kind)) throw notFound('申请单不存在或已删除');
  return { ...m, id: Number(m.id), projectId: Number(m.projectId), accountId: m.accountId && Number(m.accountId) };
}

async function checkAccount(tx: Tx, tenantId: number, id: number | null | undefined) {
  if (!id) return;
  const a = await tx.one('select 1 from settlement_account where tenant_id = $1 and id = $2 and not delete_flag', [tenantId, id]);
  if (!a) throw new BusinessError('结算账户不存在');
}

/** 保证金申请 / 费用申请 新建 (draft, 0): the project must not be closed; a deposit only before the result. */
export async function addMoney({ tx, session, ip }: RequestCtx, input: MoneyInput) {
  const t = session.tenantId;
  const p = await lockProject(tx, t, input.projectId);
  if (p.status === 'closed') throw new BusinessError(`项目“${p.name}”已关闭，不能申请`);
  if (input.kind === 'deposit' && ['won', 'lost', 'abandoned'].includes(p.status)) throw new BusinessError(`项目“${p.name}”已有结果，不能再申请保证金`);
  await checkAccount(tx, t, input.accountId);
  const r = await tx.one<{ id: number }>(
    `insert into bid_money(tenant_id, number, project_id, kind, amount, account_id, purpose, creator)
     values ($1, '-', $2, $3, $4, $5, $6, $7) returning id`,
    [t, input.projectId, input.kind, input.amount, input.accountId ?? null, input.purpose ?? null, session.userId],
  );
  const id = Number(r!.id);
  const number = `${input.kind === 'deposit' ? 'BZJ' : 'TBF'}${String(id).padStart(6, '0')}`;
  await tx.query('update bid_money set number = $3 where tenant_id = $1 and id = $2', [t, id, number]);
  await logWrite(tx, session, ip, '新增', MONEY_LABEL[input.kind], [id], { number, amount: input.amount });
  return { id, number };
}

/** Deletes a draft application (nothing paid, not in approval). */
export async function deleteMoney({ tx, session, ip }: RequestCtx, id: number, kind?: MoneyKind) {
  const m = await lockMoney(tx, session.tenantId, id, kind);
  if (m.status !== '0') throw new BusinessError(`申请单 ${m.number} ${m.status === '9' ? '审批中' : '已审核'}，不能删除`);
  await tx.query('update bid_money set delete_flag = true where tenant_id = $1 and id = $2', [session.tenantId, id]);
  await logWrite(tx, session, ip, '删除', MONEY_LABEL[m.kind], [id]);
  return { id };
}

/** The approval state machine of an application: submit 0 → 9, approve 9|0 → 1, recall 9 → 0. */
export async function setMoneyStatus(tx: Tx, tenantId: number, m: MoneyRow, action: 'submit' | 'approve' | 'recall' | 'audit') {
  const from = { submit: ['0'], approve: ['9'], recall: ['9'], audit: ['0'] }[action];
  if (!from.includes(m.status))
    throw new BusinessError(
      `申请单 ${m.number} 当前${m.status === '9' ? '审批中' : m.status === '1' ? '已审核' : '未审核'}，不能${action === 'submit' ? '提交审批' : action === 'recall' ? '撤回' : '审核'}`,
    );
  const to = action === 'submit' ? '9' : action === 'recall' ? '0' : '1';
  await tx.query('update bid_money set status = $3 where tenant_id = $1 and id = $2', [tenantId, m.id, to]);
}

/** 审核 directly: refused while a flow is bound to the type (the application goes through approval then). */
export async function auditMoney({ tx, session, ip }: RequestCtx, id: number, kind?: MoneyKind) {
  const m = await lockMoney(tx, session.tenantId, id, kind);
  if (await approvalRequired(tx, session.tenantId, MONEY_DOC_TYPE[m.kind])) throw new BusinessError(`${MONEY_LABEL[m.kind]}需走审批流程，请提交审批`);
  await setMoneyStatus(tx, session.tenantId, m, 'audit');
  await logWrite(tx, session, ip, '审核', MONEY_LABEL[m.kind], [id]);
  return { id, status: '1' };
}

async function cashSide(tx: Tx, tenantId: number, accountId: number | null | undefined): Promise<number> {
  if (!accountId) return (await chartOf(tx, tenantId)).cash;
  await checkAccount(tx, tenantId, accountId);
  return (await bankAccounts(tx, tenantId, [accountId])).get(accountId)!;
}

/**
 * 支付: an approved application is paid on `date`. A deposit is a receivable from the tendering party
 * (Dr 应收账款 with its open item / Cr bank); a fee an expense (Dr 管理费用 / Cr bank).
 */
export async function payMoney({ tx, session, ip }: RequestCtx, id: number, date: string, accountId?: number | null, kind?: MoneyKind) {
  const t = session.tenantId;
  const m = await lockMoney(tx, t, id, kind);
  if (m.status !== '1') throw new BusinessError(`申请单 ${m.number} 尚未审核通过，不能支付`);
  if (m.payState !== 'unpaid') throw new BusinessError(`申请单 ${m.number} 已支付`);
  const p = await lockProject(tx, t, m.projectId);
  const chart = await chartOf(tx, t);
  const bank = await cashSide(tx, t, accountId ?? m.accountId);
  const postings: Posting[] =
    m.kind === 'deposit'
      ? [
          dr(chart.receivable, m.amount, {
            partner: p.tendererId,
            openItem: await openItemFor(tx, t, { kind: DEPOSIT_ITEM, id, account: chart.receivable, partner: p.tendererId, sign: 1, date }),
          }),
          cr(bank, m.amount),
        ]
      : [dr(chart.otherExpense, m.amount), cr(bank, m.amount)];
  await postEntry(tx, t, { kind: 'bid', id }, date, postings, session.userId);
  await tx.query(`update bid_money set pay_state = 'paid', paid_date = $3, account_id = coalesce($4, account_id) where tenant_id = $1 and id = $2`, [
    t,
    id,
    date,
    accountId ?? null,
  ]);
  await logWrite(tx, session, ip, '支付', MONEY_LABEL[m.kind], [id], { date });
  return { id, payState: 'paid' };
}

/**
 * Settles a paid deposit: 回收 (Dr bank / Cr the receivable's open item) or 没收 (forfeit: Dr 管理费用 /
 * Cr the open item). Either clears what the tendering party owed.
 */
export async function settleDeposit({ tx, session, ip }: RequestCtx, id: number, how: 'recovered' | 'forfeited', date: string, accountId?: number | null) {
  const t = session.tenantId;
  const m = await lockMoney(tx, t, id, 'deposit');
  if (m.payState !== 'paid')
    throw new BusinessError(`保证金 ${m.number} ${m.payState === 'unpaid' ? '尚未支付' : '已回收或没收'}，不能${how === 'recovered' ? '回收' : '没收'}`);
  if (date < m.paidDate!) throw new BusinessError(`${how === 'recovered' ? '回收' : '没收'}日期 ${date} 不能早于支付日期 ${m.paidDate}`);
  const item = (await lockOpenItems(tx, t, DEPOSIT_ITEM, [id])).get(id)!;
  const chart = await chartOf(tx, t);
  const other = how === 'recovered' ? await cashSide(tx, t, accountId ?? m.accountId) : chart.otherExpense;
  await postEntry(
    tx,
    t,
    { kind: 'bid', id },
    date,
    [dr(other, item.balance), cr(item.account_id, item.balance, { partner: item.partner_id, openItem: item.id })],
    session.userId,
  );
  await tx.query('update bid_money set pay_state = $3, settled_date = $4 where tenant_id = $1 and id = $2', [t, id, how, date]);
  await logWrite(tx, session, ip, how === 'recovered' ? '回收' : '没收', '保证金', [id], { date });
  return { id, payState: how };
}
