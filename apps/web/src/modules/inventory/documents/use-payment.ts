import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import type { DocType } from '@erp/entities/document-types';
import type { Header, Line } from './document-line.ts';
import { payment, sumLines } from './document-money.ts';

/** The live totals of a document form: lines summed, then discount, other money, deposit, paid, debt and change. */
export function usePayment(form: FormInstance<Header>, docType: DocType, lines: Line[], discountBy: 'rate' | 'money') {
  const retail = docType.key.startsWith('retail');
  const sums = useMemo(() => sumLines(lines), [lines]);
  const watched = Form.useWatch([], form) as Header | undefined;
  const w = watched ?? {};
  const pay = useMemo(
    () =>
      payment(
        sums.total,
        { ...w, changeAmount: w.payType === '预付款' ? undefined : w.changeAmount, discountBy },
        { retail, order: Boolean(docType.order) || docType.stock === 0 },
      ),
    [sums.total, w.discount, w.discountMoney, w.otherMoney, w.deposit, w.changeAmount, w.payType, discountBy, retail, docType],
  );
  return { sums, pay, header: w };
}
