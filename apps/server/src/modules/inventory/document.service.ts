import crypto from 'node:crypto';
import { Decimal } from 'decimal.js';
import { docTypeOf, DOC_TYPE_BY_KEY, type DocType } from '@erp/entities';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { checkAccess } from '../../platform/http/route.ts';
import { BusinessError, badRequest, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { nextNumber } from './numbering.ts';
import { resolveLines, totals, type Line } from './document-lines.ts';
import { movementsOf, type PostLine } from './movements.ts';
import { postMovements, reverseDocument } from './posting.ts';
import { serialsIn, serialsOut, serialsUndo } from './serials.ts';
import { claimLinks, releaseLinks } from './fulfilment.ts';
import { returnAdvance, takeAdvance } from './advance.ts';
import type { SaveInput } from './document.schemas.ts';

export interface Ctx {
  tx: Tx;
  session: Session;
  ip: string;
}
interface Switches {
  minusStock: boolean;
  stockAudit: boolean;
  overLink: boolean;
}
export interface HeadRow {
  id: number;
  doc_key: string;
  number: string;
  status: string;
  posted: boolean;
  link_number: string | null;
}

export const BTN = { edit: '1', audit: '2', unaudit: '7' } as const;

export function docType(type: string, subType: string): DocType {
  const t = docTypeOf(type, subType);
  if (!t) throw badRequest(`不支持的单据类型: ${type}/${subType}`);
  return t;
}

async function switches(c: Ctx): Promise<Switches> {
  const r = await c.tx.one<Switches>(
    `select minus_stock_flag as "minusStock", stock_approval_flag as "stockAudit", over_link_flag as "overLink" from system_config where tenant_id = $1`,
    [c.session.tenantId],
  );
  return r!;
}

/** Stock moves on save, or on audit when the company's stock-audit switch is on (ARCHITECTURE §5). */
const postsOnSave = (t: DocType, sw: Switches, status: string) => t.stock !== 0 && (!sw.stockAudit || status === '1');

async function post(c: Ctx, t: DocType, headerId: number, sw: Switches) {
  const { tx, session } = c;
  const lines = await tx.query<PostLine & { sn_list: string | null; enable_serial: boolean }>(
    `select i.id, i.material_id, i.depot_id, i.another_depot_id, i.batch_number, to_char(i.expiration_date, 'YYYY-MM-DD') as expiration_date,
            i.basic_number, i.all_price, i.material_type, i.sn_list, m.enable_serial_number as enable_serial
       from depot_item i join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
      where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag order by i.line_no`,
    [session.tenantId, headerId],
  );
  const moves = await movementsOf(tx, session.tenantId, t, lines);
  const { unitCosts } = await postMovements(tx, session.tenantId, headerId, moves, { allowNegative: sw.minusStock });
  // outbound lines keep the cost they left at (for margins)
  const outCosts = moves.map((m, i) => [m, unitCosts[i]] as const).filter(([m]) => m.qty.lt(0) && m.itemId);
  if (outCosts.length) {
    await tx.query(
      `update depot_item i set cost_price = x.c from unnest($2::bigint[], $3::numeric[]) as x(id, c) where i.tenant_id = $1 and i.id = x.id`,
      [session.tenantId, outCosts.map(([m]) => m.itemId), outCosts.map(([, c]) => c.toFixed())],
    );
  }
  const serial = lines.filter((l) => l.enable_serial);
  if (t.stock === 1) await serialsIn(tx, session.tenantId, serial);
  if (t.stock === -1) await serialsOut(tx, session.tenantId, serial);
  await tx.query('update depot_head set posted = true where tenant_id = $1 and id = $2', [session.tenantId, headerId]);
}

async function unpost(c: Ctx, headerId: number, sw: Switches) {
  const { tx, session } = c;
  await reverseDocument(tx, session.tenantId, headerId, { allowNegative: sw.minusStock });
  const ids = (await tx.query<{ id: number }>('select id from depot_item where tenant_id = $1 and header_id = $2', [session.tenantId, headerId])).map((r) => r.id);
  await serialsUndo(tx, session.tenantId, ids);
  await tx.query('update depot_head set posted = false where tenant_id = $1 and id = $2', [session.tenantId, headerId]);
}

async function insertLines(c: Ctx, headerId: number, lines: Line[]) {
  const col = <T>(f: (l: Line) => T) => lines.map(f);
  await c.tx.query(
    `insert into depot_item(tenant_id, header_id, line_no, material_id, material_extend_id, material_unit, sku, oper_number, basic_number,
                            unit_price, tax_rate, tax_money, all_price, tax_last_money, depot_id, another_depot_id, batch_number,
                            expiration_date, sn_list, link_id, material_type, remark)
     select $1, $2, * from unnest($3::int[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::numeric[], $9::numeric[], $10::numeric[],
                                  $11::numeric[], $12::numeric[], $13::numeric[], $14::numeric[], $15::bigint[], $16::bigint[], $17::text[],
                                  $18::date[], $19::text[], $20::bigint[], $21::text[], $22::text[])`,
    [
      c.session.tenantId,
      headerId,
      col((l) => l.lineNo),
      col((l) => l.materialId),
      col((l) => l.materialExtendId),
      col((l) => l.unit),
      col((l) => l.sku),
      col((l) => l.operNumber.toFixed()),
      col((l) => l.basicNumber.toFixed()),
      col((l) => l.unitPrice.toFixed()),
      col((l) => l.taxRate.toFixed()),
      col((l) => l.taxMoney.toFixed()),
      col((l) => l.allPrice.toFixed()),
      col((l) => l.taxLastMoney.toFixed()),
      col((l) => l.depotId),
      col((l) => l.anotherDepotId),
      col((l) => l.batchNumber),
      col((l) => l.expirationDate),
      col((l) => (l.snList.length ? l.snList.join(',') : null)),
      col((l) => l.linkId),
      col((l) => l.materialType),
      col((l) => l.remark),
    ],
  );
}

async function checkPartner(c: Ctx, t: DocType, organId: number | undefined) {
  if (!organId) return;
  const p = await c.tx.one<{ type: string }>('select type from partner where tenant_id = $1 and id = $2 and not delete_flag and enabled', [
    c.session.tenantId,
    organId,
  ]);
  if (!p) throw new BusinessError('往来单位不存在或已禁用');
  if (t.partner && p.type !== t.partner && !(t.partner === '会员' && p.type === '客户')) throw new BusinessError(`请选择${t.partner}`);
}

/** Add or change a document with its lines ({info, rows}); posts it when the rules say so. */
export async function saveDocument(c: Ctx, input: SaveInput): Promise<{ id: number; number: string }> {
  const { tx, session } = c;
  const { info, rows } = input;
  const t = docType(info.type, info.subType);
  checkAccess(session, { menu: t.menu, btn: BTN.edit });
  if (info.status === '1') checkAccess(session, { menu: t.menu, btn: BTN.audit });
  const sw = await switches(c);
  await checkPartner(c, t, info.organId);
  const lines = await resolveLines(tx, session.tenantId, t, rows);
  const money = totals(info, lines, t);
  let headerId: number;
  let number: string;
  if (info.id) {
    const old = await lockHead(c, info.id);
    if (old.doc_key !== t.key) throw badRequest('不能修改单据类型');
    if (old.status !== '0') throw new BusinessError('已审核的单据不能修改，请先反审核');
    if (old.posted) await unpost(c, old.id, sw);
    await releaseLinks(c, old.id);
    await returnAdvance(c, old.id);
    await tx.query('update depot_item set delete_flag = true where tenant_id = $1 and header_id = $2', [session.tenantId, old.id]);
    await tx.query('delete from depot_head_account where tenant_id = $1 and header_id = $2', [session.tenantId, old.id]);
    headerId = old.id;
    number = old.number;
  } else {
    // a placeholder until the real number is taken at the very end (see below)
    const token = crypto.randomUUID();
    number = `~${token}`;
    const r = await tx.one<{ id: number }>(
      `insert into depot_head(tenant_id, doc_key, type, sub_type, number, oper_time, creator, share_token)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [session.tenantId, t.key, t.type, t.subType, number, info.operTime, session.userId, token],
    );
    headerId = r!.id;
  }
  const accounts = info.accounts ?? (info.accountId && Number(money.changeAmount) ? [{ accountId: info.accountId, amount: money.changeAmount.toFixed() }] : []);
  await tx.query(
    `update depot_head set oper_time = $3, organ_id = $4, hands_person_id = $5, account_id = $6, sales_man = $7, total_price = $8, discount = $9,
            discount_money = $10, discount_last_money = $11, other_money = $12, deposit = $13, change_amount = $14, back_amount = $15, debt = $16,
            link_number = $17, remark = $18, file_name = $19, order_type = $20, delivery_date = $21, transport_company = $22,
            transport_number = $23, updater = $24, pay_type = $25, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [
      session.tenantId, headerId, info.operTime, info.organId ?? null, info.handsPersonId ?? null, info.accountId ?? accounts[0]?.accountId ?? null,
      info.salesMan ?? null, money.totalPrice.toFixed(), info.discount ?? null, money.discountMoney.toFixed(), money.discountLastMoney.toFixed(),
      money.otherMoney.toFixed(), money.deposit.toFixed(), money.changeAmount.toFixed(), money.backAmount.toFixed(), money.debt.toFixed(),
      info.linkNumber ?? null, info.remark ?? null, info.fileName ?? null, info.orderType ?? null, info.deliveryDate ?? null,
      info.transportCompany ?? null, info.transportNumber ?? null, session.userId, info.payType,
    ],
  );
  if (info.payType === '预付款') {
    if (t.key !== 'retailOut') throw badRequest('只有零售出库可以使用预付款支付');
    await takeAdvance(c, headerId, info.organId, money.discountLastMoney.plus(money.otherMoney));
  }
  for (const a of accounts) {
    const ok = await tx.one('select 1 from settlement_account where tenant_id = $1 and id = $2 and not delete_flag and enabled', [session.tenantId, a.accountId]);
    if (!ok) throw new BusinessError('结算账户不存在或已禁用');
    await tx.query('insert into depot_head_account(tenant_id, header_id, account_id, amount) values ($1, $2, $3, $4)', [
      session.tenantId, headerId, a.accountId, new Decimal(a.amount).toFixed(),
    ]);
  }
  await insertLines(c, headerId, lines);
  await claimLinks(c, t, headerId, info.linkNumber, sw.overLink);
  if (info.status === '1') await tx.query(`update depot_head set status = '1' where tenant_id = $1 and id = $2`, [session.tenantId, headerId]);
  if (postsOnSave(t, sw, info.status)) await post(c, t, headerId, sw);
  if (!info.id) {
    // the gap-free counter row stays locked until commit: take it last, so saves of one type
    // run side by side and only queue for this final statement
    number = await nextNumber(tx, session.tenantId, t.prefix);
    await tx.query('update depot_head set number = $3 where tenant_id = $1 and id = $2', [session.tenantId, headerId, number]);
  }
  await logWrite(tx, session, c.ip, info.id ? 'update' : 'add', 'depotHead', [headerId], { number, lines: lines.length });
  return { id: headerId, number };
}

async function lockHead(c: Ctx, id: number): Promise<HeadRow> {
  const h = await c.tx.one<HeadRow>(
    `select id, doc_key, number, status, posted, link_number from depot_head where tenant_id = $1 and id = $2 and not delete_flag for update`,
    [c.session.tenantId, id],
  );
  if (!h) throw notFound('单据不存在或已删除');
  return h;
}

async function hasLinkedDocs(c: Ctx, number: string): Promise<boolean> {
  return !!(await c.tx.one('select 1 from depot_head where tenant_id = $1 and link_number = $2 and not delete_flag limit 1', [c.session.tenantId, number]));
}

/** Delete unaudited documents: posted stock is reversed, claimed order quantities are released. */
export async function deleteDocuments(c: Ctx, ids: number[]) {
  const sw = await switches(c);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const h = await lockHead(c, id);
    const t = DOC_TYPE_BY_KEY[h.doc_key];
    checkAccess(c.session, { menu: t.menu, btn: BTN.edit });
    if (h.status !== '0') throw new BusinessError(`单据 ${h.number} 已审核，不能删除`);
    if (t.order && (await hasLinkedDocs(c, h.number))) throw new BusinessError(`单据 ${h.number} 已有关联单据，不能删除`);
    if (h.posted) await unpost(c, id, sw);
    await releaseLinks(c, id);
    await returnAdvance(c, id);
    await c.tx.query('update depot_head set delete_flag = true, updater = $3, updated_at = now() where tenant_id = $1 and id = $2', [c.session.tenantId, id, c.session.userId]);
    await c.tx.query('update depot_item set delete_flag = true where tenant_id = $1 and header_id = $2', [c.session.tenantId, id]);
  }
  await logWrite(c.tx, c.session, c.ip, 'delete', 'depotHead', ids);
  return { message: '删除成功' };
}

/** Audit ('1') or un-audit ('0'); with the stock-audit switch on, this is when stock moves. */
export async function setStatus(c: Ctx, ids: number[], status: '0' | '1') {
  const sw = await switches(c);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const h = await lockHead(c, id);
    const t = DOC_TYPE_BY_KEY[h.doc_key];
    checkAccess(c.session, { menu: t.menu, btn: status === '1' ? BTN.audit : BTN.unaudit });
    if (status === '1') {
      if (h.status !== '0') throw new BusinessError(`单据 ${h.number} 不是未审核状态`);
      if (t.stock !== 0 && !h.posted) await post(c, t, id, sw);
    } else {
      if (h.status === '0') throw new BusinessError(`单据 ${h.number} 尚未审核`);
      if (t.order && (await hasLinkedDocs(c, h.number))) throw new BusinessError(`单据 ${h.number} 已有关联单据，不能反审核`);
      if (sw.stockAudit && h.posted) await unpost(c, id, sw);
    }
    await c.tx.query('update depot_head set status = $3, updater = $4, updated_at = now() where tenant_id = $1 and id = $2', [
      c.session.tenantId, id, status, c.session.userId,
    ]);
  }
  await logWrite(c.tx, c.session, c.ip, status === '1' ? 'audit' : 'unaudit', 'depotHead', ids);
  return { message: '操作成功' };
}
