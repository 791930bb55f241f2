import { Decimal } from 'decimal.js';
import { DOC_STATUS, DOC_TYPE_BY_KEY } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { bankAccountsJson, CHART_JSON, chartFromJson, knownBankAccounts, type Chart } from '../journal/chart.ts';
import { liveEntries, OWN_OPEN_ITEM, postEntry, reverseSource } from '../journal/journal.ts';
import { settlementsOf } from '../journal/open-items.ts';
import { advanceOf, inventoryPostings, isOrderWithAdvance, moneyRefusal, openItemOf, tradeOf, type DocMoney } from './inventory-rules.ts';
import { settledByMessage } from './settled-by.ts';

export interface InventoryHead {
  doc_key: string;
  number: string;
  status: string;
  posted: boolean;
  delete_flag: boolean;
  day: string;
  organ_id: number | null;
  account_id: number | null;
  due: string;
  discount_money: string | null;
  other_money: string | null;
  deposit: string | null;
  change_amount: string | null;
  back_amount: string | null;
  advance_used: string;
  goods: string;
  tax: string;
  inventory: string;
  accounts: { account_id: number; amount: string }[] | null;
  /** the company's base accounts by role, read with the document (CHART_JSON) */
  chart: Record<string, number> | null;
  /** the bank accounts of the document's settlement accounts made so far (bankAccountsJson) */
  banks: Record<string, number> | null;
}

/**
 * One read of everything an inventory document's posting needs: header, line sums, stock value change, payment split, the
 * chart. Exported so that a save may issue it right behind its last stock write (the two share a round trip) and hand
 * it to syncInventoryJournal.
 */
export async function readInventoryHead(tx: Tx, tenantId: number, headerId: number): Promise<InventoryHead | undefined> {
  return tx.one<InventoryHead>(
    `select h.doc_key, h.number, h.status, h.posted, h.delete_flag, to_char(h.oper_time, 'YYYY-MM-DD') as day, h.organ_id, h.account_id,
            h.discount_last_money + coalesce(h.other_money, 0) as due, h.discount_money, h.other_money, h.deposit, h.change_amount,
            h.back_amount, h.advance_used,
            coalesce((select sum(all_price) from depot_item where tenant_id = $1 and header_id = h.id and not delete_flag), 0) as goods,
            coalesce((select sum(tax_money) from depot_item where tenant_id = $1 and header_id = h.id and not delete_flag), 0) as tax,
            coalesce((select sum(value_change) from stock_ledger where tenant_id = $1 and header_id = h.id), 0) as inventory,
            (select json_agg(json_build_object('account_id', account_id, 'amount', amount) order by account_id)
               from depot_head_account where tenant_id = $1 and header_id = h.id) as accounts,
            ${CHART_JSON} as chart,
            ${bankAccountsJson('select account_id from depot_head_account where tenant_id = $1 and header_id = h.id union all select h.account_id')} as banks
       from depot_head h where h.tenant_id = $1 and h.id = $2`,
    [tenantId, headerId],
  );
}

/** Money paid on the spot per settlement account; a retail bill keeps only what stays in the till (not change, not advance). */
function spotPayments(h: InventoryHead): { settlement: number | null; amount: Decimal }[] {
  const split = h.accounts?.length
    ? h.accounts.map((a) => ({ settlement: Number(a.account_id) as number | null, amount: new Decimal(a.amount) }))
    : [{ settlement: h.account_id === null ? null : Number(h.account_id), amount: new Decimal(h.change_amount ?? 0) }];
  let keepBack = h.doc_key.startsWith('retail') ? new Decimal(h.back_amount ?? 0).plus(h.advance_used) : new Decimal(0);
  for (const p of split) {
    const take = Decimal.min(keepBack, Decimal.max(p.amount, 0));
    p.amount = p.amount.minus(take);
    keepBack = keepBack.minus(take);
  }
  return split.filter((p) => !p.amount.isZero());
}

async function moneyOf(tx: Tx, tenantId: number, h: InventoryHead, chart: Chart): Promise<DocMoney> {
  const spot = spotPayments(h);
  const banks = await knownBankAccounts(
    tx,
    tenantId,
    spot.flatMap((p) => (p.settlement === null ? [] : [p.settlement])),
    h.banks,
  );
  const discount = new Decimal(h.discount_money ?? 0);
  return {
    key: h.doc_key,
    partner: h.organ_id === null ? null : Number(h.organ_id),
    due: new Decimal(h.due),
    goods: new Decimal(h.goods).minus(discount),
    tax: new Decimal(h.tax),
    other: new Decimal(h.other_money ?? 0),
    inventory: new Decimal(h.inventory),
    paid: spot.map((p) => ({ account: p.settlement === null ? chart.cash : banks.get(p.settlement)!, amount: p.amount })),
    advance: new Decimal(h.deposit ?? 0).plus(h.advance_used),
  };
}

