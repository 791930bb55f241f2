import { useEffect } from 'react';
import { Form, InputNumber, Modal, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { crmApi, type PoolSetting } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';
import { useRun } from './use-run.ts';

/** 公海规则: pool on/off, days without follow-up and without a deal, the per-user cap, warning days (a manager saves). */
export function PoolRulesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useCrmT();
  const run = useRun();
  const [form] = Form.useForm<PoolSetting>();
  const q = useQuery({ queryKey: ['crm', 'setting'], queryFn: crmApi.setting, enabled: open });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    if (await run(crmApi.saveSetting(v), t('ok'))) onClose();
  };
  const days = (name: keyof PoolSetting, max = 3650) => (
    <Form.Item name={name} label={t(`r.${name}`)} rules={[{ required: true }]}>
      <InputNumber min={0} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Modal open={open} title={t('rules')} onCancel={onClose} onOk={() => void save()} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="poolEnabled" label={t('r.poolEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {days('followDays')}
        {days('dealDays')}
        {days('claimCap', 100000)}
        {days('warnDays', 365)}
      </Form>
    </Modal>
  );
}
