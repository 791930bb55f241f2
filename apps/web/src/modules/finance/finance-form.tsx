import { useEffect, useState } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Decimal } from 'decimal.js';
import type { FinDocType } from '@erp/entities/finance-types';
import { amount, toDecimal } from '../../platform/format.ts';
import { financeApi, type FinDetail, type Option } from './finance-api.ts';
import { BillLines, OptionLines, type EditLine } from './finance-lines.tsx';
import { useFinT } from './finance-i18n.ts';
import { ApprovalPanel } from '../workflow/index.ts';
import { useSaving } from '../../platform/use-saving.ts';

/** What the form opens: a new document, or one by id (read-only once audited). */
export interface FinTarget {
  id?: number;
  readOnly: boolean;
}

interface Head {
  billTime: Dayjs;
  organId?: number;
  accountId?: number;
  handsPersonId?: number;
  discountMoney?: string;
  remark?: string;
}

const opts = (xs: Option[]) => xs.map((o) => ({ value: o.id, label: o.name }));

/** The pickers a type's form needs, and the document when one is opened. */
function useFormData(finType: FinDocType, target: FinTarget) {
  const [data, setData] = useState<{ partners: Option[]; accounts: Option[]; handlers: Option[]; items: Option[]; doc?: FinDetail }>();
  useEffect(() => {
    const item = finType.type === '收入' || finType.type === '支出' ? finType.type : undefined;
    void Promise.all([
      finType.partner ? financeApi.partners() : [],
      financeApi.accounts(),
      financeApi.handlers().catch(() => []),
      item ? financeApi.items(item) : [],
      target.id ? financeApi.info(target.id) : undefined,
    ]).then(([partners, accounts, handlers, items, doc]) => setData({ partners, accounts, handlers, items, doc }));
  }, [finType, target.id]);
  return data;
}

