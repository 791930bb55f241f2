import { docTypeOf, DOC_TYPE_BY_KEY, type DocType } from '@erp/entities';
import { checkAccess } from '../../../platform/auth/access.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { can, type Session } from '../../../platform/auth/session.ts';
import { allowedIds } from '../../../platform/auth/data-scope.ts';
import { ownDataOnly, ownDocument, ownDocumentAnd } from '../../../platform/auth/own-data.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';

/** Purchase-side documents show purchase prices, which price masking hides (SPEC §6). */
export const masksPrices = (s: Session, t: DocType) => s.priceMasked && (t.partner === '供应商' || t.key.startsWith('purchase'));

const HEAD_COLUMNS = `h.id, h.doc_key as "docKey", h.type, h.sub_type as "subType", h.number, to_char(h.oper_time, 'YYYY-MM-DD HH24:MI:SS') as "operTime",
  h.organ_id as "organId", p.name as "organName", h.hands_person_id as "handsPersonId", hp.name as "handsPersonName",
  h.account_id as "accountId", a.name as "accountName", h.sales_man as "salesMan", h.total_price::float8 as "totalPrice",
  h.discount::float8 as discount, h.discount_money::float8 as "discountMoney", h.discount_last_money::float8 as "discountLastMoney",
  h.other_money::float8 as "otherMoney", h.deposit::float8 as deposit, h.change_amount::float8 as "changeAmount",
  h.back_amount::float8 as "backAmount", h.debt::float8 as debt, h.status, h.posted, h.link_number as "linkNumber", h.remark,
  h.file_name as "fileName", h.order_type as "orderType", to_char(h.delivery_date, 'YYYY-MM-DD') as "deliveryDate",
  h.transport_company as "transportCompany", h.transport_number as "transportNumber", u.username as "creatorName",
  to_char(h.created_at, 'YYYY-MM-DD HH24:MI:SS') as "createTime", h.pay_type as "payType", h.advance_used::float8 as "advanceUsed",
  case when h.doc_key = 'shippingPlan' then h.tenant_id || '-' || h.share_token end as "shareId"`;
const HEAD_JOINS = `left join partner p on p.tenant_id = h.tenant_id and p.id = h.organ_id
  left join person hp on hp.tenant_id = h.tenant_id and hp.id = h.hands_person_id
  left join settlement_account a on a.tenant_id = h.tenant_id and a.id = h.account_id
  left join sys_user u on u.tenant_id = h.tenant_id and u.id = h.creator`;
const PRICE_KEYS = [
  'totalPrice',
  'discountMoney',
  'discountLastMoney',
  'changeAmount',
  'debt',
  'unitPrice',
  'allPrice',
  'taxMoney',
  'taxLastMoney',
  'costPrice',
];

function mask(row: Record<string, unknown>) {
  for (const k of PRICE_KEYS) if (k in row) row[k] = null;
  return row;
}

export interface ListFilter {
  number?: string;
  materialParam?: string;
  organId?: number;
  depotId?: number;
  creator?: number;
  linkNumber?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
  salesMan?: number;
  hasDebt?: '1';
  remark?: string;
  /** only these documents (an export of the selected rows) */
  ids?: number[];
  currentPage: number;
  pageSize: number;
}

