import { useEffect } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Row, Spin, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { pagePermissions } from '../../platform/crud/permissions.ts';
import { useAdminT } from './admin-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

/** The company fields and switches the server stores (docs/api.md "Configuration"), in screen order. */
const TEXTS = [
  ['companyName', 60],
  ['companyContacts', 30],
  ['companyTel', 30],
  ['companyFax', 30],
  ['companyPostCode', 12],
  ['companyAddress', 120],
  ['iconUrl', 500],
] as const;
const SWITCHES = [
  'minusStockFlag',
  'stockApprovalFlag',
  'amountApprovalFlag',
  'multiLevelApprovalFlag',
  'purchaseBySaleFlag',
  'shipmentScanFlag',
  'saleOrderDepotFlag',
  'depotFlag',
  'customerFlag',
  'overLinkFlag',
  'reservoirAreaFlag',
] as const;

type Config = Record<string, string | boolean | null>;

/** 系统配置 (SPEC §3 System configuration, §7.6 /systemConfig): company information and business switches. */
export function SystemConfigPage({ path }: ScreenProps) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = pagePermissions(path).edit;
  const [form] = Form.useForm<Config>();
  const [saving, whileSaving] = useSaving();
  const config = useQuery({
    queryKey: ['systemConfig'],
    staleTime: 0,
    queryFn: async () => unwrap(await http.get<Config>('/systemConfig/getCurrentInfo')),
  });
  useEffect(() => {
    if (config.data) form.setFieldsValue({ ...config.data, nameIcon: config.data.nameIcon === '1' });
  }, [config.data, form]);

  const save = async () => {
    let values: Config;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await whileSaving(async () => {
      const body: Config = { ...values, nameIcon: values.nameIcon ? '1' : '0' };
      for (const [k] of TEXTS) if (typeof body[k] === 'string') body[k] = (body[k] as string).trim() || (k === 'companyName' ? '' : null);
      unwrap(await http.put('/systemConfig/update', body));
      message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: ['systemConfig'] });
    });
  };

  return (
    <Spin spinning={config.isFetching}>
      <Form form={form} layout="vertical" disabled={!canEdit} data-testid="system-config-form">
        {!canEdit && <Alert type="warning" showIcon title={t('sys.readOnly')} style={{ marginBottom: 12 }} />}
        <Card size="small" title={t('sys.company')} style={{ marginBottom: 12 }}>
          <Row gutter={16}>
            {TEXTS.map(([k, max]) => (
              <Col key={k} xs={24} md={12} xl={8}>
                <Form.Item
                  name={k}
                  label={t(`sys.${k}`)}
                  rules={[{ max }, ...(k === 'companyName' ? [{ required: true, whitespace: true, message: t('sys.companyRequired') }] : [])]}
                >
                  <Input maxLength={max} allowClear={k !== 'companyName'} data-testid={`cfg-${k}`} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="nameIcon" label={t('sys.nameIcon')} valuePropName="checked">
                <Switch data-testid="cfg-nameIcon" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="saleAgreement" label={t('sys.saleAgreement')} rules={[{ max: 2000 }]}>
                <Input.TextArea rows={3} maxLength={2000} showCount />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="userEnhanceJs" label={t('sys.userEnhanceJs')} extra={t('sys.userEnhanceHint')} rules={[{ max: 20000 }]}>
                <Input.TextArea rows={4} maxLength={20000} style={{ fontFamily: 'monospace' }} data-testid="cfg-userEnhanceJs" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card size="small" title={t('sys.switches')} style={{ marginBottom: 12 }}>
          <Row gutter={16}>
            {SWITCHES.map((k) => (
              <Col key={k} xs={12} md={8} xl={6}>
                <Form.Item name={k} label={t(`sys.${k}`)} valuePropName="checked">
                  <Switch data-testid={`cfg-${k}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        {canEdit && (
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="cfg-save">
            {t('save')}
          </Button>
        )}
      </Form>
    </Spin>
  );
}
