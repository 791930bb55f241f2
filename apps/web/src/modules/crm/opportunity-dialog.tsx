import { DatePicker, Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { crmApi } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';
import { useRun } from './use-run.ts';

interface Values {
  name: string;
  partnerId: number;
  currency: string;
  amount: string;
  expectedClose?: Dayjs;
}

/** 新建商机: one of my customers, an amount in any currency (converted at the day's rate), the expected close. */
export function OpportunityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useCrmT();
  const run = useRun();
  const [form] = Form.useForm<Values>();
  const customers = useQuery({
    queryKey: ['crm', 'mine-customers'],
    queryFn: () => crmApi.customers('archive', { currentPage: 1, pageSize: 500, mine: true }),
    enabled: open,
  });
  const save = async () => {
    const v = await form.validateFields();
    const body = { name: v.name, partnerId: v.partnerId, currency: v.currency, amount: v.amount, expectedClose: v.expectedClose?.format('YYYY-MM-DD') };
    if (await run(crmApi.addOpportunity(body), t('ok'))) {
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal open={open} title={t('addOpportunity')} onCancel={onClose} onOk={() => void save()} destroyOnHidden data-testid="crm-opportunity-dialog">
      <Form form={form} layout="vertical" initialValues={{ currency: 'CNY' }}>
        <Form.Item name="name" label={t('oppName')} rules={[{ required: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="partnerId" label={t('partner')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={(customers.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="currency" label={t('currency')} rules={[{ required: true, pattern: /^[A-Z]{3}$/ }]}>
          <Input maxLength={3} />
        </Form.Item>
        <Form.Item name="amount" label={t('amount')} rules={[{ required: true, pattern: /^\d+(\.\d{1,3})?$/ }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="expectedClose" label={t('expectedClose')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