/** The document list with every filter of the issue, the warehouse/customer data scope and price masking. */
export async function listDocuments(tx: Tx, s: Session, t: DocType, f: ListFilter) {
  const p: unknown[] = [s.tenantId, t.key];
  const w = ['h.tenant_id = $1', 'h.doc_key = $2', 'not h.delete_flag'];
  const add = (sql: (n: string) => string, v: unknown) => {
    p.push(v);
    w.push(sql(`$${p.length}`));
  };
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (f.number) add((n) => `h.number ilike ${n}`, like(f.number));
  if (f.linkNumber) add((n) => `h.link_number ilike ${n}`, like(f.linkNumber));
  if (f.remark) add((n) => `h.remark ilike ${n}`, like(f.remark));
  if (f.organId) add((n) => `h.organ_id = ${n}`, f.organId);
  if (f.creator) add((n) => `h.creator = ${n}`, f.creator);
  if (f.salesMan) add((n) => `${n}::text = any(string_to_array(h.sales_man, ','))`, f.salesMan);
  if (f.status) add((n) => `h.status = any(string_to_array(${n}, ','))`, f.status);
  if (f.beginTime) add((n) => `h.oper_time >= ${n}::timestamp`, f.beginTime);
  if (f.endTime) add((n) => (/^\d{4}-\d{2}-\d{2}$/.test(f.endTime!) ? `h.oper_time < ${n}::date + 1` : `h.oper_time <= ${n}::timestamp`), f.endTime);
  if (f.hasDebt) w.push('h.debt > 0');
  if (f.ids) add((n) => `h.id = any(${n}::bigint[])`, f.ids);
  const lineCond = (cond: string) =>
    `exists (select 1 from depot_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag and ${cond})`;
  if (f.depotId) add((n) => lineCond(`(i.depot_id = ${n} or i.another_depot_id = ${n})`), f.depotId);
  if (f.materialParam)
    add(
      (n) =>
        lineCond(`exists (select 1 from material m join material_extend e on e.tenant_id = m.tenant_id and e.id = i.material_extend_id
                         where m.tenant_id = i.tenant_id and m.id = i.material_id and (m.name ilike ${n} or m.model ilike ${n} or e.bar_code ilike ${n}))`),
      like(f.materialParam),
    );
  if (ownDataOnly(s)) add((n) => ownDocument('h', n), s.userId);
  const depots = await allowedIds(tx, s, 'depot');
  if (depots) add((n) => lineCond(`i.depot_id = any(${n}::bigint[])`), depots);
  const customers = t.partner === '客户' ? await allowedIds(tx, s, 'customer') : null;
  if (customers) add((n) => `h.organ_id = any(${n}::bigint[])`, customers);
  const where = w.join(' and ');
  const rows = await tx.query<Record<string, unknown>>(
    `select ${HEAD_COLUMNS},
            (select string_agg(distinct m.name, ',') from depot_item i join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
              where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag) as "materialsList",
            (select sum(i.oper_number)::float8 from depot_item i where i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag) as "totalNumber"
       from depot_head h ${HEAD_JOINS} where ${where} order by h.oper_time desc, h.id desc
      limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}`,
    p,
  );
  const agg = await tx.one<{ total: number; sum: number | null; debt: number | null }>(
    `select count(*)::int as total, sum(h.discount_last_money)::float8 as sum, sum(h.debt)::float8 as debt from depot_head h where ${where}`,
    p,
  );
  const masked = masksPrices(s, t);
  return {
    rows: masked ? rows.map(mask) : rows,
    total: agg!.total,
    ...(masked ? {} : { sums: { discountLastMoney: agg!.sum ?? 0, debt: agg!.debt ?? 0 } }),
  };
}

/** Lines with their material's batch/serial flags, so a form reopening them needs no lookup per barcode. */
export const LINE_COLUMNS = `i.id, i.line_no as "lineNo", i.material_id as "materialId", m.name as "materialName", m.standard, m.model, m.color,
  i.material_extend_id as "materialExtendId", e.bar_code as "barCode", i.material_unit as unit, i.sku, i.oper_number::float8 as "operNumber",
  i.basic_number::float8 as "basicNumber", i.unit_price::float8 as "unitPrice", i.tax_rate::float8 as "taxRate", i.tax_money::float8 as "taxMoney",
  i.all_price::float8 as "allPrice", i.tax_last_money::float8 as "taxLastMoney", i.depot_id as "depotId", d.name as "depotName",
  i.another_depot_id as "anotherDepotId", d2.name as "anotherDepotName", i.batch_number as "batchNumber",
  i.reservoir_area_id as "reservoirAreaId", ra.name as "reservoirAreaName",
  to_char(i.expiration_date, 'YYYY-MM-DD') as "expirationDate", i.sn_list as "snList", i.link_id as "linkId", i.material_type as "materialType",
  i.cost_price::float8 as "costPrice", i.finished_number::float8 as "finishedNumber",
  (i.basic_number - i.finished_number)::float8 as "openNumber", i.remark,
  m.enable_batch_number as "enableBatchNumber", m.enable_serial_number as "enableSerialNumber"`;
const LINE_JOINS = `join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
  join material_extend e on e.tenant_id = i.tenant_id and e.id = i.material_extend_id
  left join depot d on d.tenant_id = i.tenant_id and d.id = i.depot_id
  left join depot d2 on d2.tenant_id = i.tenant_id and d2.id = i.another_depot_id
  left join reservoir_area ra on ra.tenant_id = i.tenant_id and ra.id = i.reservoir_area_id`;

