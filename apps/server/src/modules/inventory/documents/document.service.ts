import crypto from 'node:crypto';
import { Decimal } from 'decimal.js';
import { DOC_STATUS, DOC_TRANSITIONS, DOC_TYPE_BY_KEY, transitionRefusal, type DocAction, type DocEffect, type DocType } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { checkAccess } from '../../../platform/auth/access.ts';
import { BusinessError, badRequest, notFound } from '../../../platform/errors.ts';
import { logValues, logWrite } from '../../../platform/audit.ts';
import { assignNumber } from './numbering.ts';
import { resolveLines, totals, type Line } from './document-lines.ts';
import { checkReservoirAreas } from './reservoir-lines.ts';
import { planAreas, postAreas, reverseAreas, type AreaPlan } from './reservoir-stock.ts';
import { closedPeriodOf, PERIOD_MSG, saveContext, storeDocument, switches, type StoredLine, type Switches } from './document-store.ts';
import { movementsOf, type PostLine } from '../stock/movements.ts';
import { postMovements, reverseDocument } from '../stock/stock-ledger.ts';
import { serialsIn, serialsMove, serialsOut, serialsUndo } from '../stock/serials.ts';
import { claimLinks, releaseLinks } from './fulfilment.ts';
import { returnAdvance, takeAdvance } from './advance.ts';
import type { SaveInput } from './document.schemas.ts';
import { docType } from './document.queries.ts';
import { ownDataOnly, ownDocumentAnd } from '../../../platform/auth/own-data.ts';
import { applyPrices, restorePrices, savePriceLines } from '../stock/price-adjust.ts';
import { bookDocuments } from './document-summary.ts';
import { readInventoryHead, syncInventoryJournal, type InventoryHead } from '../../finance/index.ts';
import { approvalRequired } from '../../workflow/index.ts';
import { runAfterAudit, runBeforeAction } from './document-hooks.ts';

export interface HeadRow {
  id: number;
  doc_key: string;
  number: string;
  status: string;
  posted: boolean;
  link_number: string | null;
}

export const BTN = { edit: '1', audit: '2', unaudit: '7' } as const;

/** Stock moves on save, or on audit when the company's stock-audit switch is on (ARCHITECTURE §5). */
const postsOnSave = (t: DocType, sw: Switches, status: string) => t.stock !== 0 && (!sw.stockAudit || status === DOC_STATUS.audited);

type PostableLine = PostLine & { sn_list: string | null; enable_serial: boolean; reservoir_area_id: number | null };

/** A save's lines as posting reads them, from memory instead of back from the database. */
function postLinesOf(lines: Line[], items: StoredLine[]): PostableLine[] {
  const idOf = new Map(items.map((i) => [i.line_no, i.id]));
  return lines.map((l) => ({
    id: idOf.get(l.lineNo)!,
    material_id: l.materialId,
    depot_id: l.depotId,
    another_depot_id: l.anotherDepotId,
    batch_number: l.batchNumber,
    expiration_date: l.expirationDate,
    basic_number: l.basicNumber.toFixed(),
    all_price: l.allPrice.toFixed(),
    material_type: l.materialType,
    sn_list: l.snList.length ? l.snList.join(',') : null,
    enable_serial: l.enableSerial,
    reservoir_area_id: l.reservoirAreaId,
  }));
}

