import { useEffect } from 'react';
import { Col, Divider, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useRun } from '../use-run.ts';
import { MAIL_KEY, mailApi, type MailSettingInput } from './mail-api.ts';
import { useMailT } from './mail-i18n.ts';

const EMPTY: Partial<MailSettingInput> = { imapPort: 993, imapTls: true, smtpPort: 465, smtpTls: true, folder: 'INBOX' };

/** 邮箱设置: the caller's IMAP and SMTP servers; the server signs in to both before it saves. Passwords are never shown. */
export function MailSettingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useMailT();
  const run = useRun();
  const [form] = Form.useForm<MailSettingInput>();
  const q = useQuery({ queryKey: [...MAIL_KEY, 'setting'], queryFn: mailApi.setting, enabled: open });
  const has = q.data?.hasPassword ?? false;
  useEffect(() => {
    if (open && q.isSuccess) form.setFieldsValue({ ...EMPTY, ...(q.data ?? {}), imapPassword: '', smtpPassword: '' });
  }, [open, q.isSuccess, q.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    const body: MailSettingInput = { ...v, smtpUser: v.smtpUser || '', imapPassword: v.imapPassword || undefined, smtpPassword: v.smtpPassword || undefined };
    if (await run(mailApi.saveSetting(body), t('saved'))) onClose();
  };
  const server = (p: 'imap' | 'smtp') => (
    <>
      <Divider plain>{t(p)}</Divider>
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item name={`${p}Host`} label={t('host')} rules={[{ required: true }]}>
            <Input maxLength={200} data-testid={`mail-${p}-host`} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name={`${p}Port`} label={t('port')} rules={[{ required: true }]}>
            <InputNumber min={1} max={65535} style={{ width: '100%' }} data-testid={`mail-${p}-port`} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={4}>
          <Form.Item name={`${p}Tls`} label={t('tls')} valuePropName="checked">
            <Switch data-testid={`mail-${p}-tls`} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={`${p}User`} label={t('user')} rules={[{ required: p === 'imap' }]}>
            <Input maxLength={200} placeholder={p === 'smtp' ? t('smtpUserHint') : undefined} data-testid={`mail-${p}-user`} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={`${p}Password`} label={t('password')} rules={[{ required: p === 'imap' && !has }]}>
            <Input.Password
              maxLength={200}
              autoComplete="new-password"
              placeholder={has ? t('passwordKept') : p === 'smtp' ? t('smtpPasswordHint') : undefined}
              data-testid={`mail-${p}-password`}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
  return (
    <Modal
      open={open}
      title={t('settings')}
      onCancel={onClose}
      onOk={() => void save()}
      width="min(640px, 100vw)"
      destroyOnHidden
      data-testid="mail-setting-dialog"
    >
      <Form form={form} layout="vertical" initialValues={EMPTY}>
        <Row gutter={12}>
          <Col xs={24} sm={16}>
            <Form.Item name="email" label={t('email')} rules={[{ required: true, type: 'email', message: t('badAddress') }]}>
              <Input maxLength={200} data-testid="mail-email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="folder" label={t('folder')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        {server('imap')}
        {server('smtp')}
      </Form>
    </Modal>
  );
}
