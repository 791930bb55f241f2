import crypto from 'node:crypto';
import { Decimal } from 'decimal.js';
import { DOC_STATUS, DOC_TRANSITIONS, finDocTypeOf, transitionRefusal, type DocAction, type FinDocType } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { checkAccess } from '../../../platform/auth/access.ts';
import { BusinessError, badRequest, notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { ownDataOnly, ownDocumentAnd } from '../../../platform/auth/own-data.ts';
import type { FinSaveInput } from './finance-doc.schemas.ts';
import { assignFinNumber, issueFinNumber, type NumberTry } from './numbering.ts';
import { saveContext } from './references.ts';
import { checkSettlements, postFinDocument, totalOf, unpostFinDocument, type FinDoc } from './finance-posting.ts';
import { approvalRequired } from '../../workflow/index.ts';

export const FIN_BTN = { edit: '1', audit: '2', unaudit: '7' } as const;

interface FinHeadRow {
  id: number;
  type: string;
  number: string;
  status: string;
  posted: boolean;
  closed: string | null;
}

const PERIOD_MSG = {
  closedDoc: (number: string, period: string, what: string) => `单据 ${number} 所在的账期 ${period} 已结账，不能${what}`,
};
const closedPeriodOf = (time: string) => `(select period from account_period where tenant_id = $1 and closed and period = to_char(${time}, 'YYYY-MM'))`;

/**
 * The company's switch: finance documents post on save, or on audit when 金额审核 (amount audit) is on.
 * With 多级审核 (multi-level audit) on and a flow bound to the type, audit goes through the approval engine (approval.ts).
 */
async function postsOnAudit(tx: Tx, tenantId: number): Promise<boolean> {
  return (await tx.one<{ byAudit: boolean }>('select amount_approval_flag as "byAudit" from system_config where tenant_id = $1', [tenantId]))!.byAudit;
}

const NEEDS_APPROVAL = (label: string) => `${label}需走审批流程，请提交审批`;

/** A direct audit (or save-and-approve) is refused while the type must go through an approval flow. */
async function checkDirectAudit(c: RequestCtx, t: FinDocType) {
  if (await approvalRequired(c.tx, c.session.tenantId, t.key)) throw new BusinessError(NEEDS_APPROVAL(t.label.zh));
}

/** Reads a finance document with its live lines, as posting needs it. */
export async function readFinDoc(tx: Tx, tenantId: number, id: number): Promise<FinDoc> {
  const h = await tx.one<{ type: string; number: string; day: string; organ_id: number | null; account_id: number | null; discount_money: string }>(
    `select type, number, to_char(oper_time, 'YYYY-MM-DD') as day, organ_id, account_id, discount_money from account_head where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  const lines = await tx.query<{ account_id: number | null; in_out_item_id: number | null; bill_id: number | null; each_amount: string }>(
    'select account_id, in_out_item_id, bill_id, each_amount from account_item where tenant_id = $1 and header_id = $2 and not delete_flag order by line_no',
    [tenantId, id],
  );
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id,
    key: finDocTypeOf(h!.type)!.key,
    number: h!.number,
    day: h!.day,
    organId: n(h!.organ_id),
    accountId: n(h!.account_id),
    discount: new Decimal(h!.discount_money),
    lines: lines.map((l) => ({ accountId: n(l.account_id), itemId: n(l.in_out_item_id), billId: n(l.bill_id), amount: new Decimal(l.each_amount) })),
  };
}

/**
 * Locks a finance document for a change; one dated in a closed account period is refused.
 * `anyOwner`: the approval engine acting for the approver, whom own-data rules do not limit.
 */
export async function lockFinHead(c: RequestCtx, id: number, what: string, anyOwner = false): Promise<FinHeadRow> {
  const own = !anyOwner && ownDataOnly(c.session);
  const h = await c.tx.one<FinHeadRow>(
    `select id, type, number, status, posted, ${closedPeriodOf('oper_time')} as closed
       from account_head h where tenant_id = $1 and id = $2 and not delete_flag${own ? ownDocumentAnd(c.session, 'h', 3) : ''} for update`,
    own ? [c.session.tenantId, id, c.session.userId] : [c.session.tenantId, id],
  );
  if (!h) throw notFound('单据不存在或已删除');
  if (h.closed) throw new BusinessError(PERIOD_MSG.closedDoc(h.number, h.closed, what));
  return h;
}

async function setPosted(c: RequestCtx, id: number, posted: boolean) {
  await c.tx.query('update account_head set posted = $3 where tenant_id = $1 and id = $2', [c.session.tenantId, id, posted]);
}

async function unpost(c: RequestCtx, h: FinHeadRow) {
  if (!h.posted) return;
  await unpostFinDocument(c.tx, c.session.tenantId, await readFinDoc(c.tx, c.session.tenantId, h.id), c.session.userId);
  await setPosted(c, h.id, false);
}

export async function postFin(c: RequestCtx, id: number) {
  await postFinDocument(c.tx, c.session.tenantId, await readFinDoc(c.tx, c.session.tenantId, id), c.session.userId);
  await setPosted(c, id, true);
}

export function checkTransition(action: DocAction, h: FinHeadRow) {
  const refusal = transitionRefusal(action, h.status, h.number);
  if (refusal) throw new BusinessError(refusal);
}

/** The money a save stores on the header: total of the lines, the discount, and what actually moves. */
function amounts(t: FinDocType, input: FinSaveInput) {
  const total = totalOf({ lines: input.rows.map((r) => ({ accountId: null, itemId: null, billId: null, amount: new Decimal(r.eachAmount) })) });
  const discount = new Decimal(input.info.discountMoney ?? 0);
  if (!discount.isZero() && t.lines !== 'bill') throw badRequest('只有收款单和付款单可以填写优惠金额');
  if (discount.gt(total)) throw new BusinessError(`优惠金额 ${discount.toFixed()} 不能大于合计金额 ${total.toFixed()}`);
  const change = total.minus(discount);
  if (input.info.changeAmount !== undefined && !change.eq(input.info.changeAmount)) {
    throw new BusinessError(`实收金额 ${input.info.changeAmount} 与明细合计减优惠 ${change.toFixed()} 不一致`);
  }
  if (input.info.totalPrice !== undefined && !total.eq(input.info.totalPrice)) {
    throw new BusinessError(`合计金额 ${input.info.totalPrice} 与明细合计 ${total.toFixed()} 不一致`);
  }
  return { total, discount, change };
}

/** The header's values, in the order both the insert and the update name them from their third parameter on. */
function headValues(c: RequestCtx, input: FinSaveInput, money: ReturnType<typeof amounts>) {
  const { info } = input;
  return [
    info.billTime,
    info.organId ?? null,
    info.handsPersonId ?? null,
    info.accountId ?? null,
    money.change.toFixed(),
    money.discount.toFixed(),
    money.total.toFixed(),
    info.status,
    info.remark ?? null,
    info.fileName ?? null,
    c.session.userId,
  ];
}

/** The lines as the six arrays of an unnest (line_no, account, item, bill, amount, remark). */
const lineParams = (input: FinSaveInput) => {
  const r = input.rows;
  return [
    r.map((_, i) => i + 1),
    r.map((l) => l.accountId ?? null),
    r.map((l) => l.inOutItemId ?? null),
    r.map((l) => l.billId ?? null),
    r.map((l) => l.eachAmount),
    r.map((l) => l.remark ?? null),
  ];
};

async function storeLines(c: RequestCtx, headerId: number, input: FinSaveInput) {
  await c.tx.query(
    `insert into account_item(tenant_id, header_id, line_no, account_id, in_out_item_id, bill_id, each_amount, remark)
     select $1, $2, x.* from unnest($3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::numeric[], $8::text[]) as x`,
    [c.session.tenantId, headerId, ...lineParams(input)],
  );
}

/**
 * A new document's header and lines in one statement, `posted` already as the save leaves it (the posting that
 * follows in the same transaction makes it true, or the save rolls back); returns the id and the document's day.
 */
async function insertFinDoc(c: RequestCtx, t: FinDocType, input: FinSaveInput, money: ReturnType<typeof amounts>, posted: boolean) {
  const r = await c.tx.one<{ id: number; day: string }>(
    `with h as (
       insert into account_head(tenant_id, type, number, oper_time, organ_id, hands_person_id, account_id, change_amount, discount_money,
                                total_price, status, remark, file_name, creator, updater, posted)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15) returning id, oper_time),
     i as (
       insert into account_item(tenant_id, header_id, line_no, account_id, in_out_item_id, bill_id, each_amount, remark)
       select $1, h.id, x.* from h, unnest($16::int[], $17::bigint[], $18::bigint[], $19::bigint[], $20::numeric[], $21::text[]) as x)
     select id, to_char(oper_time, 'YYYY-MM-DD') as day from h`,
    [c.session.tenantId, t.type, `~${crypto.randomUUID()}`, ...headValues(c, input, money), posted, ...lineParams(input)],
  );
  return { id: Number(r!.id), day: r!.day };
}

/** A new document as posting reads it, from what the save wrote (readFinDoc would read back the same). */
function savedFinDoc(t: FinDocType, input: FinSaveInput, money: ReturnType<typeof amounts>, row: { id: number; day: string }): FinDoc {
  const { info } = input;
  return {
    id: row.id,
    key: t.key,
    number: '',
    day: row.day,
    organId: info.organId ?? null,
    accountId: info.accountId ?? null,
    discount: money.discount,
    lines: input.rows.map((l) => ({
      accountId: l.accountId ?? null,
      itemId: l.inOutItemId ?? null,
      billId: l.billId ?? null,
      amount: new Decimal(l.eachAmount),
    })),
  };
}

/**
 * Adds a finance document; posts it when the rules say so (save, or audit with 金额审核 on). Four statements for a
 * receipt (issue 14): the context with the settled open items locked, the header with its lines, the journal entry,
 * the number with the log row.
 */
async function addFinDocument(c: RequestCtx, t: FinDocType, input: FinSaveInput): Promise<{ id: number; number: string }> {
  const { tx, session } = c;
  const ctx = await saveContext(tx, session.tenantId, t, input, true);
  const money = amounts(t, input);
  const posts = !ctx.byAudit || input.info.status === DOC_STATUS.audited;
  const row = await insertFinDoc(c, t, input, money, posts);
  const doc = savedFinDoc(t, input, money, row);
  const [at, log] = [new Date(), { session, ip: c.ip, lines: input.rows.length }];
  // the number's first attempt rides with the journal entry (one round trip for both, issue 13)
  let first: Promise<NumberTry | undefined> | undefined;
  const issue = () => void (first = issueFinNumber(tx, session.tenantId, row.id, t, at, log));
  if (posts) await postFinDocument(tx, session.tenantId, doc, session.userId, ctx, issue);
  // not posted yet: the settlements are still checked now, so the user hears of an over-settlement at once
  else await checkSettlements(tx, session.tenantId, doc, false, ctx.settlements);
  const number = await assignFinNumber(tx, session.tenantId, row.id, t, at, log, first);
  return { id: row.id, number };
}

/** Add or change a finance document ({info, rows}); posts it when the rules say so (save, or audit with 金额审核 on). */
export async function saveFinDocument(c: RequestCtx, input: FinSaveInput): Promise<{ id: number; number: string }> {
  const { tx, session } = c;
  const { info } = input;
  const t = finDocTypeOf(info.type)!;
  checkAccess(session, { menu: t.menu, btn: FIN_BTN.edit });
  if (info.status === DOC_STATUS.audited) {
    checkAccess(session, { menu: t.menu, btn: FIN_BTN.audit });
    await checkDirectAudit(c, t);
  }
  if (!info.id) return addFinDocument(c, t, input);
  const ctx = await saveContext(tx, session.tenantId, t, input, false);
  const money = amounts(t, input);
  const old = await lockFinHead(c, info.id, '修改');
  if (old.type !== t.type) throw badRequest('不能修改单据类型');
  checkTransition('edit', old);
  await unpost(c, old);
  await tx.query('update account_item set delete_flag = true where tenant_id = $1 and header_id = $2', [session.tenantId, old.id]);
  await tx.query(
    `update account_head set oper_time = $3, organ_id = $4, hands_person_id = $5, account_id = $6, change_amount = $7, discount_money = $8,
            total_price = $9, status = $10, remark = $11, file_name = $12, updater = $13, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [session.tenantId, info.id, ...headValues(c, input, money)],
  );
  await storeLines(c, info.id, input);
  if (!ctx.byAudit || info.status === DOC_STATUS.audited) await postFin(c, info.id);
  else await checkSettlements(tx, session.tenantId, await readFinDoc(tx, session.tenantId, info.id), false);
  await logWrite(tx, session, c.ip, 'update', 'accountHead', [info.id], { number: old.number, lines: input.rows.length });
  return { id: info.id, number: old.number };
}

