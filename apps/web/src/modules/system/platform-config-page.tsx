import { useEffect } from 'react';
import { App, Button, Card, Descriptions, Form, Input, InputNumber, Spin, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { useAdminT } from './admin-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

interface Setting {
  platformKey: string;
  platformValue: string;
  remark: string | null;
}
/** The settings this form edits; the server checks the same bounds (config.routes.ts). */
const KNOWN = ['register_flag', 'trial_days', 'trial_user_limit', 'pay_fee_url'];

/** 平台配置 (platform administrator only; the menu and the calls are refused to everyone else). */
export function PlatformConfigPage() {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, whileSaving] = useSaving();
  const list = useQuery({
    queryKey: ['platformConfig'],
    staleTime: 0,
    queryFn: async () => unwrap(await http.get<{ rows: Setting[] }>('/platformConfig/list')).rows,
  });
  useEffect(() => {
    const v = Object.fromEntries((list.data ?? []).map((s) => [s.platformKey, s.platformValue]));
    if (list.data)
      form.setFieldsValue({ ...v, register_flag: v.register_flag === '1', trial_days: Number(v.trial_days), trial_user_limit: Number(v.trial_user_limit) });
  }, [list.data, form]);

  const save = async () => {
    let v: Record<string, unknown>;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await whileSaving(async () => {
      const body = {
        register_flag: v.register_flag ? '1' : '0',
        trial_days: String(v.trial_days),
        trial_user_limit: String(v.trial_user_limit),
        pay_fee_url: String(v.pay_fee_url ?? '').trim(),
      };
      message.success(unwrap(await http.put<{ message: string }>('/platformConfig/saveAll', body)).message);
      await queryClient.invalidateQueries({ queryKey: ['platformConfig'] });
    });
  };

  const others = (list.data ?? []).filter((s) => !KNOWN.includes(s.platformKey));
  return (
    <Spin spinning={list.isFetching}>
      <Card size="small" data-testid="platform-config-page">
        <Form form={form} layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item name="register_flag" label={t('plat.register_flag')} valuePropName="checked">
            <Switch data-testid="plat-register" />
          </Form.Item>
          <Form.Item name="trial_days" label={t('plat.trial_days')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} style={{ width: 200 }} data-testid="plat-trial-days" />
          </Form.Item>
          <Form.Item name="trial_user_limit" label={t('plat.trial_user_limit')} rules={[{ required: true }]}>
            <InputNumber min={1} max={10000} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="pay_fee_url"
            label={t('plat.pay_fee_url')}
            rules={[{ required: true, whitespace: true }, { max: 500 }, { pattern: /^(\/|https?:\/\/)\S*$/, message: '续费页面地址须以 / 或 http(s):// 开头' }]}
          >
            <Input maxLength={500} />
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="plat-save">
            {t('save')}
          </Button>
        </Form>
        {others.length > 0 && (
          <Descriptions
            size="small"
            bordered
            column={1}
            title={t('plat.others')}
            style={{ marginTop: 24 }}
            items={others.map((s) => ({ key: s.platformKey, label: s.remark ? `${s.remark} (${s.platformKey})` : s.platformKey, children: s.platformValue }))}
          />
        )}
      </Card>
    </Spin>
  );
}
