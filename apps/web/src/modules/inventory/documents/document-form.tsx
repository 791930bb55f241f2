import { useCallback, useRef, useState } from 'react';
import { App, Button, Form, Modal, type InputRef, Row as GridRow, Space, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { type DocType } from '@erp/entities/document-types';
import { useUploading } from '../../../platform/crud/upload-field.tsx';
import { documentApi, type Option } from './document-api.ts';
import { useDocumentT } from './document-i18n.ts';
import type { FormMode, Header } from './document-line.ts';
import { useDocumentOpening } from './use-document-opening.ts';
import { usePayment } from './use-payment.ts';
import { useDocumentLines } from './use-document-lines.ts';
import { priceTypeOf } from './document-load.ts';
import { StatusTag } from './status-tag.tsx';
import { LineEntry } from './line-entry.tsx';
import { useDocumentOptions } from './use-document-options.ts';
import { saveProblem, toSave } from './document-save.ts';
import { DocumentGrid } from './document-grid.tsx';
import { HeaderFields, HeaderTail } from './document-header.tsx';
import { AccountsDialog, PaymentFields, PaymentSummary } from './document-payment.tsx';
import { PrintDialog } from './document-print.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { PasteDialog } from './paste-dialog.tsx';
import { ApprovalPanel } from '../../workflow/index.ts';
import { useSaving } from '../../../platform/use-saving.ts';

// one empty list, so memoised parts see the same props until the data comes
const NO_OPTIONS: Option[] = [];

/**
 * The document form: header and money fields of the type, a barcode box, a material picker and a
 * bulk paste adding lines, the virtual line grid, live totals; save, save and audit, print.
 */
export function DocumentForm(props: { docType: DocType; label: string; target?: FormMode; canAudit: boolean; onClose: () => void; onSaved: () => void }) {
  const { docType } = props;
  const { t } = useDocumentT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Header>();
  const [saving, whileSaving] = useSaving();
  const [linking, setLinking] = useState(false);
  const [partsOpen, setPartsOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [pasting, setPasting] = useState(false);
  const barcodeRef = useRef<InputRef>(null);
  const open = Boolean(props.target);
  const readOnly = props.target?.mode === 'view';
  const priceType = priceTypeOf(docType);
  const retail = docType.key.startsWith('retail');
  const { accounts, partners, salespeople, keepers, orderTypes, bySale, depots, depotOptions, defaultDepot } = useDocumentOptions(docType, open);
  const headerDepot = Form.useWatch('depotId', form);
  const { lines, setLines, update, remove, changeHeaderDepot, addMaterial, addPasted, pullLinked } = useDocumentLines(docType, form, priceType);
  // a new LineEntry per opening (`opening` counts them): its barcode box starts empty
  const opened = useDocumentOpening(props.target, docType, form, setLines, { data: depots.data, defaultDepot });
  const { detail, discountBy, setDiscountBy, parts, setParts, opening } = opened;

  const { sums, pay, header: w } = usePayment(form, docType, lines, discountBy);
  const member = retail ? partners.data?.find((p) => p.id === w.organId) : undefined;

  const save = async (audit: boolean) => {
    let h: Header;
    try {
      h = await form.validateFields();
    } catch {
      return;
    }
    const problem = saveProblem(docType, h, lines, parts, t);
    if (problem) return void message.warning(problem);
    await whileSaving(async () => {
      const id = props.target?.mode === 'edit' ? detail?.id : undefined;
      const r = await documentApi.save(toSave(docType, { ...h, id, audit, discountBy, parts }, lines));
      message.success(r.message || t('saved'));
      props.onSaved();
      props.onClose();
    });
  };

  const openLink = useCallback(() => setLinking(true), []);
  const title = t(`${props.target?.mode ?? 'view'}Title` as 'addTitle', { label: props.label });

  return (
    <Modal
      open={open}
      title={
        <Space>
          {title}
          {detail && <Tag>{detail.number}</Tag>}
          {detail && <StatusTag status={detail.status} color="blue" />}
        </Space>
      }
      width="min(1400px, 96vw)"
      style={{ top: 24 }}
      maskClosable={false}
      onCancel={props.onClose}
      footer={
        <FormFooter
          readOnly={readOnly}
          canPrint={Boolean(detail)}
          canAudit={props.canAudit}
          saving={saving}
          onPrint={() => setPrinting(true)}
          onSave={save}
          onClose={props.onClose}
        />
      }
    >
      <div data-testid="bill-form" data-doc={docType.key} data-ready={opened.ready ? '1' : '0'}>
        <Form form={form} disabled={readOnly} labelCol={{ flex: '96px' }} size="middle">
          <GridRow gutter={[16, 0]}>
            <HeaderFields
              docType={docType}
              depotOptions={depotOptions}
              partners={partners.data ?? NO_OPTIONS}
              salespeople={salespeople.data ?? NO_OPTIONS}
              keepers={keepers.data ?? NO_OPTIONS}
              orderTypes={orderTypes}
              readOnly={readOnly}
              onDepot={changeHeaderDepot}
              onLink={openLink}
            />
            {docType.partner && (
              <PaymentFields
                docType={docType}
                form={form}
                total={sums.total}
                discountBy={discountBy}
                setDiscountBy={setDiscountBy}
                accounts={accounts.data ?? []}
                parts={parts}
                onParts={() => setPartsOpen(true)}
                member={member}
                readOnly={readOnly}
              />
            )}
            <HeaderTail readOnly={readOnly} />
          </GridRow>
        </Form>
        {!readOnly && (
          <LineEntry
            key={opening}
            barcodeRef={barcodeRef}
            headerDepot={headerDepot}
            priceType={priceType}
            lineCount={lines.length}
            onMaterial={addMaterial}
            onPaste={() => setPasting(true)}
          />
        )}
        <DocumentGrid docType={docType} lines={lines} readOnly={readOnly} depotOptions={depotOptions} update={update} remove={remove} barcodeRef={barcodeRef} />
        {!docType.prices && <PaymentSummary docType={docType} qty={sums.qty} total={sums.total} pay={pay} />}
        {detail && <ApprovalPanel docType={docType.key} busId={detail.id} status={detail.status} onChange={props.onSaved} />}
      </div>
      {linking && (
        <LinkDialog
          docType={docType}
          withAlso={Boolean(bySale.data)}
          onPick={async (r, s) => void ((await pullLinked(r, s)) && setLinking(false))}
          onClose={() => setLinking(false)}
        />
      )}
      {partsOpen && (
        <AccountsDialog
          accounts={accounts.data ?? []}
          parts={parts}
          paid={form.getFieldValue('changeAmount') ?? ''}
          readOnly={readOnly}
          onOk={(p, sum) => {
            setParts(p);
            if (p) form.setFieldsValue({ changeAmount: sum, accountId: undefined });
            setPartsOpen(false);
          }}
          onClose={() => setPartsOpen(false)}
        />
      )}
      {pasting && <PasteDialog onOk={async (p) => void ((await addPasted(p)) && setPasting(false))} onClose={() => setPasting(false)} />}
      {printing && detail && <PrintDialog docs={[detail]} docType={docType} label={props.label} onClose={() => setPrinting(false)} />}
    </Modal>
  );
}

function FormFooter(p: {
  readOnly: boolean;
  canPrint: boolean;
  canAudit: boolean;
  saving: boolean;
  onPrint: () => void;
  onSave: (audit: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useDocumentT();
  const uploading = useUploading();
  return p.readOnly ? (
    <Space>
      <Button icon={<PrinterOutlined />} disabled={!p.canPrint} onClick={p.onPrint} data-testid="bill-print">
        {t('print')}
      </Button>
      <Button onClick={p.onClose}>{t('close')}</Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={p.onClose}>{t('cancel')}</Button>
      <Button type="primary" loading={p.saving || uploading} onClick={() => void p.onSave(false)} data-testid="bill-save">
        {t('save')}
      </Button>
      {p.canAudit && (
        <Button type="primary" loading={p.saving || uploading} onClick={() => void p.onSave(true)} data-testid="bill-save-audit">
          {t('saveAndAudit')}
        </Button>
      )}
    </Space>
  );
}