/** `alongside`: issued behind the post's last stock write when no reservoir or serial statement follows it (postMovements). */
async function post(c: RequestCtx, t: DocType, headerId: number, sw: Switches, saved?: PostableLine[], alongside?: () => void) {
  const { tx, session } = c;
  const lines =
    saved ??
    (await tx.query<PostableLine>(
      `select i.id, i.material_id, i.depot_id, i.another_depot_id, i.batch_number, to_char(i.expiration_date, 'YYYY-MM-DD') as expiration_date,
              i.basic_number, i.all_price, i.material_type, i.sn_list, m.enable_serial_number as enable_serial, i.reservoir_area_id
         from depot_item i join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
        where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag order by i.line_no`,
      [session.tenantId, headerId],
    ));
  const moves = await movementsOf(tx, session.tenantId, t, lines);
  const serial = lines.filter((l) => l.enable_serial);
  // finance's read rides with the ledger write unless a serial statement follows (reservoir areas' rows it does not read)
  const last = !(serial.length && t.stock !== 0);
  const areas = sw.reservoirArea && moves.length > 0;
  const areaOf = new Map(lines.filter((l) => l.reservoir_area_id !== null).map((l) => [Number(l.id), Number(l.reservoir_area_id)]));
  let plan: AreaPlan | undefined;
  // the header's posted flag and the outbound lines' costs are written with the ledger rows; the reads that need no
  // answer of it (the areas holding the goods, finance's read of the document) are sent behind it, in its round trip
  if (moves.length)
    await postMovements(tx, session.tenantId, headerId, moves, {
      allowNegative: sw.minusStock,
      lineCosts: true,
      posted: true,
      alongside: () => {
        if (areas) plan = planAreas(tx, session.tenantId, t, moves, areaOf);
        if (last) alongside?.();
      },
    });
  else await tx.query('update depot_head set posted = true where tenant_id = $1 and id = $2', [session.tenantId, headerId]);
  // goods into and out of reservoir areas, while the post holds its stock rows (reservoir-stock.ts)
  if (areas) await postAreas(tx, session.tenantId, headerId, t, moves, areaOf, plan);
  if (t.stock === 1) await serialsIn(tx, session.tenantId, serial);
  if (t.stock === -1) await serialsOut(tx, session.tenantId, serial);
  if (t.stock === 'transfer') await serialsMove(tx, session.tenantId, serial);
}

async function unpost(c: RequestCtx, t: DocType, headerId: number, sw: Switches) {
  const { tx, session } = c;
  await reverseDocument(tx, session.tenantId, headerId, { allowNegative: sw.minusStock });
  await reverseAreas(tx, session.tenantId, headerId);
  if (t.stock === 'transfer') {
    const serial = await tx.query<{ id: number; material_id: number; depot_id: number; another_depot_id: number; sn_list: string | null }>(
      `select i.id, i.material_id, i.depot_id, i.another_depot_id, i.sn_list from depot_item i
         join material m on m.tenant_id = i.tenant_id and m.id = i.material_id and m.enable_serial_number
        where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag and i.sn_list is not null`,
      [session.tenantId, headerId],
    );
    await serialsMove(tx, session.tenantId, serial, true);
  }
  const ids = (await tx.query<{ id: number }>('select id from depot_item where tenant_id = $1 and header_id = $2', [session.tenantId, headerId])).map(
    (r) => r.id,
  );
  await serialsUndo(tx, session.tenantId, ids);
  await tx.query('update depot_head set posted = false where tenant_id = $1 and id = $2', [session.tenantId, headerId]);
}

function checkPartner(t: DocType, partnerType: string | null | undefined) {
  if (partnerType === undefined) return;
  if (partnerType === null) throw new BusinessError('往来单位不存在或已禁用');
  if (t.partner && partnerType !== t.partner && !(t.partner === '会员' && partnerType === '客户')) throw new BusinessError(`请选择${t.partner}`);
}

/** Finance's read of the document, issued by the post right behind its last stock write: one round trip for both (issue 13). */
function headReader(c: RequestCtx, headerId: number) {
  const r: { read?: Promise<InventoryHead | undefined>; issue: () => void } = {
    issue: () => {
      r.read = readInventoryHead(c.tx, c.session.tenantId, headerId);
      r.read.catch(() => undefined); // a failed write fails it too: the write's error is the one thrown
    },
  };
  return r;
}

/**
 * Add or change a document with its lines ({info, rows}); posts it when the rules say so. `last`: nothing follows the save
 * in the request's transaction, so a new unaudited document's commit may be sent with its number (closer).
 */
