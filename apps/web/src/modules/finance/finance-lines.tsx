import { Button, Input, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FinDocType } from '@erp/entities/finance-types';
import { amount } from '../../platform/format.ts';
import type { OpenBill, Option } from './finance-api.ts';
import { useFinT } from './finance-i18n.ts';

/** A line of the form: what it names (a document, an account or an item) and the amount typed, as text (exact). */
export interface EditLine {
  key: string;
  billId?: number;
  accountId?: number;
  inOutItemId?: number;
  eachAmount: string;
  remark?: string;
  bill?: OpenBill;
}

const amountInput = (value: string, readOnly: boolean, onChange: (v: string) => void, testId: string) => (
  <Input
    value={value}
    disabled={readOnly}
    inputMode="decimal"
    onChange={(e) => onChange(e.target.value.trim())}
    style={{ textAlign: 'right' }}
    data-testid={testId}
  />
);

/** 收款单 / 付款单: the partner's documents with arrears, each with what this document settles of it. */
export function BillLines(props: { finType: FinDocType; lines: EditLine[]; readOnly: boolean; onChange: (lines: EditLine[]) => void }) {
  const { t } = useFinT();
  const set = (key: string, v: string) => props.onChange(props.lines.map((l) => (l.key === key ? { ...l, eachAmount: v } : l)));
  return (
    <Table<EditLine>
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      locale={{ emptyText: t('noBills') }}
      dataSource={props.lines}
      data-testid="fin-bill-lines"
      columns={[
        { key: 'bill', title: t('bill'), render: (_, l) => l.bill?.billNumber, width: 190 },
        { key: 'type', title: t('billType'), render: (_, l) => l.bill?.billType, width: 90 },
        { key: 'date', title: t('billDate'), render: (_, l) => l.bill?.operTime.slice(0, 10), width: 110 },
        { key: 'need', title: t('needDebt'), align: 'right', render: (_, l) => amount(l.bill?.needDebt), width: 110 },
        { key: 'debt', title: t('billDebt'), align: 'right', render: (_, l) => amount(l.bill?.billDebt), width: 110 },
        {
          key: 'each',
          title: t(`eachAmount.${props.finType.type}`),
          width: 140,
          render: (_, l) => amountInput(l.eachAmount, props.readOnly, (v) => set(l.key, v), `fin-each-${l.bill?.billNumber}`),
        },
      ]}
    />
  );
}

/** 转账单, 收预付款, 付预付款 (an account per line) and 收入单, 支出单 (an in/out item per line). */
export function OptionLines(props: { finType: FinDocType; lines: EditLine[]; options: Option[]; readOnly: boolean; onChange: (lines: EditLine[]) => void }) {
  const { t } = useFinT();
  const field = props.finType.lines === 'item' ? 'inOutItemId' : 'accountId';
  const title = props.finType.lines === 'item' ? t('item') : t(`lineAccount.${props.finType.type}`);
  const patch = (key: string, p: Partial<EditLine>) => props.onChange(props.lines.map((l) => (l.key === key ? { ...l, ...p } : l)));
  const add = () => props.onChange([...props.lines, { key: crypto.randomUUID(), eachAmount: '' }]);
  return (
    <>
      <Table<EditLine>
        rowKey="key"
        size="small"
        bordered
        pagination={false}
        dataSource={props.lines}
        data-testid="fin-option-lines"
        columns={[
          {
            key: 'option',
            title,
            render: (_, l) => (
              <Select
                value={l[field]}
                disabled={props.readOnly}
                showSearch
                optionFilterProp="label"
                style={{ width: '100%' }}
                options={props.options.map((o) => ({ value: o.id, label: o.name }))}
                onChange={(v: number) => patch(l.key, { [field]: v })}
              />
            ),
          },
          {
            key: 'each',
            title: t('eachAmount.other'),
            width: 160,
            render: (_, l) => amountInput(l.eachAmount, props.readOnly, (v) => patch(l.key, { eachAmount: v }), 'fin-each'),
          },
          {
            key: 'remark',
            title: t('remark'),
            render: (_, l) => <Input value={l.remark} disabled={props.readOnly} onChange={(e) => patch(l.key, { remark: e.target.value })} />,
          },
          {
            key: 'del',
            width: 48,
            render: (_, l) =>
              !props.readOnly && <Button type="text" icon={<DeleteOutlined />} onClick={() => props.onChange(props.lines.filter((x) => x.key !== l.key))} />,
          },
        ]}
      />
      {!props.readOnly && (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={add} style={{ marginTop: 8 }} data-testid="fin-add-line">
          {t('addLine')}
        </Button>
      )}
    </>
  );
}
