import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { workflowApi, type Delivery } from './workflow-api.ts';
import { useWorkflowT } from './workflow-i18n.ts';

const COLOURS: Record<string, string> = { pending: 'processing', delivered: 'success', failed: 'error' };

/**
 * A flow's API config: the webhook POSTed, HMAC-signed with the secret, when an instance is passed or rejected
 * (HTTPS; plain HTTP only to this machine), and the log of its deliveries with their attempts and answers.
 */
export function WebhookDialog({ flowId, canEdit, onClose }: { flowId: number; canEdit: boolean; onClose: () => void }) {
  const { t } = useWorkflowT();
  const { message } = App.useApp();
  const detail = useQuery({ queryKey: ['wf-flow', flowId], queryFn: () => workflowApi.detail(flowId) });
  const log = useQuery({ queryKey: ['wf-webhook-log', flowId], queryFn: () => workflowApi.webhookLog(flowId) });
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  useEffect(() => setUrl(detail.data?.webhookUrl ?? ''), [detail.data]);
  const save = async (clear: boolean) => {
    try {
      message.success((await workflowApi.setWebhook(flowId, clear || !url.trim() ? null : url.trim(), secret || undefined)).message);
      setSecret('');
      void detail.refetch();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  const columns = [
    { title: t('created'), dataIndex: 'createTime', width: 160 },
    { title: t('event'), dataIndex: 'event', width: 80, render: (v: string) => t(`i.${v}`) },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: string) => <Tag color={COLOURS[v]}>{t(`hook.${v}`)}</Tag> },
    { title: t('attempts'), dataIndex: 'attempts', width: 70 },
    { title: 'HTTP', dataIndex: 'responseCode', width: 60 },
    { title: t('error'), dataIndex: 'error', ellipsis: true },
  ];
  return (
    <Modal open width={760} title={t('webhook')} footer={null} onCancel={onClose}>
      <Form layout="vertical" size="small" data-testid="wf-webhook">
        <Form.Item label={t('webhookUrl')} extra={t('webhookHint')}>
          <Input value={url} disabled={!canEdit} placeholder="https://" onChange={(e) => setUrl(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('webhookSecret')}>
          <Input.Password
            value={secret}
            disabled={!canEdit}
            placeholder={detail.data?.hasWebhookSecret ? t('secretKept') : t('secretNew')}
            onChange={(e) => setSecret(e.target.value)}
          />
        </Form.Item>
        {canEdit && (
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" onClick={() => void save(false)}>
              {t('save')}
            </Button>
            <Button onClick={() => void save(true)} disabled={!detail.data?.webhookUrl}>
              {t('webhookRemove')}
            </Button>
          </Space>
        )}
      </Form>
      <Table<Delivery> rowKey="id" size="small" columns={columns} dataSource={log.data?.rows ?? []} pagination={false} scroll={{ x: 'max-content', y: 300 }} />
    </Modal>
  );
}
