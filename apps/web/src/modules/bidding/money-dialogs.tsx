import { DatePicker, Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { bidApi } from './bid-api.ts';
import { useBidT } from './bid-i18n.ts';
import { useProjectOptions, useRun } from './use-bid.ts';

const AMOUNT = /^\d{1,18}(\.\d{1,6})?$/;

/** 新增 a deposit or fee application for a project not yet decided. */
export function MoneyDialog({ kind, onClose }: { kind: 'deposit' | 'fee'; onClose: () => void }) {
  const { t } = useBidT();
  const run = useRun();
  const [form] = Form.useForm<{ projectId: number; amount: string; accountId?: number; purpose?: string }>();
  const projects = useProjectOptions(kind === 'deposit' ? 'info,survey,qualification,registration,proposal,opening' : undefined);
  const accounts = useQuery({ queryKey: ['bid', 'accounts'], queryFn: bidApi.accounts });
  const save = async () => {
    const v = await form.validateFields();
    if (await run(bidApi.addMoney(kind, { projectId: v.projectId, amount: v.amount, accountId: v.accountId, purpose: v.purpose || undefined }), t('ok')))
      onClose();
  };
  return (
    <Modal
      open
      title={t(kind === 'deposit' ? 'addDeposit' : 'addFee')}
      onCancel={onClose}
      onOk={() => void save()}
      destroyOnHidden
      data-testid="bid-money-dialog"
    >
      <Form form={form} layout="vertical">
        <Form.Item name="projectId" label={t('project')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={projects} data-testid="bid-money-project" />
        </Form.Item>
        <Form.Item name="amount" label={t('amount')} rules={[{ required: true, pattern: AMOUNT, message: t('amount') }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="accountId" label={t('account')}>
          <Select allowClear placeholder={t('cash')} options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))} />
        </Form.Item>
        <Form.Item name="purpose" label={t('purpose')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Pays, recovers or forfeits on a date (and, for money that moves, through a settlement account). */
export function DateDialog({
  title,
  withAccount,
  onOk,
  onClose,
}: {
  title: string;
  withAccount: boolean;
  onOk: (date: string, accountId?: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useBidT();
  const [form] = Form.useForm<{ date: Dayjs; accountId?: number }>();
  const accounts = useQuery({ queryKey: ['bid', 'accounts'], queryFn: bidApi.accounts, enabled: withAccount });
  const save = async () => {
    const v = await form.validateFields();
    if (await onOk(v.date.format('YYYY-MM-DD'), v.accountId)) onClose();
  };
  return (
    <Modal open title={title} onCancel={onClose} onOk={() => void save()} destroyOnHidden data-testid="bid-date-dialog">
      <Form form={form} layout="vertical" initialValues={{ date: dayjs() }}>
        <Form.Item name="date" label={t('date')} rules={[{ required: true }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        {withAccount && (
          <Form.Item name="accountId" label={t('account')}>
            <Select allowClear placeholder={t('cash')} options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