export async function saveDocument(c: RequestCtx, input: SaveInput, last = false): Promise<{ id: number; number: string }> {
  const { tx, session } = c;
  const { info, rows } = input;
  const t = docType(info.type, info.subType);
  checkAccess(session, { menu: t.menu, btn: BTN.edit });
  // save-and-approve needs the audit button, and no approval flow the document must go through instead (asked with the save's context)
  const direct = info.status === DOC_STATUS.audited;
  if (direct) checkAccess(session, { menu: t.menu, btn: BTN.audit });
  const depotIds = [...new Set(rows.flatMap((r) => [r.depotId, r.anotherDepotId]).filter((x): x is number => !!x))];
  const accountIds = info.accounts?.map((a) => a.accountId) ?? (info.accountId ? [info.accountId] : []);
  const ask = { organId: info.organId, depotIds, accountIds, operTime: info.operTime, approvalFor: direct ? t.key : undefined, rows };
  const { sw, needsApproval, ...ctx } = await saveContext(tx, session.tenantId, ask);
  if (needsApproval) throw new BusinessError(NEEDS_APPROVAL(t.label.zh));
  if (ctx.closedPeriod) throw new BusinessError(PERIOD_MSG.closed(ctx.closedPeriod, '保存'));
  checkPartner(t, ctx.partnerType);
  const lines = resolveLines(t, rows, ctx.depots, ctx.barcodes);
  await checkReservoirAreas(tx, session.tenantId, t, lines, sw.reservoirArea);
  const money = totals(info, lines, t);
  let number: string;
  let token: string | undefined;
  if (info.id) number = await reopen(c, t, info.id, sw);
  else {
    // a placeholder until the real number is taken at the very end (see below)
    token = crypto.randomUUID();
    number = `~${token}`;
  }
  const accounts = info.accounts ?? (info.accountId && Number(money.changeAmount) ? [{ accountId: info.accountId, amount: money.changeAmount.toFixed() }] : []);
  const head = {
    ...(token && { doc_key: t.key, type: t.type, sub_type: t.subType, number, creator: session.userId, share_token: token }),
    oper_time: info.operTime,
    organ_id: info.organId ?? null,
    hands_person_id: info.handsPersonId ?? null,
    account_id: info.accountId ?? accounts[0]?.accountId ?? null,
    sales_man: info.salesMan ?? null,
    total_price: money.totalPrice.toFixed(),
    discount: info.discount ?? null,
    discount_money: money.discountMoney.toFixed(),
    discount_last_money: money.discountLastMoney.toFixed(),
    other_money: money.otherMoney.toFixed(),
    deposit: money.deposit.toFixed(),
    change_amount: money.changeAmount.toFixed(),
    back_amount: money.backAmount.toFixed(),
    debt: money.debt.toFixed(),
    link_number: info.linkNumber ?? null,
    remark: info.remark ?? null,
    file_name: info.fileName ?? null,
    order_type: info.orderType ?? null,
    delivery_date: info.deliveryDate ?? null,
    transport_company: info.transportCompany ?? null,
    transport_number: info.transportNumber ?? null,
    updater: session.userId,
    pay_type: info.payType,
    status: info.status,
  };
  // the payment split is written with the header, over the accounts the save's context found usable; a missing or
  // disabled one is refused where the split was written before (after the advance payment's checks)
  const split = accounts.map((a) => ({ accountId: a.accountId, amount: new Decimal(a.amount).toFixed() }));
  const { headerId, items } = await storeDocument(
    tx,
    session.tenantId,
    info.id,
    head,
    lines,
    split.filter((a) => ctx.accounts.has(a.accountId)),
  );
  if (info.payType === '预付款') {
    if (t.key !== 'retailOut') throw badRequest('只有零售出库可以使用预付款支付');
    await takeAdvance(c, headerId, info.organId, money.discountLastMoney.plus(money.otherMoney));
  }
  if (split.some((a) => !ctx.accounts.has(a.accountId))) throw new BusinessError('结算账户不存在或已禁用');
  await savePriceLines(c, t, headerId, rows);
  await claimLinks(c, t, info.linkNumber, sw.overLink, lines);
  if (info.status === DOC_STATUS.audited && t.prices) await applyPrices(c, headerId);
  const reader = headReader(c, headerId);
  if (postsOnSave(t, sw, info.status)) await post(c, t, headerId, sw, postLinesOf(lines, items), reader.issue);
  const close = closer(c, t, headerId, info.id ? number : undefined, lines.length, last && !info.id && info.status !== DOC_STATUS.audited);
  // a new document has no journal entry yet: nothing to look up or reverse; its number rides with its entry
  await syncInventoryJournal(c, headerId, true, !info.id, reader.read, info.id ? undefined : close.issue);
  number = await close.result();
  if (info.status === DOC_STATUS.audited) await runAfterAudit(c, headerId, t.key, !info.id);
  if (info.id) await logWrite(tx, session, c.ip, 'update', 'depotHead', [headerId], { number, lines: lines.length });
  return { id: headerId, number };
}

