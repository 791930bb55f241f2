import { Decimal } from 'decimal.js';
import { FIN_DOC_TYPE_BY_KEY, type FinDocType } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { bankAccounts, chartOf, itemAccounts, knownBankAccounts, type Chart } from '../journal/chart.ts';
import { cr, dr, postEntry, reverseSource, type Posting } from '../journal/journal.ts';
import { lockOpenItems, openAmount, type OpenItem } from '../journal/open-items.ts';
import type { SettlementReads } from './references.ts';

/** A finance document as posting reads it (account_head with its live account_item lines). */
export interface FinDoc {
  id: number;
  key: string;
  number: string;
  day: string;
  organId: number | null;
  accountId: number | null;
  discount: Decimal;
  lines: { accountId: number | null; itemId: number | null; billId: number | null; amount: Decimal }[];
}

export const totalOf = (d: Pick<FinDoc, 'lines'>) => d.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));

/**
 * The open items a receipt or payment settles, checked line by line: the document exists, belongs to
 * the partner, is settled from this side, and owes at least what the lines take. With `lock` the items
 * are locked first (id order), so concurrent receipts of one sale queue and never take more than it owes.
 */
export async function checkSettlements(tx: Tx, tenantId: number, d: FinDoc, lock: boolean, read?: SettlementReads): Promise<Map<number, OpenItem>> {
  const t = FIN_DOC_TYPE_BY_KEY[d.key];
  if (t.lines !== 'bill') return new Map();
  const billIds = [...new Set(d.lines.map((l) => l.billId!))];
  const byId = read?.docs ?? (await settledDocs(tx, tenantId, billIds));
  const items = read?.items ?? (lock ? await lockOpenItems(tx, tenantId, 'depot', billIds) : await openItems(tx, tenantId, billIds));
  const taken = new Map<number, Decimal>();
  const verb = t.type === '收款' ? '收款' : '付款';
  d.lines.forEach((l, i) => {
    const n = i + 1;
    const doc = byId.get(l.billId!);
    if (!doc) throw new BusinessError(`第${n}行：结算的单据不存在或已删除`);
    const oi = items.get(l.billId!);
    if (!oi) throw new BusinessError(`第${n}行：单据 ${doc.number} 没有可${verb}的欠款`);
    if (d.organId !== null && Number(doc.organ_id) !== d.organId) throw new BusinessError(`第${n}行：单据 ${doc.number} 不是所选往来单位的单据`);
    if (oi.sign !== (t.type === '收款' ? 1 : -1)) throw new BusinessError(`第${n}行：单据 ${doc.number} 不能用${t.label.zh}结算`);
    const sum = (taken.get(l.billId!) ?? new Decimal(0)).plus(l.amount);
    taken.set(l.billId!, sum);
    const open = openAmount(oi);
    if (sum.gt(open)) throw new BusinessError(`第${n}行：单据 ${doc.number} 本次${verb} ${sum.toFixed()} 超过欠款 ${open.toFixed()}`);
  });
  return items;
}

function bankOf(banks: Map<number, number>, id: number | null) {
  return banks.get(id!)!;
}

async function settledDocs(tx: Tx, tenantId: number, billIds: number[]): Promise<SettlementReads['docs']> {
  const docs = await tx.query<{ id: number; number: string; organ_id: number | null }>(
    'select id, number, organ_id from depot_head where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag',
    [tenantId, billIds],
  );
  return new Map(docs.map((r) => [Number(r.id), r]));
}

async function openItems(tx: Tx, tenantId: number, billIds: number[]): Promise<Map<number, OpenItem>> {
  const rows = await tx.query<OpenItem>(
    'select id, doc_id, account_id, partner_id, sign, balance from fin_open_item where tenant_id = $1 and doc_kind = $2 and doc_id = any($3::bigint[])',
    [tenantId, 'depot', billIds],
  );
  return new Map(rows.map((o) => [Number(o.doc_id), { ...o, sign: Number(o.sign) }]));
}

