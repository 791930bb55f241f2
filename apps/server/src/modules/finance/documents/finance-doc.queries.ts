import { finDocTypeOf } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { checkAccess } from '../../../platform/auth/access.ts';
import { ownDataOnly, ownDocument, ownDocumentAnd } from '../../../platform/auth/own-data.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';

const HEAD_COLUMNS = `h.id, h.type, h.number as "billNo", to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "billTime",
  h.organ_id as "organId", p.name as "organName", h.hands_person_id as "handsPersonId", hp.name as "handsPersonName",
  h.account_id as "accountId", a.name as "accountName", h.change_amount::float8 as "changeAmount",
  h.discount_money::float8 as "discountMoney", h.total_price::float8 as "totalPrice", h.status, h.posted, h.remark,
  h.file_name as "fileName", u.username as "creatorName", to_char(h.created_at, 'YYYY-MM-DD HH24:MI:SS') as "createTime"`;
const HEAD_JOINS = `left join partner p on p.tenant_id = h.tenant_id and p.id = h.organ_id
  left join person hp on hp.tenant_id = h.tenant_id and hp.id = h.hands_person_id
  left join settlement_account a on a.tenant_id = h.tenant_id and a.id = h.account_id
  left join sys_user u on u.tenant_id = h.tenant_id and u.id = h.creator`;