export async function documentLines(tx: Tx, s: Session, headerId: number, masked: boolean) {
  const rows = await tx.query<Record<string, unknown>>(
    `select ${LINE_COLUMNS} from depot_item i ${LINE_JOINS} where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag order by i.line_no`,
    [s.tenantId, headerId],
  );
  return masked ? rows.map(mask) : rows;
}

/** A document with its lines and payment accounts, by number (getDetailByNumber). */
export async function documentByNumber(tx: Tx, s: Session, number: string, typeOf: (key: string) => DocType): Promise<Record<string, unknown>> {
  const head = await tx.one<Record<string, unknown>>(
    `select ${HEAD_COLUMNS} from depot_head h ${HEAD_JOINS} where h.tenant_id = $1 and h.number = $2 and not h.delete_flag${ownDocumentAnd(s, 'h', 3)}`,
    ownDataOnly(s) ? [s.tenantId, number, s.userId] : [s.tenantId, number],
  );
  if (!head) throw notFound(`单据不存在: ${number}`);
  const t = typeOf(head.docKey as string);
  const masked = masksPrices(s, t);
  const accounts = await tx.query(
    `select x.account_id as "accountId", a.name as "accountName", x.amount::float8 as amount from depot_head_account x
       join settlement_account a on a.tenant_id = x.tenant_id and a.id = x.account_id where x.tenant_id = $1 and x.header_id = $2`,
    [s.tenantId, head.id],
  );
  return { ...(masked ? mask(head) : head), accounts, rows: await documentLines(tx, s, head.id as number, masked) };
}

/** The document type of a type and subType pair (SPEC §7), or a 400. */
export function docType(type: string, subType: string): DocType {
  const t = docTypeOf(type, subType);
  if (!t) throw badRequest(`不支持的单据类型: ${type}/${subType}`);
  return t;
}
const typeOf = (key: string) => DOC_TYPE_BY_KEY[key];

/** The list of one type, for a user whose roles grant its menu. */
export async function listOfType(tx: Tx, s: Session, f: ListFilter & { type: string; subType: string }) {
  const t = docType(f.type, f.subType);
  checkAccess(s, { menu: t.menu });
  return listDocuments(tx, s, t, f);
}

/**
 * How many documents of a type and several sub types (comma separated) match the filters — jshERP's waitBillCount,
 * which its warehouse lists show as 待入库/待出库 (documents audited or partly done, status 1,3). Each sub type is
 * counted as its own list counts it (data scope, own-data rule); sub types whose menu the user lacks count nothing.
 */
export async function countOfTypes(tx: Tx, s: Session, f: Omit<ListFilter, 'currentPage' | 'pageSize'> & { type: string; subType: string }) {
  let total = 0;
  for (const subType of [...new Set(f.subType.split(',').map((x) => x.trim()))].filter(Boolean)) {
    const t = docType(f.type, subType);
    if (!can(s, t.menu)) continue;
    total += (await listDocuments(tx, s, t, { ...f, currentPage: 1, pageSize: 1 })).total;
  }
  return { total };
}

/** A document with its lines and accounts, for a user whose roles grant its type's menu. */
export async function detailByNumber(tx: Tx, s: Session, number: string) {
  const doc = await documentByNumber(tx, s, number, typeOf);
  checkAccess(s, { menu: typeOf(doc.docKey as string).menu });
  return doc;
}

/** The lines of a document (own-data roles: only their own documents). */
export async function linesOfDocument(tx: Tx, s: Session, headerId: number) {
  const h = await tx.one<{ doc_key: string }>(
    `select doc_key from depot_head h where tenant_id = $1 and id = $2 and not delete_flag${ownDocumentAnd(s, 'h', 3)}`,
    ownDataOnly(s) ? [s.tenantId, headerId, s.userId] : [s.tenantId, headerId],
  );
  if (!h) throw notFound('单据不存在或已删除');
  const t = typeOf(h.doc_key);
  checkAccess(s, { menu: t.menu });
  return { rows: await documentLines(tx, s, headerId, masksPrices(s, t)) };
}

/** The documents made from an order (order tracking). */
export const documentsLinkedTo = (tx: Tx, tenantId: number, number: string) =>
  tx.query(
    `select id, doc_key as "docKey", type, sub_type as "subType", number, to_char(oper_time, 'YYYY-MM-DD HH24:MI:SS') as "operTime", status
       from depot_head where tenant_id = $1 and link_number = $2 and not delete_flag order by oper_time, id`,
    [tenantId, number],
  );