/** The form of a finance document: header, lines (documents settled, accounts or items), total; save or save and audit. */
export function FinanceForm(props: { finType: FinDocType; label: string; target: FinTarget; canAudit: boolean; onClose: () => void; onSaved: () => void }) {
  const { finType, target } = props;
  const { t } = useFinT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Head>();
  const data = useFormData(finType, target);
  const [lines, setLines] = useState<EditLine[]>([]);
  const [saving, whileSaving] = useSaving();
  const bills = finType.lines === 'bill';
  const headAccount = finType.lines !== 'account' || finType.type === '转账';

  /** A receipt or payment lists the partner's documents with arrears, keeping what the document already settles. */
  const loadBills = async (organId: number | undefined, kept: EditLine[]) => {
    if (!bills || !organId) return setLines([]);
    const open = await financeApi.openBills(organId, finType.type as '收款' | '付款');
    const amountOf = new Map(kept.map((l) => [l.billId, l.eachAmount]));
    const listed = open.map((b) => ({ key: String(b.billId), billId: b.billId, bill: b, eachAmount: amountOf.get(b.billId) ?? '' }));
    const settledAlready = kept.filter((l) => !open.some((b) => b.billId === l.billId));
    setLines([...settledAlready, ...listed]);
  };

  useEffect(() => {
    if (!data) return;
    const d = data.doc;
    form.setFieldsValue({
      billTime: d ? dayjs(d.billTime) : dayjs(),
      organId: d?.organId ?? undefined,
      accountId: d?.accountId ?? undefined,
      discountMoney: d?.discountMoney ? String(d.discountMoney) : undefined,
      remark: d?.remark ?? undefined,
    });
    const kept: EditLine[] = (d?.rows ?? []).map((r, i) => ({
      key: String(r.billId ?? `l${i}`),
      billId: r.billId ?? undefined,
      accountId: r.accountId ?? undefined,
      inOutItemId: r.inOutItemId ?? undefined,
      eachAmount: String(r.eachAmount),
      remark: r.remark ?? undefined,
      bill: r.billId
        ? { billId: r.billId, billNumber: r.billNumber ?? '', billType: '', operTime: '', needDebt: r.needDebt ?? 0, billDebt: r.billDebt ?? 0 }
        : undefined,
    }));
    if (bills) void loadBills(d?.organId ?? undefined, kept);
    else setLines(kept.length ? kept : [{ key: 'l0', eachAmount: '' }]);
  }, [data]);

  const filled = lines.filter((l) => l.eachAmount !== '' && !(bills && toDecimal(l.eachAmount).isZero()));
  const total = filled.reduce((s, l) => s.plus(/^\d+(\.\d+)?$/.test(l.eachAmount) ? l.eachAmount : 0), new Decimal(0));

  const save = async (status: '0' | '1') => {
    const v = await form.validateFields();
    await whileSaving(async () => {
      const r = await financeApi.save({
        info: {
          ...(target.id && { id: target.id }),
          type: finType.type,
          billTime: v.billTime.format('YYYY-MM-DD HH:mm:ss'),
          organId: v.organId,
          accountId: headAccount ? v.accountId : undefined,
          handsPersonId: v.handsPersonId,
          discountMoney: bills && v.discountMoney ? v.discountMoney : undefined,
          remark: v.remark || undefined,
          status,
        },
        rows: filled.map((l) => ({
          billId: l.billId,
          accountId: l.accountId,
          inOutItemId: l.inOutItemId,
          eachAmount: l.eachAmount,
          remark: l.remark || undefined,
        })),
      });
      message.success(r.message || t('saved'));
      props.onSaved();
      props.onClose();
    });
  };

  const ro = target.readOnly;
  const title = t(ro ? 'viewTitle' : target.id ? 'editTitle' : 'addTitle', { label: props.label });
  const footer = ro ? (
    <Button onClick={props.onClose}>{t('cancel')}</Button>
  ) : (
    <Space>
      <Button onClick={props.onClose}>{t('cancel')}</Button>
      {props.canAudit && (
        <Button loading={saving} onClick={() => void save('1')} data-testid="fin-save-audit">
          {t('saveAudit')}
        </Button>
      )}
      <Button type="primary" loading={saving} onClick={() => void save('0')} data-testid="fin-save">
        {t('save')}
      </Button>
    </Space>
  );
  const field = (name: keyof Head, label: string, node: React.ReactNode, required = false) => (
    <Col xs={24} md={12} lg={8}>
      <Form.Item name={name} label={label} rules={required ? [{ required: true, message: t('required', { field: label }) }] : undefined}>
        {node}
      </Form.Item>
    </Col>
  );

  return (
    <Modal open title={title} width={1000} onCancel={props.onClose} footer={footer} destroyOnHidden data-testid="fin-form">
      {!data ? (
        <Spin />
      ) : (
        <>
          <Form form={form} layout="vertical" disabled={ro} data-testid="fin-form-body" data-ready="1">
            <Row gutter={16}>
              {finType.partner &&
                field(
                  'organId',
                  t('organ'),
                  <Select
                    showSearch
                    optionFilterProp="label"
                    options={opts(data.partners)}
                    onChange={(v: number) => void loadBills(v, [])}
                    data-testid="fin-organ"
                  />,
                  finType.partner.required,
                )}
              {field('billTime', t('billTime'), <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} allowClear={false} />, true)}
              {headAccount &&
                field(
                  'accountId',
                  t(`account.${finType.type === '转账' ? '转账' : 'head'}`),
                  <Select options={opts(data.accounts)} data-testid="fin-account" />,
                  true,
                )}
              {field('handsPersonId', t('handsPerson'), <Select allowClear options={opts(data.handlers)} />)}
              {bills && field('discountMoney', t('discountMoney'), <Input inputMode="decimal" />)}
              {field('remark', t('remark'), <Input maxLength={1000} />)}
            </Row>
            {bills ? (
              <BillLines finType={finType} lines={lines} readOnly={ro} onChange={setLines} />
            ) : (
              <OptionLines finType={finType} lines={lines} readOnly={ro} onChange={setLines} options={finType.lines === 'item' ? data.items : data.accounts} />
            )}
            <div style={{ textAlign: 'right', marginTop: 12 }} data-testid="fin-total-amount">
              {t('totalPrice')}: {amount(total.toFixed())}
            </div>
          </Form>
          {data.doc && <ApprovalPanel docType={finType.key} busId={data.doc.id} status={data.doc.status} onChange={props.onSaved} />}
        </>
      )}
    </Modal>
  );
}
