import { useMemo, useState } from 'react';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Select, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Decimal } from 'decimal.js';
import dayjs, { type Dayjs } from 'dayjs';
import { money, qty } from '../../../platform/format.ts';
import { useSaving } from '../../../platform/use-saving.ts';
import { financeApi } from '../finance-api.ts';
import { invoiceApi, lineAmounts, type InvoiceType, type OpenLine } from './invoice-api.ts';
import { useInvT } from './invoice-i18n.ts';

interface Head {
  organId?: number;
  invoiceDate?: Dayjs;
  invoiceNo?: string;
  remark?: string;
}

/** The invoicing dialog: a partner's delivered lines still to invoice, each with the quantity to invoice now (what is left shown as the hint). */
export function InvoiceForm({ type, onDone }: { type: InvoiceType; onDone: (saved: boolean) => void }) {
  const { t } = useInvT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Head>();
  const organId = Form.useWatch('organId', form);
  const [qtys, setQtys] = useState<Record<number, string | null>>({});
  const [busy, whileSaving] = useSaving();
  const partners = useQuery({ queryKey: ['fin-partners'], queryFn: financeApi.partners });
  const lines = useQuery({ queryKey: ['fin-invoicable', type, organId], queryFn: () => invoiceApi.open(type, organId!), enabled: !!organId });
  const chosen = useMemo(
    () => (lines.data ?? []).map((l) => ({ l, q: qtys[l.depotItemId] })).filter((x): x is { l: OpenLine; q: string } => !!x.q && new Decimal(x.q).gt(0)),
    [lines.data, qtys],
  );
  const sums = chosen.reduce(
    (s, { l, q }) => {
      const a = lineAmounts(q, l.unitPrice, l.taxRate);
      return { amount: s.amount.plus(a.amount), tax: s.tax.plus(a.tax), total: s.total.plus(a.total) };
    },
    { amount: new Decimal(0), tax: new Decimal(0), total: new Decimal(0) },
  );

  const submit = async () => {
    const h = await form.validateFields();
    if (!chosen.length) return void message.error(t('noneChosen'));
    await whileSaving(async () => {
      const r = await invoiceApi.add({
        type,
        organId: h.organId,
        invoiceDate: h.invoiceDate!.format('YYYY-MM-DD'),
        invoiceNo: h.invoiceNo || undefined,
        remark: h.remark || undefined,
        rows: chosen.map(({ l, q }) => ({ depotItemId: l.depotItemId, quantity: q })),
      });
      message.success(t('saved', { n: r.number }));
      onDone(true);
    });
  };
  const columns: TableColumnsType<OpenLine> = [
    { key: 'number', dataIndex: 'number', title: t('billNumber'), width: 180 },
    { key: 'operTime', dataIndex: 'operTime', title: t('operTime'), width: 100, render: (v: string) => v.slice(0, 10) },
    { key: 'materialName', dataIndex: 'materialName', title: t('materialName'), width: 120 },
    { key: 'remaining', dataIndex: 'remaining', title: t('remaining'), width: 90, align: 'right', render: qty },
    {
      key: 'thisQty',
      title: t('thisQty'),
      width: 120,
      render: (_, l) => (
        <InputNumber
          size="small"
          min="0"
          max={l.remaining}
          precision={6}
          stringMode
          value={qtys[l.depotItemId] ?? null}
          onChange={(v) => setQtys((s) => ({ ...s, [l.depotItemId]: v === null ? null : String(v) }))}
          placeholder={qty(l.remaining)}
          data-testid={`inv-qty-${l.number}`}
        />
      ),
    },
    { key: 'unitPrice', dataIndex: 'unitPrice', title: t('unitPrice'), width: 110, align: 'right', render: money },
    { key: 'taxRate', dataIndex: 'taxRate', title: t('taxRate'), width: 70, align: 'right', render: qty },
  ];
  return (
    <Modal open width={900} title={t(`formTitle.${type}`)} onOk={() => void submit()} onCancel={() => onDone(false)} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="inline" initialValues={{ invoiceDate: dayjs() }} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="organId" label={t('partner')} rules={[{ required: true, message: t('required') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="inv-partner"
          />
        </Form.Item>
        <Form.Item name="invoiceDate" label={t('invoiceDate')} rules={[{ required: true, message: t('required') }]}>
          <DatePicker allowClear={false} data-testid="inv-date" />
        </Form.Item>
        <Form.Item name="invoiceNo" label={t('invoiceNo')}>
          <Input maxLength={50} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input maxLength={500} style={{ width: 160 }} />
        </Form.Item>
      </Form>
      {!organId ? (
        <Alert type="info" showIcon title={t('choosePartner')} />
      ) : lines.data && !lines.data.length ? (
        <Alert type="warning" showIcon title={t('noLines')} />
      ) : (
        <Table<OpenLine>
          rowKey="depotItemId"
          size="small"
          bordered
          columns={columns}
          dataSource={lines.data ?? []}
          loading={lines.isFetching}
          pagination={false}
          scroll={{ x: 790, y: 320 }}
          data-testid="inv-lines"
        />
      )}
      <div style={{ marginTop: 12, textAlign: 'right' }} data-testid="inv-sums">
        {t('amount')} {money(sums.amount.toFixed())} · {t('tax')} {money(sums.tax.toFixed())} · {t('total')} {money(sums.total.toFixed())}
      </div>
    </Modal>
  );
}
