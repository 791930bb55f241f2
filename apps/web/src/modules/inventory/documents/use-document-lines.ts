import { useCallback, useState } from 'react';
import { App, type FormInstance } from 'antd';
import type { DocType } from '@erp/entities/document-types';
import { documentApi, type DocumentRow, type Material } from './document-api.ts';
import { failureText } from '../../../platform/crud/file-transfer.ts';
import { useDocumentT } from './document-i18n.ts';
import type { Header, Line } from './document-line.ts';
import { basePrice, linkedLines, lineOf, type PriceType } from './document-load.ts';
import type { PastedLine } from './paste-dialog.tsx';
import { qty } from '../../../platform/format.ts';

/** A document form's lines and the ways they change: add a material, paste, edit a cell, remove, a new header warehouse. */
export function useDocumentLines(docType: DocType, form: FormInstance<Header>, priceType: PriceType) {
  const { t } = useDocumentT();
  const { message } = App.useApp();
  const [lines, setLines] = useState<Line[]>([]);

  const update = useCallback((key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l))), []);
  const remove = useCallback((key: number) => setLines((ls) => ls.filter((l) => l.key !== key)), []);
  const changeHeaderDepot = useCallback(
    (field: 'depotId' | 'anotherDepotId', id: number | undefined) => setLines((ls) => ls.map((l) => ({ ...l, [field]: id }))),
    [],
  );

  /** A material becomes a line (or one more of an unlinked line with that barcode), with the suggested price. */
  const addMaterial = async (m: Material) => {
    const existing = lines.find((l) => l.materialExtendId === m.meId && !l.linkId && !l.serial);
    if (existing && docType.prices) return void message.warning(t('dupBarcode', { code: m.barCode }));
    if (existing) return update(existing.key, { operNumber: qty(Number(existing.operNumber || 0) + 1) });
    const price = docType.prices ? undefined : ((await documentApi.price(m.meId, form.getFieldValue('organId'), priceType)) ?? basePrice(m, priceType));
    setLines((ls) => [...ls, lineOf(docType, form.getFieldsValue(), m, price, !ls.length)]);
  };

  /** Pasted lines: each barcode is looked up once; every pasted line becomes its own line. False when a barcode is unknown. */
  const addPasted = async (pasted: PastedLine[]): Promise<boolean> => {
    const codes = [...new Set(pasted.map((p) => p.barCode))];
    const found = new Map((await Promise.all(codes.map((c) => documentApi.byBarCode(c)))).flatMap((m, i) => (m ? [[codes[i], m] as const] : [])));
    const missing = codes.filter((c) => !found.has(c));
    if (missing.length) {
      message.warning(t('barcodeMissing', { code: missing.slice(0, 5).join(', ') }));
      return false;
    }
    const h = form.getFieldsValue();
    setLines((ls) => [
      ...ls,
      ...pasted.map((p, i) =>
        lineOf(docType, h, found.get(p.barCode)!, p.unitPrice ?? basePrice(found.get(p.barCode)!, priceType), !ls.length && !i, p.operNumber),
      ),
    ]);
    return true;
  };

  /** Lines (and link number, partner, deposit) of an audited source document; false when nothing came. */
  const pullLinked = async (row: DocumentRow, source: DocType): Promise<boolean> => {
    try {
      const linked = await linkedLines(docType, form.getFieldsValue(), row.number, source);
      if (!linked) {
        message.warning(t('linkNoOpen'));
        return false;
      }
      form.setFieldsValue(linked.values);
      setLines(linked.lines);
      return true;
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
      return false;
    }
  };

  return { lines, setLines, update, remove, changeHeaderDepot, addMaterial, addPasted, pullLinked };
}
