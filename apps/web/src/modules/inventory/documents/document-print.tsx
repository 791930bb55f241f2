import { Button, Modal } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { DocType } from '@erp/entities/document-types';
import { useQuery } from '@tanstack/react-query';
import { documentApi, type DocumentDetail, type PriceLine } from './document-api.ts';
import { PRICE_KEYS } from './document-line.ts';
import { useDocumentT } from './document-i18n.ts';
import { amount, qty, toDecimal } from '../../../platform/format.ts';
import { toChineseCapital } from '@erp/entities/capital-amount';
import { PdfButton } from './document-pdf.tsx';

// while printing, only the print area shows (the dialog lives in a portal on top of the app)
const PRINT_CSS = `@media print {
  * { transition: none !important; animation: none !important; }
  body * { visibility: hidden !important; }
  .bill-print-area, .bill-print-area * { visibility: visible !important; }
  .bill-print-area { position: absolute; left: 0; top: 0; width: 100%; }
  .bill-print-doc { page-break-after: always; }
}
.bill-print-doc { font-size: 12px; color: #222; margin-bottom: 24px; }
.bill-print-doc h2 { text-align: center; font-size: 18px; margin: 0 0 8px; }
.bill-print-doc table { border-collapse: collapse; width: 100%; }
.bill-print-doc th, .bill-print-doc td { border: 1px solid #999; padding: 3px 6px; }
.bill-print-doc th { background: #f5f5f5; }
.bill-print-head td { border: none; padding: 2px 6px; }
.bill-print-sign { display: flex; justify-content: space-between; margin-top: 28px; }`;

