import { Decimal } from 'decimal.js';
import { DOC_TYPE_BY_KEY, type DocType } from '@erp/entities';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { notFound } from '../../platform/errors.ts';
import { detailByNumber } from '../inventory/index.ts';

/** What a template sees of a document: named fields only (never the whole row: no share tokens, no ids). */
export interface PrintDoc {
  docKey: string;
  data: { doc: Record<string, unknown>; lines: Array<Record<string, unknown>> };
}

const str = (v: unknown) => (v == null ? '' : String(v));
const num = (v: unknown) => new Decimal(v == null || v === '' ? 0 : String(v));

/** One document shaped for printing; the caller's roles must grant its type's menu (detailByNumber checks). */
export function shapeDocument(d: Record<string, unknown>, t: DocType): PrintDoc['data'] {
  const rows = (d.rows as Array<Record<string, unknown>>) ?? [];
  const accounts = (d.accounts as Array<{ accountName: string; amount: number }>) ?? [];
  const lines = rows.map((r, i) => ({
    no: i + 1,
    barCode: str(r.barCode),
    materialName: str(r.materialName),
    spec: [r.standard, r.model].filter(Boolean).join(' '),
    standard: str(r.standard),
    model: str(r.model),
    color: str(r.color),
    unit: str(r.unit),
    depotName: str(r.depotName),
    batchNumber: str(r.batchNumber),
    expirationDate: str(r.expirationDate),
    qty: str(r.operNumber),
    unitPrice: str(r.unitPrice),
    amount: str(r.allPrice),
    taxRate: str(r.taxRate),
    taxMoney: str(r.taxMoney),
    taxAmount: str(r.taxLastMoney),
    remark: str(r.remark),
  }));
  const totalQty = rows.reduce((s, r) => s.plus(num(r.operNumber)), new Decimal(0));
  return {
    doc: {
      label: t.label.zh,
      labelEn: t.label.en,
      number: str(d.number),
      operTime: str(d.operTime),
      partnerLabel: t.partner ?? '',
      partnerName: str(d.organName),
      linkNumber: str(d.linkNumber),
      remark: str(d.remark),
      creatorName: str(d.creatorName),
      handsPersonName: str(d.handsPersonName),
      salesMan: str(d.salesMan),
      deliveryDate: str(d.deliveryDate),
      transportCompany: str(d.transportCompany),
      transportNumber: str(d.transportNumber),
      accounts: accounts.length ? accounts.map((a) => `${a.accountName} ${num(a.amount).toFixed(2)}`).join('，') : str(d.accountName),
      totalQty: totalQty.toFixed(),
      totalPrice: str(d.totalPrice ?? 0),
      discountMoney: str(d.discountMoney ?? 0),
      otherMoney: str(d.otherMoney ?? 0),
      payable: str(t.partner ? (d.discountLastMoney ?? d.totalPrice ?? 0) : (d.totalPrice ?? 0)),
      changeAmount: str(d.changeAmount ?? 0),
      debt: str(d.debt ?? 0),
      inbound: t.type === '入库' || t.partner === '供应商',
    },
    lines,
  };
}

/** The documents of the given ids, in the given order, each with its type; another company's or a deleted id is not found. */
export async function loadDocuments(tx: Tx, s: Session, ids: number[]): Promise<PrintDoc[]> {
  const found = await tx.query<{ id: number; number: string }>(
    'select id, number from depot_head where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag',
    [s.tenantId, ids],
  );
  const numbers = new Map(found.map((r) => [Number(r.id), r.number]));
  const out: PrintDoc[] = [];
  for (const id of ids) {
    const number = numbers.get(id);
    if (!number) throw notFound(`单据不存在或已删除: ${id}`);
    const d = await detailByNumber(tx, s, number);
    const t = DOC_TYPE_BY_KEY[d.docKey as string];
    out.push({ docKey: t.key, data: shapeDocument(d, t) });
  }
  return out;
}

/** The company block every template may print. */
export async function companyOf(tx: Tx, s: Session) {
  const c = await tx.one<Record<string, string | null>>(
    `select company_name as name, company_address as address, company_tel as tel, company_contacts as contacts, company_fax as fax
       from system_config where tenant_id = $1`,
    [s.tenantId],
  );
  return { name: c?.name ?? '', address: c?.address ?? '', tel: c?.tel ?? '', contacts: c?.contacts ?? '', fax: c?.fax ?? '' };
}