export interface FinListFilter {
  type: string;
  billNo?: string;
  organId?: number;
  accountId?: number;
  handsPersonId?: number;
  creator?: number;
  status?: string;
  beginTime?: string;
  endTime?: string;
  remark?: string;
  /** only these documents (an export of the selected rows) */
  ids?: number[];
  currentPage: number;
  pageSize: number;
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /accountHead/list: one type's documents with filters, paged, newest first, with the page's 合计 of the amounts. */
export async function listFinDocuments(tx: Tx, s: Session, f: FinListFilter) {
  const t = finDocTypeOf(f.type);
  if (!t) throw badRequest('未知的单据类型');
  checkAccess(s, { menu: t.menu });
  const p: unknown[] = [s.tenantId, t.type];
  const w = ['h.tenant_id = $1', 'h.type = $2', 'not h.delete_flag'];
  const add = (sql: (n: string) => string, v: unknown) => {
    p.push(v);
    w.push(sql(`$${p.length}`));
  };
  if (f.billNo) add((n) => `h.number ilike ${n}`, like(f.billNo));
  if (f.remark) add((n) => `h.remark ilike ${n}`, like(f.remark));
  if (f.organId) add((n) => `h.organ_id = ${n}`, f.organId);
  if (f.accountId)
    add(
      (n) =>
        `(h.account_id = ${n} or exists (select 1 from account_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag and i.account_id = ${n}))`,
      f.accountId,
    );
  if (f.handsPersonId) add((n) => `h.hands_person_id = ${n}`, f.handsPersonId);
  if (f.creator) add((n) => `h.creator = ${n}`, f.creator);
  if (f.status) add((n) => `h.status = any(string_to_array(${n}, ','))`, f.status);
  if (f.beginTime) add((n) => `h.oper_time >= ${n}::timestamp`, f.beginTime);
  if (f.endTime) add((n) => (/^\d{4}-\d{2}-\d{2}$/.test(f.endTime!) ? `h.oper_time < ${n}::date + 1` : `h.oper_time <= ${n}::timestamp`), f.endTime);
  if (f.ids) add((n) => `h.id = any(${n}::bigint[])`, f.ids);
  if (ownDataOnly(s)) add((n) => ownDocument('h', n), s.userId);
  const where = w.join(' and ');
  const [count] = await tx.query<{ total: number; totalPrice: number; changeAmount: number }>(
    `select count(*)::int as total, coalesce(sum(h.total_price), 0)::float8 as "totalPrice", coalesce(sum(h.change_amount), 0)::float8 as "changeAmount"
       from account_head h where ${where}`,
    p,
  );
  const rows = await tx.query(
    `select ${HEAD_COLUMNS} from account_head h ${HEAD_JOINS} where ${where} order by h.oper_time desc, h.id desc limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}`,
    p,
  );
  return { rows, total: count.total, sums: { totalPrice: count.totalPrice, changeAmount: count.changeAmount } };
}

/** The lines of a finance document: accounts, items and the documents settled with what they still owe. */
export async function finLines(tx: Tx, tenantId: number, headerId: number) {
  return tx.query(
    `select i.id, i.header_id as "headerId", i.account_id as "accountId", a.name as "accountName", i.in_out_item_id as "inOutItemId",
            io.name as "inOutItemName", i.bill_id as "billId", d.number as "billNumber", d.sub_type as "billType",
            (d.discount_last_money + coalesce(d.other_money, 0))::float8 as "needDebt", (o.sign * o.balance)::float8 as "billDebt",
            i.each_amount::float8 as "eachAmount", i.remark
       from account_item i
       left join settlement_account a on a.tenant_id = i.tenant_id and a.id = i.account_id
       left join in_out_item io on io.tenant_id = i.tenant_id and io.id = i.in_out_item_id
       left join depot_head d on d.tenant_id = i.tenant_id and d.id = i.bill_id
       left join fin_open_item o on o.tenant_id = i.tenant_id and o.doc_kind = 'depot' and o.doc_id = i.bill_id
      where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag order by i.line_no`,
    [tenantId, headerId],
  );
}

async function oneHead(tx: Tx, s: Session, cond: string, value: unknown) {
  const h = await tx.one<{ id: number; type: string } & Record<string, unknown>>(
    `select ${HEAD_COLUMNS} from account_head h ${HEAD_JOINS} where h.tenant_id = $1 and ${cond} and not h.delete_flag${ownDocumentAnd(s, 'h', 3)}`,
    ownDataOnly(s) ? [s.tenantId, value, s.userId] : [s.tenantId, value],
  );
  if (!h) throw notFound('单据不存在或已删除');
  checkAccess(s, { menu: finDocTypeOf(h.type)!.menu });
  return { ...h, rows: await finLines(tx, s.tenantId, h.id) };
}

/** GET /accountHead/getDetailByNumber */
export const finDetailByNumber = (tx: Tx, s: Session, number: string) => oneHead(tx, s, 'h.number = $2', number);
/** GET /accountHead/info */
export const finInfo = (tx: Tx, s: Session, id: number) => oneHead(tx, s, 'h.id = $2', id);

/** GET /accountItem/getDetailList: the lines of a document the caller may see. */
export async function finDetailList(tx: Tx, s: Session, headerId: number) {
  return (await finInfo(tx, s, headerId)).rows;
}

/**
 * GET /accountHead/getDebtBills: a partner's documents with arrears still open, for a receipt (owed to
 * us) or a payment (owed by us), oldest first — what the receipt and payment forms offer to settle, with the
 * partner, the materials (name, specification, model per line) and who made it, as jshERP's picker shows them.
 */
export async function openBills(tx: Tx, s: Session, organId: number, type: '收款' | '付款') {
  checkAccess(s, { menu: finDocTypeOf(type)!.menu });
  return tx.query(
    `select d.id as "billId", d.number as "billNumber", d.sub_type as "billType", to_char(d.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "operTime",
            (d.discount_last_money + coalesce(d.other_money, 0))::float8 as "needDebt", (o.sign * o.balance)::float8 as "billDebt",
            p.name as "organName", u.username as "creatorName",
            (select string_agg(concat_ws(' ', m.name, nullif(m.standard, ''), nullif(m.model, '')), ',' order by i.id) from depot_item i
               join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
              where i.tenant_id = d.tenant_id and i.header_id = d.id and not i.delete_flag) as "materialsList"
       from fin_open_item o join depot_head d on d.tenant_id = o.tenant_id and d.id = o.doc_id
       left join partner p on p.tenant_id = d.tenant_id and p.id = d.organ_id
       left join sys_user u on u.tenant_id = d.tenant_id and u.id = d.creator
      where o.tenant_id = $1 and o.doc_kind = 'depot' and o.partner_id = $2 and o.sign = $3 and o.balance <> 0 and not d.delete_flag
      order by d.oper_time, d.id limit 1000`,
    [s.tenantId, organId, type === '收款' ? 1 : -1],
  );
}
