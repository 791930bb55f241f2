import { useEffect, useState } from 'react';
import { App, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import type { DocType } from '@erp/entities/document-types';
import { failureText } from '../../../platform/crud/file-transfer.ts';
import type { DocumentDetail } from './document-api.ts';
import type { FormMode } from './document-line.ts';
import type { AccountPart, Header, Line } from './document-line.ts';
import { loadDocument } from './document-load.ts';

/**
 * (Re)initialises the form on every opening: a new document starts today in the default warehouse,
 * a stored one is loaded. Holds what the opening decides (the stored document, the payment split,
 * how the discount is entered) and counts the openings (parts keyed by it start afresh).
 */
export function useDocumentOpening(
  target: FormMode | undefined,
  docType: DocType,
  form: FormInstance<Header>,
  setLines: (lines: Line[]) => void,
  depots: { data?: unknown[]; defaultDepot: () => number | undefined },
) {
  const { message } = App.useApp();
  const [detail, setDetail] = useState<DocumentDetail | undefined>();
  const [discountBy, setDiscountBy] = useState<'rate' | 'money'>('rate');
  const [parts, setParts] = useState<AccountPart[] | undefined>();
  const [opening, setOpening] = useState(0);
  // set once the opening's values are in the form (a new document's defaults, or the stored one loaded)
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!target) return;
    setReady(false);
    setDetail(undefined);
    setOpening((n) => n + 1);
    setParts(undefined);
    setDiscountBy('rate');
    form.resetFields();
    if (target.mode === 'add') {
      form.setFieldsValue({ operTime: dayjs(), depotId: depots.defaultDepot(), payType: '现付' });
      setLines([]);
      setReady(true);
      return;
    }
    let live = true;
    loadDocument(target.number, docType)
      .then((d) => {
        if (!live) return;
        setDetail(d.detail);
        setDiscountBy(d.discountBy);
        setParts(d.parts);
        form.setFieldsValue(d.values);
        setLines(d.lines);
        setReady(true);
      })
      .catch((e) => {
        const msg = failureText(e);
        if (msg) message.warning(msg);
      });
    return () => {
      live = false;
    };
    // depots only matter for the default warehouse of a new document
  }, [target]);
  useEffect(() => {
    if (target?.mode === 'add' && depots.data && form.getFieldValue('depotId') === undefined) form.setFieldsValue({ depotId: depots.defaultDepot() });
  }, [depots.data, target, form]);

  return { detail, discountBy, setDiscountBy, parts, setParts, opening, ready };
}
