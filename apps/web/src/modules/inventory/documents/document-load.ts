import dayjs from 'dayjs';
import type { DocType } from '@erp/entities/document-types';
import { documentApi, type DocumentDetail, type Material } from './document-api.ts';
import { emptyPrices, fromDetail, newLineKey, PRICE_KEYS, str, type AccountPart, type Header, type Line } from './document-line.ts';

export type PriceType = 'buy' | 'sale' | 'retail';

/** Which price a document type suggests for a new line: purchase, sale (wholesale) or retail. */
export const priceTypeOf = (docType: DocType): PriceType => (docType.partner === '客户' ? 'sale' : docType.partner === '会员' ? 'retail' : 'buy');

export const basePrice = (m: Material, p: PriceType) =>
  p === 'buy' ? m.purchaseDecimal : p === 'sale' ? (m.wholesaleDecimal ?? m.commodityDecimal) : (m.commodityDecimal ?? m.wholesaleDecimal);

/** A stored document as the form shows it: header values, lines (with a price adjustment's prices), payment split. */
export async function loadDocument(number: string, docType: DocType) {
  const d = await documentApi.detail(number);
  const priceLines = docType.prices ? await documentApi.priceLines(d.id) : [];
  const parts: AccountPart[] | undefined =
    d.accounts && d.accounts.length > 1 ? d.accounts.map((a) => ({ accountId: a.accountId, amount: str(a.amount) })) : undefined;
  const values: Header = {
    operTime: dayjs(d.operTime),
    organId: d.organId ?? undefined,
    accountId: d.accountId ?? undefined,
    handsPersonId: d.handsPersonId ?? undefined,
    orderType: d.orderType ?? undefined,
    depotId: d.rows[0]?.depotId ?? undefined,
    salesMan: d.salesMan ? d.salesMan.split(',').map(Number) : undefined,
    discount: d.discount ? str(d.discount) : undefined,
    discountMoney: d.discountMoney ? str(d.discountMoney) : undefined,
    otherMoney: d.otherMoney ? str(d.otherMoney) : undefined,
    deposit: d.deposit ? str(d.deposit) : undefined,
    changeAmount: d.changeAmount ? str(d.changeAmount) : undefined,
    payType: d.payType ?? '现付',
    linkNumber: d.linkNumber ?? undefined,
    deliveryDate: d.deliveryDate ? dayjs(d.deliveryDate) : undefined,
    transportCompany: d.transportCompany ?? undefined,
    transportNumber: d.transportNumber ?? undefined,
    fileName: d.fileName ?? undefined,
    remark: d.remark ?? undefined,
  };
  const byNo = new Map(priceLines.map((p) => [p.lineNo, p]));
  const lines = d.rows
    .map((r) => fromDetail(r, false))
    .map((l, i) => {
      const p = byNo.get(i + 1);
      if (!p) return l;
      const up = (k: string) => `old${k[0].toUpperCase()}${k.slice(1)}` as keyof typeof p;
      return {
        ...l,
        prices: {
          purchaseDecimal: str(p.purchaseDecimal),
          commodityDecimal: str(p.commodityDecimal),
          wholesaleDecimal: str(p.wholesaleDecimal),
          lowDecimal: str(p.lowDecimal),
        },
        oldPrices: p.applied ? Object.fromEntries(PRICE_KEYS.map((k) => [k, p[up(k)] as string | null])) : undefined,
      };
    });
  return { detail: d as DocumentDetail, discountBy: (d.discount ? 'rate' : 'money') as 'rate' | 'money', parts, values, lines };
}

/** A new line for a material (the header's warehouses, the suggested price; assembly: the first is the assembled item). */
export function lineOf(docType: DocType, h: Header, m: Material, price: number | string | null | undefined, first: boolean, n = '1'): Line {
  const assembly = docType.stock === 'assembly' || docType.stock === 'disassembly';
  return {
    key: newLineKey(),
    materialId: m.id,
    materialExtendId: m.meId,
    barCode: m.barCode,
    name: m.name,
    standard: [m.standard, m.model].filter(Boolean).join(' '),
    unit: m.commodityUnit ?? m.unit ?? '',
    depotId: h.depotId,
    anotherDepotId: h.anotherDepotId,
    operNumber: n,
    unitPrice: docType.prices ? '' : typeof price === 'string' ? price : str(price),
    taxRate: '',
    batchNumber: '',
    expirationDate: '',
    snList: '',
    materialType: assembly ? (first ? '组合件' : '普通子件') : undefined,
    remark: '',
    batch: Boolean(m.enableBatchNumber),
    serial: Boolean(m.enableSerialNumber),
    ...(docType.prices
      ? {
          prices: emptyPrices(),
          oldPrices: {
            purchaseDecimal: m.purchaseDecimal,
            commodityDecimal: m.commodityDecimal,
            wholesaleDecimal: m.wholesaleDecimal,
            lowDecimal: m.lowDecimal,
          },
        }
      : {}),
  };
}

/**
 * Lines of an audited source document: from the type's own source at their open quantities
 * (claimed on save); from a sales order (以销定购) at their quantities, unlinked, at purchase prices.
 * Undefined when nothing of the source is open.
 */
export async function linkedLines(
  docType: DocType,
  h: Header,
  number: string,
  source: DocType,
): Promise<{ values: Partial<Header>; lines: Line[] } | undefined> {
  const d = await documentApi.detail(number);
  if (source.key === docType.alsoFrom) {
    const prices = await Promise.all(d.rows.map((r) => documentApi.price(r.materialExtendId, h.organId, 'buy')));
    const lines = d.rows.map((r, i) => ({
      ...fromDetail({ ...r, linkId: null }, false),
      unitPrice: str(prices[i]),
      depotId: h.depotId ?? r.depotId ?? undefined,
    }));
    return { values: { linkNumber: d.number }, lines };
  }
  const open = d.rows.filter((r) => (r.openNumber ?? r.operNumber) > 0);
  if (!open.length) return undefined;
  return {
    values: { linkNumber: d.number, ...(docType.partner && d.organId ? { organId: d.organId } : {}), ...(d.deposit ? { deposit: str(d.deposit) } : {}) },
    lines: open.map((r) => fromDetail({ ...r, openNumber: r.openNumber ?? r.operNumber }, true)),
  };
}
