import { useEffect, useState } from 'react';
import { App, Button, Col, Form, type FormInstance, Input, Modal, Select, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Decimal } from 'decimal.js';
import type { DocType } from '@erp/entities/document-types';
import { type Option, type Partner } from './document-api.ts';
import { NUMBER_RE } from './document-line.ts';
import { useDocumentT } from './document-i18n.ts';
import type { AccountPart, Header } from './document-line.ts';
import { type Payment } from './document-money.ts';
import { amount, qty, toDecimal } from '../../../platform/format.ts';

const col = (node: React.ReactNode) => (
  <Col xs={24} md={12} lg={6}>
    {node}
  </Col>
);

/**
 * The money fields of a document with a partner (SPEC §3): discount rate ↔ discount amount, other
 * fees, deposit (on an order) or its deduction (when made from one), account or several accounts,
 * this payment; retail adds the pay type and the member's advance.
 */
export function PaymentFields(props: {
  docType: DocType;
  form: FormInstance<Header>;
  total: Decimal;
  discountBy: 'rate' | 'money';
  setDiscountBy: (by: 'rate' | 'money') => void;
  accounts: Option[];
  parts?: AccountPart[];
  onParts: () => void;
  member?: Partner;
  readOnly: boolean;
}) {
  const { t } = useDocumentT();
  const { docType, form, total, discountBy } = props;
  const isIn = docType.type === '入库' || docType.partner === '供应商';
  const retail = docType.key.startsWith('retail');
  const rate = Form.useWatch('discount', form);
  // paid from the member's advance: no cash, no account
  const byAdvance = Form.useWatch('payType', form) === '预付款';
  const amount = Form.useWatch('discountMoney', form);
  // the field the user did not type follows the one they did, and the lines' total
  useEffect(() => {
    const [name, next] =
      discountBy === 'rate'
        ? (['discountMoney', rate && NUMBER_RE.test(rate) ? qty(total.times(rate).div(100)) : undefined] as const)
        : (['discount', amount && NUMBER_RE.test(amount) && total.gt(0) ? qty(toDecimal(amount).div(total).times(100)) : undefined] as const);
    // setting an unchanged value would still wake every watcher (a second render per keystroke in the grid)
    if (form.getFieldValue(name) !== next) form.setFieldValue(name, next);
  }, [discountBy, rate, amount, total, form]);
  const num = (label: string) => [{ pattern: NUMBER_RE, message: t('badHeaderNumber', { label }) }];
  const paidLabel = t(retail ? 'changeAmount.retail' : isIn ? 'changeAmount.in' : 'changeAmount.out');
  const depositLabel = docType.order ? t(isIn ? 'deposit.pay' : 'deposit.collect') : t('deposit.deduct');
  return (
    <>
      {col(
        <Form.Item name="discount" label={t('discount')} rules={num(t('discount'))}>
          <Input onChange={() => props.setDiscountBy('rate')} data-testid="bill-discount" />
        </Form.Item>,
      )}
      {col(
        <Form.Item name="discountMoney" label={t('discountMoney')} rules={num(t('discountMoney'))}>
          <Input onChange={() => props.setDiscountBy('money')} data-testid="bill-discount-money" />
        </Form.Item>,
      )}
      {col(
        <Form.Item name="otherMoney" label={t('otherMoney')} rules={num(t('otherMoney'))}>
          <Input data-testid="bill-other-money" />
        </Form.Item>,
      )}
      {(docType.order || docType.linkFrom) &&
        col(
          <Form.Item name="deposit" label={depositLabel} rules={num(depositLabel)}>
            <Input data-testid="bill-deposit" />
          </Form.Item>,
        )}
      {retail &&
        col(
          <Form.Item name="payType" label={t('payType')} extra={props.member ? t('memberAdvance', { amount: qty(props.member.advanceIn ?? 0) }) : undefined}>
            <Select options={['现付', '预付款'].map((v) => ({ value: v, label: t(`payTypes.${v}`) }))} data-testid="bill-pay-type" />
          </Form.Item>,
        )}
      {!byAdvance &&
        col(
          <Form.Item label={t('account')}>
            <Space.Compact style={{ width: '100%' }}>
              {props.parts ? (
                <Input readOnly value={t('multiAccount', { count: props.parts.length })} data-testid="bill-account-multi" />
              ) : (
                <Form.Item name="accountId" noStyle>
                  <Select
                    allowClear
                    style={{ width: '100%' }}
                    options={props.accounts.map((a) => ({ value: a.id, label: a.name }))}
                    data-testid="bill-account"
                  />
                </Form.Item>
              )}
              {/* an order has no payment to split (its deposit goes to one account) */}
              {!docType.order && (
                <Button onClick={props.onParts} disabled={props.readOnly && !props.parts} data-testid="bill-accounts">
                  {t('multiAccountButton')}
                </Button>
              )}
            </Space.Compact>
          </Form.Item>,
        )}
      {!docType.order &&
        !byAdvance &&
        col(
          <Form.Item name="changeAmount" label={paidLabel} rules={[{ pattern: /^-?\d+(\.\d{1,3})?$/, message: t('badHeaderNumber', { label: paidLabel }) }]}>
            <Input readOnly={Boolean(props.parts)} placeholder={retail ? t('paidDefault') : undefined} data-testid="bill-change-amount" />
          </Form.Item>,
        )}
    </>
  );
}