/**
 * A save's last statement: the gap-free counter row and the day's summary row stay locked until commit, so they are
 * taken last (saves of one type run side by side and queue only for this). A new document (no `number` yet) gets its
 * number with its summary and log row in one statement, sent right behind its journal entry when it has one (`issue`,
 * postEntry's alongside), so the hot rows the entry and the number lock (the customer's and accounts' balances, the
 * counter, the summaries) are held for one round trip; with `commit` the transaction's commit leaves with it too
 * (Tx.oneAndCommit). `result()` sends it if nothing did and resolves to the number.
 */
function closer(c: RequestCtx, t: DocType, headerId: number, number: string | undefined, lines: number, commit: boolean) {
  const { tx, session } = c;
  let sent: Promise<string> | undefined;
  const issue = () => {
    if (sent) return;
    if (number !== undefined) sent = bookDocuments(tx, session.tenantId, [headerId], 1).then(() => number);
    else
      sent = assignNumber(
        tx,
        session.tenantId,
        headerId,
        t,
        { book: true, log: logValues(session, c.ip, 'add', 'depotHead', [headerId], { lines }) },
        undefined,
        commit,
      );
    sent.catch(() => undefined); // a failed statement before it fails it too: that statement's error is the one thrown
  };
  return {
    issue,
    result: () => (issue(), sent!),
  };
}

/** An edited document before it is stored again: its stock, links and summary rows undone, its lines and payments cleared; returns its number. */
async function reopen(c: RequestCtx, t: DocType, id: number, sw: Switches): Promise<string> {
  const { tx, session } = c;
  const old = await lockHead(c, id, '修改');
  if (old.doc_key !== t.key) throw badRequest('不能修改单据类型');
  await transition(c, 'edit', t, old, sw);
  await bookDocuments(tx, session.tenantId, [old.id], -1);
  await tx.query('update depot_item set delete_flag = true where tenant_id = $1 and header_id = $2', [session.tenantId, old.id]);
  await tx.query('delete from depot_head_account where tenant_id = $1 and header_id = $2', [session.tenantId, old.id]);
  return old.number;
}

const NEEDS_APPROVAL = (label: string) => `${label}需走审批流程，请提交审批`;

/**
 * Locks a document for a change; one dated in a closed account period is refused (what: the change, for the message).
 * `anyOwner`: the approval engine acting for the document's approver, whom own-data rules do not limit.
 */
export async function lockHead(c: RequestCtx, id: number, what: string, anyOwner = false): Promise<HeadRow> {
  const own = !anyOwner && ownDataOnly(c.session);
  const h = await c.tx.one<HeadRow & { closed: string | null }>(
    `select id, doc_key, number, status, posted, link_number, ${closedPeriodOf('$1', 'oper_time')} as closed
       from depot_head h where tenant_id = $1 and id = $2 and not delete_flag${own ? ownDocumentAnd(c.session, 'h', 3) : ''} for update`,
    own ? [c.session.tenantId, id, c.session.userId] : [c.session.tenantId, id],
  );
  if (!h) throw notFound('单据不存在或已删除');
  if (h.closed) throw new BusinessError(PERIOD_MSG.closedDoc(h.number, h.closed, what));
  return h;
}

async function hasLinkedDocs(c: RequestCtx, number: string): Promise<boolean> {
  return !!(await c.tx.one('select 1 from depot_head where tenant_id = $1 and link_number = $2 and not delete_flag limit 1', [c.session.tenantId, number]));
}

/** Delete unaudited documents: posted stock is reversed, claimed order quantities are released. */
export async function deleteDocuments(c: RequestCtx, ids: number[]) {
  const sw = await switches(c.tx, c.session.tenantId);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const h = await lockHead(c, id, '删除');
    const t = DOC_TYPE_BY_KEY[h.doc_key];
    checkAccess(c.session, { menu: t.menu, btn: BTN.edit });
    await transition(c, 'delete', t, h, sw, async () => {
      if (t.order && (await hasLinkedDocs(c, h.number))) throw new BusinessError(`单据 ${h.number} 已有关联单据，不能删除`);
    });
    await bookDocuments(c.tx, c.session.tenantId, [id], -1);
    await c.tx.query('update depot_head set delete_flag = true, updater = $3, updated_at = now() where tenant_id = $1 and id = $2', [
      c.session.tenantId,
      id,
      c.session.userId,
    ]);
    await c.tx.query('update depot_item set delete_flag = true where tenant_id = $1 and header_id = $2', [c.session.tenantId, id]);
    await syncInventoryJournal(c, id);
  }
  await logWrite(c.tx, c.session, c.ip, 'delete', 'depotHead', ids);
  return { message: '删除成功' };
}