/** A deposit deducted must be there: the partner's advance (orders' deposits, advance receipts) as the journal holds it. */
async function checkDeposit(tx: Tx, tenantId: number, h: InventoryHead, chart: Chart) {
  const deposit = new Decimal(h.deposit ?? 0);
  const adv = advanceOf(h.doc_key);
  if (!adv || deposit.lte(0)) return;
  if (h.organ_id === null) throw new BusinessError('扣除订金需要选择往来单位');
  // the partner's row serialises two documents spending the same advance
  const p = await tx.one<{ name: string }>('select name from partner where tenant_id = $1 and id = $2 for update', [tenantId, h.organ_id]);
  const r = await tx.one<{ b: string }>(
    'select coalesce(sum(debit - credit), 0) as b from fin_balance where tenant_id = $1 and account_id = $2 and partner_id = $3',
    [tenantId, chart[adv.role], h.organ_id],
  );
  const have = new Decimal(r!.b).times(adv.sign);
  if (have.lt(deposit))
    throw new BusinessError(`“${p?.name}”的${adv.role === 'advanceReceived' ? '预收款' : '预付款'}余额 ${have.toFixed()} 不足以扣除订金 ${deposit.toFixed()}`);
}

/** Whether the document's money should stand in the journal now: posted stock, or an audited order with a deposit. */
function shouldStand(h: InventoryHead): boolean {
  if (h.delete_flag) return false;
  const t = DOC_TYPE_BY_KEY[h.doc_key];
  if (isOrderWithAdvance(h.doc_key)) return h.status !== DOC_STATUS.unaudited && h.status !== DOC_STATUS.inApproval;
  return t.stock !== 0 && h.posted;
}

async function post(c: RequestCtx, headerId: number, h: InventoryHead, alongside?: () => void) {
  const { tx, session } = c;
  const chart = chartFromJson(h.chart);
  const money = await moneyOf(tx, session.tenantId, h, chart);
  const refusal = moneyRefusal(money);
  if (refusal) throw new BusinessError(refusal);
  await checkDeposit(tx, session.tenantId, h, chart);
  // the document's open item is written with its entry (one statement)
  const oi = openItemOf(h.doc_key, chart);
  const own = oi ? { kind: 'depot', account: oi.account, partner: money.partner, sign: oi.sign } : undefined;
  const postings = inventoryPostings(money, chart, own ? OWN_OPEN_ITEM : null);
  await postEntry(tx, session.tenantId, { kind: 'depot', id: headerId }, h.day, postings, session.userId, own, alongside);
}

/**
 * Brings an inventory document's journal in line with the document, in the caller's transaction
 * (docs/finance.md). The inventory module calls it after a save (`changed`: its money may differ,
 * so what stood is reversed and posted again), and after an audit, un-audit or delete. A document
 * that receipts or payments settle cannot leave the journal or go back to unaudited until they do.
 * `isNew`: the document was created in this transaction, so no entry of it stands yet (none is looked up). `head`: the
 * document already read by readInventoryHead after every write of this transaction that it reads. `alongside`: called once
 * the new entry's statement is sent, for the caller's next statement to share its round trip (postEntry); not called when
 * no entry is written.
 */
export async function syncInventoryJournal(
  c: RequestCtx,
  headerId: number,
  changed = false,
  isNew = false,
  head?: Promise<InventoryHead | undefined>,
  alongside?: () => void,
): Promise<void> {
  const { tx, session } = c;
  const h = await (head ?? readInventoryHead(tx, session.tenantId, headerId));
  if (!h) return;
  const stand = shouldStand(h);
  const live = !isNew && (await liveEntries(tx, session.tenantId, { kind: 'depot', id: headerId })).length > 0;
  const leaving = live && (!stand || changed);
  // only a document whose money stands can be settled (a reversal of a settled one is refused right here)
  if (live && (leaving || h.status === DOC_STATUS.unaudited) && tradeOf(h.doc_key)) {
    const by = await settlementsOf(tx, session.tenantId, 'depot', headerId);
    if (by.length) throw new BusinessError(await settledByMessage(tx, session.tenantId, h.number, by));
  }
  if (leaving) await reverseSource(tx, session.tenantId, { kind: 'depot', id: headerId }, session.userId);
  if (stand && (!live || changed)) await post(c, headerId, h, alongside);
}