/** The money line under the grid: quantity, total, after discount, due, and arrears or change. */
export function PaymentSummary(props: { docType: DocType; qty: Decimal; total: Decimal; pay: Payment }) {
  const { t } = useDocumentT();
  const { docType, pay } = props;
  const retail = docType.key.startsWith('retail');
  const item = (label: string, value: string, id: string) => (
    <span>
      {label}: <span data-testid={id}>{value}</span>
    </span>
  );
  return (
    <div style={{ display: 'flex', gap: 24, justifyContent: 'flex-end', padding: '8px 4px 0', fontWeight: 500, flexWrap: 'wrap' }} data-testid="bill-totals">
      {item(t('operNumber'), props.qty.toDecimalPlaces(3).toFixed(), 'total-qty')}
      {item(t('totalPrice'), amount(props.total), 'total-price')}
      {docType.partner && item(t('afterDiscount'), amount(pay.afterDiscount), 'total-after-discount')}
      {docType.partner && item(t('due'), amount(pay.due), 'total-due')}
      {docType.partner && !docType.order && docType.stock !== 0 && item(t('debt'), amount(pay.debt), 'total-debt')}
      {retail && item(t('backAmount'), amount(pay.change), 'total-change')}
    </div>
  );
}

/** Several accounts for this payment; their amounts must add up to it. */
export function AccountsDialog(props: {
  accounts: Option[];
  parts?: AccountPart[];
  paid: string;
  readOnly: boolean;
  onOk: (parts: AccountPart[] | undefined, sum: string) => void;
  onClose: () => void;
}) {
  const { t } = useDocumentT();
  const { message } = App.useApp();
  const [parts, setParts] = useState<AccountPart[]>(props.parts ?? [{ amount: '' }, { amount: '' }]);
  const sum = parts.reduce((s, p) => s.plus(toDecimal(p.amount)), toDecimal(0));
  const set = (i: number, patch: Partial<AccountPart>) => setParts((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const ok = () => {
    const used = parts.filter((p) => p.accountId || p.amount);
    if (used.some((p) => !p.accountId || !NUMBER_RE.test(p.amount))) return void message.warning(t('accountsIncomplete'));
    if (new Set(used.map((p) => p.accountId)).size !== used.length) return void message.warning(t('accountsDuplicate'));
    // an empty payment takes the sum; a typed one must equal it (the server checks the same)
    if (props.paid !== '' && !sum.eq(toDecimal(props.paid))) return void message.warning(t('accountsMismatch', { sum: qty(sum), paid: props.paid }));
    props.onOk(used.length ? used : undefined, qty(sum));
  };
  return (
    <Modal
      open
      title={t('multiAccountTitle')}
      width={560}
      onCancel={props.onClose}
      onOk={props.readOnly ? props.onClose : ok}
      okButtonProps={{ ...({ 'data-testid': 'accounts-ok' } as Record<string, string>) }}
    >
      <Table<AccountPart & { i: number }>
        rowKey="i"
        size="small"
        pagination={false}
        dataSource={parts.map((p, i) => ({ ...p, i }))}
        columns={[
          {
            key: 'account',
            title: t('account'),
            render: (_v, p) => (
              <Select
                style={{ width: '100%' }}
                disabled={props.readOnly}
                value={p.accountId}
                options={props.accounts.map((a) => ({ value: a.id, label: a.name }))}
                onChange={(v: number) => set(p.i, { accountId: v })}
                data-testid="accounts-account"
              />
            ),
          },
          {
            key: 'amount',
            title: t('amount'),
            width: 160,
            render: (_v, p) => (
              <Input
                disabled={props.readOnly}
                value={p.amount}
                status={p.amount && !NUMBER_RE.test(p.amount) ? 'error' : undefined}
                onChange={(e) => set(p.i, { amount: e.target.value })}
                data-testid="accounts-amount"
              />
            ),
          },
          {
            key: 'del',
            width: 44,
            render: (_v, p) =>
              !props.readOnly && (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('removeLine')}
                  onClick={() => setParts((ps) => ps.filter((_x, j) => j !== p.i))}
                />
              ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
        {!props.readOnly ? (
          <Button icon={<PlusOutlined />} onClick={() => setParts((ps) => [...ps, { amount: '' }])} data-testid="accounts-add">
            {t('addAccount')}
          </Button>
        ) : (
          <span />
        )}
        <span data-testid="accounts-sum">
          {t('accountsSum')}: {amount(sum)}
          {props.paid !== '' && ` / ${props.paid}`}
        </span>
      </div>
      {!props.readOnly && props.parts && (
        <Button type="link" style={{ paddingLeft: 0 }} onClick={() => props.onOk(undefined, '')}>
          {t('singleAccount')}
        </Button>
      )}
    </Modal>
  );
}