/** The journal lines of a finance document (docs/finance.md lists them per type). */
export function finPostings(d: FinDoc, chart: Chart, banks: Map<number, number>, items: Map<number, number>, open: Map<number, OpenItem>): Posting[] {
  const total = totalOf(d);
  const partner = d.organId;
  const head = bankOf(banks, d.accountId);
  const settle = (l: FinDoc['lines'][number]) => {
    const oi = open.get(l.billId!)!;
    return { account: Number(oi.account_id), opts: { partner: oi.partner_id === null ? null : Number(oi.partner_id), openItem: oi.id } };
  };
  switch (FIN_DOC_TYPE_BY_KEY[d.key].type) {
    case '收款':
      return [dr(head, total.minus(d.discount)), dr(chart.discount, d.discount), ...d.lines.map((l) => cr(settle(l).account, l.amount, settle(l).opts))];
    case '付款':
      return [cr(head, total.minus(d.discount)), cr(chart.discount, d.discount), ...d.lines.map((l) => dr(settle(l).account, l.amount, settle(l).opts))];
    case '转账':
      return [cr(head, total), ...d.lines.map((l) => dr(bankOf(banks, l.accountId), l.amount))];
    case '收预付款':
      return [...d.lines.map((l) => dr(bankOf(banks, l.accountId), l.amount)), cr(chart.advanceReceived, total, { partner })];
    case '付预付款':
      return [...d.lines.map((l) => cr(bankOf(banks, l.accountId), l.amount)), dr(chart.advancePaid, total, { partner })];
    case '收入':
      return [dr(head, total), ...d.lines.map((l) => cr(items.get(l.itemId!)!, l.amount, { partner }))];
    case '支出':
      return [cr(head, total), ...d.lines.map((l) => dr(items.get(l.itemId!)!, l.amount, { partner }))];
  }
}

/** A member's advance is also kept on the member (retail spends it there): an advance receipt adds to it. */
async function memberAdvance(tx: Tx, tenantId: number, d: FinDoc, t: FinDocType, sign: 1 | -1) {
  if (t.type !== '收预付款' || d.organId === null) return;
  const r = await tx.one<{ advance_in: string }>(
    `update partner set advance_in = coalesce(advance_in, 0) + $3 where tenant_id = $1 and id = $2 and type = '会员' returning advance_in`,
    [tenantId, d.organId, totalOf(d).times(sign).toFixed()],
  );
  if (r && new Decimal(r.advance_in).isNeg()) throw new BusinessError(`单据 ${d.number} 收取的预付款已被会员使用，不能撤销`);
}

/** What a save read already in its first statement (references.ts `saveContext`), so posting does not ask again. */
export interface PostingReads {
  settlements: SettlementReads;
  chart: Chart;
  banks: Record<string, number | string> | null;
}

/** Posts a finance document to the journal (its settlements locked and checked first). */
/** `alongside`: see postEntry; passed on only when the entry is the posting's last statement. */
export async function postFinDocument(tx: Tx, tenantId: number, d: FinDoc, creator: number, read?: PostingReads, alongside?: () => void): Promise<void> {
  const t = FIN_DOC_TYPE_BY_KEY[d.key];
  const open = await checkSettlements(tx, tenantId, d, true, read?.settlements);
  const chart = read?.chart ?? (await chartOf(tx, tenantId));
  const sids = [...new Set([d.accountId, ...d.lines.map((l) => l.accountId)].filter((x): x is number => x !== null))];
  const banks = read ? await knownBankAccounts(tx, tenantId, sids, read.banks) : await bankAccounts(tx, tenantId, sids);
  const items = await itemAccounts(tx, tenantId, [...new Set(d.lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])))]);
  const last = t.type !== '收预付款' || d.organId === null; // memberAdvance writes nothing after the entry
  await postEntry(
    tx,
    tenantId,
    { kind: 'account', id: d.id },
    d.day,
    finPostings(d, chart, banks, items, open),
    creator,
    undefined,
    last ? alongside : undefined,
  );
  await memberAdvance(tx, tenantId, d, t, 1);
}

/** Reverses what a finance document posted; an advance already spent cannot be taken back. */
export async function unpostFinDocument(tx: Tx, tenantId: number, d: FinDoc, creator: number): Promise<void> {
  const t = FIN_DOC_TYPE_BY_KEY[d.key];
  if (t.type === '收预付款' || t.type === '付预付款') await checkAdvanceLeft(tx, tenantId, d, t);
  await reverseSource(tx, tenantId, { kind: 'account', id: d.id }, creator);
  await memberAdvance(tx, tenantId, d, t, -1);
}

async function checkAdvanceLeft(tx: Tx, tenantId: number, d: FinDoc, t: FinDocType) {
  const role = t.type === '收预付款' ? 'advanceReceived' : 'advancePaid';
  await tx.query('select 1 from partner where tenant_id = $1 and id = $2 for update', [tenantId, d.organId]);
  const r = await tx.one<{ b: string }>(
    `select coalesce(sum(b.debit - b.credit), 0) as b from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
      where b.tenant_id = $1 and a.role = $2 and b.partner_id = $3`,
    [tenantId, role, d.organId],
  );
  const left = new Decimal(r!.b).times(role === 'advanceReceived' ? -1 : 1);
  if (left.lt(totalOf(d))) throw new BusinessError(`单据 ${d.number} 的预付款已被使用（余额 ${left.toFixed()}），不能撤销`);
}
