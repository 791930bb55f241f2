import type { TFunction } from 'i18next';
import type { DocType } from '@erp/entities/document-types';
import { NUMBER_RE } from './document-line.ts';
import { PRICE_KEYS, type AccountPart, type Header, type Line } from './document-line.ts';

const opt = <T>(v: T | undefined | null | ''): T | undefined => (v === undefined || v === null || v === '' ? undefined : v);
const trim = (v: string | undefined) => opt(v?.trim());

/** The first problem of a document the server would refuse or that needs an answer first: its lines, then its payment. */
export function saveProblem(docType: DocType, h: Header, lines: Line[], parts: AccountPart[] | undefined, t: TFunction): string | undefined {
  const problem = checkLines(docType, lines, t);
  if (problem) return problem;
  const cash = !(docType.key.startsWith('retail') && h.payType === '预付款');
  if (cash && h.changeAmount && Number(h.changeAmount) !== 0 && !h.accountId && !parts) return t('needAccount');
  if (!cash && !h.organId) return t('needMember');
}

/** The first problem of the lines the server would refuse, as a message (or undefined). */
export function checkLines(docType: DocType, lines: Line[], t: TFunction): string | undefined {
  if (!lines.length) return t('noLines');
  for (const [i, l] of lines.entries()) {
    const row = i + 1;
    if (docType.prices) {
      const set = PRICE_KEYS.filter((k) => l.prices?.[k]);
      if (!set.length) return t('needPrice', { row });
      const badKey = set.find((k) => !NUMBER_RE.test(l.prices![k]));
      if (badKey) return t('badNumber', { row, label: t(`newPrice.${badKey}`) });
      continue;
    }
    for (const k of ['operNumber', 'unitPrice', 'taxRate'] as const) if (l[k] !== '' && !NUMBER_RE.test(l[k])) return t('badNumber', { row, label: t(k) });
    if (!(Number(l.operNumber) > 0) && docType.key !== 'stockCheck') return t('needQty', { row });
    if (!l.depotId && docType.stock !== 0) return t('needDepot', { row });
    if (docType.stock === 'transfer' && !l.anotherDepotId) return t('needAnotherDepot', { row });
    if (l.expirationDate && !/^\d{4}-\d{2}-\d{2}$/.test(l.expirationDate)) return t('badExpiry', { row });
  }
  return undefined;
}

/** The save call's body ({info, rows}, docs/api.md "Inventory documents") from the form. */
export function toSave(
  docType: DocType,
  h: Header & { id?: number; audit: boolean; discountBy: 'rate' | 'money'; parts?: AccountPart[] },
  lines: Line[],
): { info: Record<string, unknown>; rows: Record<string, unknown>[] } {
  const retail = docType.key.startsWith('retail');
  // paid from the member's advance: what the hidden cash fields still hold is not sent
  const cash = !(retail && h.payType === '预付款');
  const info = {
    id: h.id,
    type: docType.type,
    subType: docType.subType,
    operTime: h.operTime!.format('YYYY-MM-DD HH:mm:ss'),
    organId: opt(h.organId),
    handsPersonId: opt(h.handsPersonId),
    salesMan: h.salesMan?.length ? h.salesMan.join(',') : undefined,
    accountId: h.parts || !cash ? undefined : opt(h.accountId),
    accounts: cash ? h.parts?.map((p) => ({ accountId: p.accountId, amount: p.amount })) : undefined,
    // the one the user typed is sent; the server works out the other
    discount: h.discountBy === 'rate' ? opt(h.discount) : undefined,
    discountMoney: h.discountBy === 'money' ? opt(h.discountMoney) : undefined,
    otherMoney: opt(h.otherMoney),
    deposit: opt(h.deposit),
    changeAmount: cash ? opt(h.changeAmount) : undefined,
    payType: retail ? h.payType : undefined,
    linkNumber: opt(h.linkNumber),
    orderType: docType.partner === '客户' ? opt(h.orderType) : undefined,
    deliveryDate: h.deliveryDate?.format('YYYY-MM-DD'),
    transportCompany: trim(h.transportCompany),
    transportNumber: trim(h.transportNumber),
    fileName: opt(h.fileName),
    remark: trim(h.remark),
    status: h.audit ? '1' : '0',
  };
  const rows = lines.map((l) =>
    docType.prices
      ? {
          materialExtendId: l.materialExtendId,
          // a price line stands for its barcode once
          operNumber: '1',
          prices: Object.fromEntries(PRICE_KEYS.filter((k) => l.prices?.[k]).map((k) => [k, l.prices![k]])),
          remark: trim(l.remark),
        }
      : {
          materialExtendId: l.materialExtendId,
          operNumber: l.operNumber || '0',
          unitPrice: opt(l.unitPrice),
          taxRate: opt(l.taxRate),
          depotId: l.depotId,
          anotherDepotId: docType.stock === 'transfer' ? l.anotherDepotId : undefined,
          batchNumber: trim(l.batchNumber),
          reservoirAreaId: docType.stock === 1 || docType.stock === -1 || docType.stock === 'transfer' ? l.reservoirAreaId : undefined,
          expirationDate: opt(l.expirationDate),
          snList: trim(l.snList),
          linkId: l.linkId,
          materialType: l.materialType,
          remark: trim(l.remark),
        },
  );
  return { info, rows };
}