/** Delete unaudited finance documents: what they posted is reversed. */
export async function deleteFinDocuments(c: RequestCtx, ids: number[]) {
  for (const id of [...ids].sort((a, b) => a - b)) {
    const h = await lockFinHead(c, id, '删除');
    checkAccess(c.session, { menu: finDocTypeOf(h.type)!.menu, btn: FIN_BTN.edit });
    checkTransition('delete', h);
    await unpost(c, h);
    await c.tx.query('update account_head set delete_flag = true, updater = $3, updated_at = now() where tenant_id = $1 and id = $2', [
      c.session.tenantId,
      id,
      c.session.userId,
    ]);
  }
  await logWrite(c.tx, c.session, c.ip, 'delete', 'accountHead', ids);
  return { message: '删除成功' };
}

/** Writes the status a transition leaves the document in. */
export async function setFinHeadStatus(c: RequestCtx, id: number, status: string) {
  await c.tx.query('update account_head set status = $3, updater = $4, updated_at = now() where tenant_id = $1 and id = $2', [
    c.session.tenantId,
    id,
    status,
    c.session.userId,
  ]);
}

/**
 * Audit ('1') or un-audit ('0'); with 金额审核 on, this is when the money posts and is reversed. A type bound to
 * an approval flow (多级审核) is refused here: it is submitted to the approval engine, whose last pass posts it.
 */
export async function setFinStatus(c: RequestCtx, ids: number[], status: '0' | '1') {
  const byAudit = await postsOnAudit(c.tx, c.session.tenantId);
  const action: DocAction = status === DOC_STATUS.audited ? 'audit' : 'unaudit';
  for (const id of [...ids].sort((a, b) => a - b)) {
    const h = await lockFinHead(c, id, action === 'audit' ? '审核' : '反审核');
    const t = finDocTypeOf(h.type)!;
    checkAccess(c.session, { menu: t.menu, btn: action === 'unaudit' ? FIN_BTN.unaudit : FIN_BTN.audit });
    checkTransition(action, h);
    if (action === 'audit') await checkDirectAudit(c, t);
    if (action === 'audit' && !h.posted) await postFin(c, id);
    if (action === 'unaudit' && byAudit) await unpost(c, h);
    await setFinHeadStatus(c, id, DOC_TRANSITIONS[action].to);
  }
  await logWrite(c.tx, c.session, c.ip, status === DOC_STATUS.audited ? 'audit' : 'unaudit', 'accountHead', ids);
  return { message: '操作成功' };
}