/** A price adjustment's lines: the new prices, and the replaced ones once audited. */
function PriceTable({ doc }: { doc: DocumentDetail }) {
  const { t } = useDocumentT();
  const lines = useQuery({ queryKey: ['bill-price-lines', doc.id], queryFn: () => documentApi.priceLines(doc.id) });
  const byNo = new Map((lines.data ?? []).map((p) => [p.lineNo, p]));
  const cell = (p: PriceLine | undefined, k: (typeof PRICE_KEYS)[number]) => {
    const v = p?.[k];
    const old = p?.[`old${k[0].toUpperCase()}${k.slice(1)}` as keyof PriceLine];
    if (v == null) return '';
    return old != null && old !== '' ? `${amount(toDecimal(v))} (${t('was', { price: amount(toDecimal(String(old))) })})` : amount(toDecimal(v));
  };
  return (
    <table style={{ marginTop: 8 }}>
      <thead>
        <tr>
          {[t('lineNo'), t('barCode'), t('materialName'), t('standard'), t('unit'), ...PRICE_KEYS.map((k) => t(`newPrice.${k}`)), t('remark')].map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {doc.rows.map((r, i) => (
          <tr key={r.id}>
            <td>{i + 1}</td>
            <td>{r.barCode}</td>
            <td>{r.materialName}</td>
            <td>{[r.standard, r.model].filter(Boolean).join(' ')}</td>
            <td>{r.unit}</td>
            {PRICE_KEYS.map((k) => (
              <td key={k} style={{ textAlign: 'right' }}>
                {cell(byNo.get(i + 1), k)}
              </td>
            ))}
            <td>{r.remark}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One document laid out for paper: header, lines, totals and a signatures area. */
function PrintedDocument({ doc, docType, label }: { doc: DocumentDetail; docType: DocType; label: string }) {
  const { t } = useDocumentT();
  const isIn = docType.type === '入库' || docType.partner === '供应商';
  const sumQty = doc.rows.reduce((s, r) => s.plus(toDecimal(r.operNumber)), toDecimal(0));
  const head: [string, string | null | undefined][] = [
    [t('number'), doc.number],
    [t('operTime'), doc.operTime],
    ...(docType.partner ? ([[t(`organ.${docType.partner}`), doc.organName]] as [string, string | null][]) : []),
    ...(doc.linkNumber ? ([[t('linkNumber'), doc.linkNumber]] as [string, string][]) : []),
    ...(docType.partner
      ? ([[t('account'), doc.accounts?.length ? doc.accounts.map((a) => `${a.accountName} ${amount(toDecimal(a.amount))}`).join('，') : doc.accountName]] as [
          string,
          string | null | undefined,
        ][])
      : []),
    [t('remark'), doc.remark],
  ];
  return (
    <div className="bill-print-doc" data-testid="print-doc">
      <h2>{label}</h2>
      <table className="bill-print-head">
        <tbody>
          {Array.from({ length: Math.ceil(head.length / 3) }, (_x, r) => (
            <tr key={r}>
              {head.slice(r * 3, r * 3 + 3).map(([k, v]) => (
                <td key={k}>
                  {k}：{v ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {docType.prices ? (
        <PriceTable doc={doc} />
      ) : (
        <table style={{ marginTop: 8 }}>
          <thead>
            <tr>
              {[
                t('lineNo'),
                t('barCode'),
                t('materialName'),
                t('standard'),
                t('unit'),
                t('depot'),
                t('operNumber'),
                t('unitPrice'),
                t('allPrice'),
                t('taxLastMoney'),
                t('remark'),
              ].map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {doc.rows.map((r, i) => (
              <tr key={r.id}>
                <td>{i + 1}</td>
                <td>{r.barCode}</td>
                <td>{r.materialName}</td>
                <td>{[r.standard, r.model].filter(Boolean).join(' ')}</td>
                <td>{r.unit}</td>
                <td>{r.depotName ?? ''}</td>
                <td style={{ textAlign: 'right' }}>{qty(r.operNumber)}</td>
                <td style={{ textAlign: 'right' }}>{r.unitPrice == null ? '' : amount(toDecimal(r.unitPrice))}</td>
                <td style={{ textAlign: 'right' }}>{amount(toDecimal(r.allPrice ?? 0))}</td>
                <td style={{ textAlign: 'right' }}>{amount(toDecimal(r.taxLastMoney ?? 0))}</td>
                <td>{r.remark}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={6}>{t('totals')}</td>
              <td style={{ textAlign: 'right' }}>{sumQty.toFixed()}</td>
              <td />
              <td />
              <td style={{ textAlign: 'right' }} data-testid="print-total">
                {amount(toDecimal(doc.totalPrice ?? 0))}
              </td>
              <td />
            </tr>
          </tbody>
        </table>
      )}
      {docType.partner && (
        <p style={{ display: 'flex', gap: 24 }}>
          {(
            [
              ['discountMoney', doc.discountMoney],
              ['otherMoney', doc.otherMoney],
              ['discountLastMoney', doc.discountLastMoney],
              [isIn ? 'changeAmount.in' : 'changeAmount.out', doc.changeAmount],
              ['debt', doc.debt],
            ] as const
          ).map(([k, v]) => (
            <span key={k}>
              {t(k)}：{amount(toDecimal(v ?? 0))}
            </span>
          ))}
        </p>
      )}
      {/* SPEC §9: the amount in Chinese capitals (the words are Chinese in either language) */}
      <p data-testid="print-capital">
        金额大写：{toChineseCapital(toDecimal(docType.partner ? (doc.discountLastMoney ?? doc.totalPrice ?? 0) : (doc.totalPrice ?? 0)))}
      </p>
      <div className="bill-print-sign">
        {[t('sign.maker', { name: doc.creatorName ?? '' }), t('sign.auditor'), t('sign.handler'), t(isIn ? 'sign.deliverer' : 'sign.receiver')].map((s) => (
          <span key={s}>{s}</span>
        ))}
      </div>
    </div>
  );
}

/** The print view of one or several documents (batch print from the list); the browser prints it. */
export function PrintDialog(props: { docs: DocumentDetail[]; docType: DocType; label: string; onClose: () => void }) {
  const { t } = useDocumentT();
  return (
    <Modal
      open
      title={t('printTitle', { count: props.docs.length })}
      width={1000}
      onCancel={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{t('close')}</Button>
          <PdfButton ids={props.docs.map((d) => d.id)} docType={props.docType} />
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-go">
            {t('print')}
          </Button>
        </>
      }
    >
      <style>{PRINT_CSS}</style>
      <div className="bill-print-area" data-testid="print-area">
        {props.docs.map((d) => (
          <PrintedDocument key={d.id} doc={d} docType={props.docType} label={props.label} />
        ))}
      </div>
    </Modal>
  );
}