/** Audit ('1') or un-audit ('0'); with the stock-audit switch on, this is when stock moves. */
export async function setStatus(c: RequestCtx, ids: number[], status: '0' | '1') {
  const action: DocAction = status === DOC_STATUS.audited ? 'audit' : 'unaudit';
  const sw = await switches(c.tx, c.session.tenantId);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const h = await lockHead(c, id, action === 'audit' ? '审核' : '反审核');
    const t = DOC_TYPE_BY_KEY[h.doc_key];
    checkAccess(c.session, { menu: t.menu, btn: action === 'audit' ? BTN.audit : BTN.unaudit });
    await transition(c, action, t, h, sw, async () => {
      if (action === 'unaudit' && t.order && (await hasLinkedDocs(c, h.number))) throw new BusinessError(`单据 ${h.number} 已有关联单据，不能反审核`);
      if (action === 'audit' && (await approvalRequired(c.tx, c.session.tenantId, t.key))) throw new BusinessError(NEEDS_APPROVAL(t.label.zh));
    });
    await setHeadStatus(c, id, DOC_TRANSITIONS[action].to, t.key);
  }
  await logWrite(c.tx, c.session, c.ip, action, 'depotHead', ids);
  return { message: '操作成功' };
}

/** Writes the status a transition leaves the document in (`docKey` when the caller knows it, for the after-audit hooks). */
export async function setHeadStatus(c: RequestCtx, id: number, status: string, docKey?: string) {
  await c.tx.query('update depot_head set status = $3, updater = $4, updated_at = now() where tenant_id = $1 and id = $2', [
    c.session.tenantId,
    id,
    status,
    c.session.userId,
  ]);
  // the journal follows the status on every path (direct audit and the approval engine alike)
  await syncInventoryJournal(c, id);
  if (status === DOC_STATUS.audited) await runAfterAudit(c, id, docKey);
}

interface EffectArgs {
  t: DocType;
  h: HeadRow;
  sw: Switches;
}

/** How this module carries out each effect of the state machine (see DOC_TRANSITIONS). */
const EFFECTS: Record<DocEffect, (c: RequestCtx, a: EffectArgs) => Promise<void>> = {
  post: async (c, { t, h, sw }) => (t.stock !== 0 && !h.posted ? post(c, t, h.id, sw) : undefined),
  unpost: async (c, { t, h, sw }) => (h.posted ? unpost(c, t, h.id, sw) : undefined),
  unpostAudited: async (c, { t, h, sw }) => (sw.stockAudit && h.posted ? unpost(c, t, h.id, sw) : undefined),
  applyPrices: async (c, { t, h }) => (t.prices ? applyPrices(c, h.id) : undefined),
  restorePrices: async (c, { t, h }) => (t.prices ? restorePrices(c, h.id, h.number) : undefined),
  releaseLinks: (c, { h }) => releaseLinks(c, h.id),
  returnAdvance: (c, { h }) => returnAdvance(c, h.id),
};

/** Refuses an action the document's status does not allow, checks `guard`, then runs the action's effects in order. */
export async function transition(c: RequestCtx, action: DocAction, t: DocType, h: HeadRow, sw: Switches, guard?: () => Promise<void>) {
  const refusal = transitionRefusal(action, h.status, h.number);
  if (refusal) throw new BusinessError(refusal);
  await guard?.();
  await runBeforeAction(c, action, { id: h.id, docKey: h.doc_key, number: h.number });
  for (const e of DOC_TRANSITIONS[action].effects) await EFFECTS[e](c, { t, h, sw });
}

/** A new document (the body may not name an id). */
export async function addDocument(c: RequestCtx, input: SaveInput, last = false) {
  if (input.info.id) throw badRequest('新增单据不能带 id');
  return { ...(await saveDocument(c, input, last)), message: '保存成功' };
}

/** A changed document (the body names its id). */
export async function updateDocument(c: RequestCtx, input: SaveInput) {
  if (!input.info.id) throw badRequest('参数错误 info.id: 修改单据需要 id');
  return { ...(await saveDocument(c, input)), message: '保存成功' };
}
