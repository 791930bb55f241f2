import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { msgApi } from '../../shell/dialogs/message-api.ts';
import { useAdminT } from './admin-i18n.ts';

/** A row of /msg/admin/list (docs/api.md "Message administration"). */
export interface AdminMessage {
  id: number;
  msgTitle: string;
  msgContent: string;
  audience: 'users' | 'roles' | 'all';
  audienceIds: Array<number | string>;
  sent: boolean;
  createTime: string;
  senderName: string | null;
  recipientCount: number;
  readCount: number;
}

interface Values {
  msgTitle: string;
  msgContent?: string;
  audience: AdminMessage['audience'];
  audienceIds?: number[];
}

/** Writes or edits an unsent message; Save keeps a draft, Save-and-send delivers it at once. */
export function MessageAdminForm({ row, onClose, onSaved }: { row?: AdminMessage; onClose: () => void; onSaved: () => void }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState<false | 'draft' | 'send'>(false);
  const audience = Form.useWatch('audience', form) ?? row?.audience ?? 'all';
  const users = useQuery({ queryKey: ['users'], queryFn: msgApi.users, enabled: audience === 'users' });
  const roles = useQuery({
    queryKey: ['msg-admin-roles'],
    enabled: audience === 'roles',
    queryFn: async () => unwrap(await http.get<Array<{ id: number; name: string }>>('/msg/admin/roles')),
  });

  const save = async (send: boolean) => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(send ? 'send' : 'draft');
    try {
      const body = {
        msgTitle: v.msgTitle,
        msgContent: v.msgContent ?? '',
        audience: v.audience,
        audienceIds: v.audience === 'all' ? [] : (v.audienceIds ?? []),
        send,
      };
      const env = row ? await http.put('/msg/admin/update', { id: row.id, ...body }) : await http.post('/msg/admin/add', body);
      message.success((unwrap(env) as { message: string }).message);
      onSaved();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    } finally {
      setSaving(false);
    }
  };

  const options =
    audience === 'users'
      ? (users.data ?? []).map((u) => ({ value: Number(u.id), label: `${u.username} (${u.loginName})` }))
      : (roles.data ?? []).map((r) => ({ value: Number(r.id), label: r.name }));
  return (
    <Modal
      open
      title={t(row ? 'msg.editTitle' : 'msg.addTitle')}
      width={640}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="draft" loading={saving === 'draft'} disabled={saving === 'send'} onClick={() => void save(false)} data-testid="msg-form-draft">
          {t('msg.saveDraft')}
        </Button>,
        <Button key="send" type="primary" loading={saving === 'send'} disabled={saving === 'draft'} onClick={() => void save(true)} data-testid="msg-form-send">
          {t('msg.saveAndSend')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          row ? { msgTitle: row.msgTitle, msgContent: row.msgContent, audience: row.audience, audienceIds: row.audienceIds.map(Number) } : { audience: 'all' }
        }
        data-testid="msg-admin-form"
      >
        <Form.Item name="msgTitle" label={t('msg.title')} rules={[{ required: true, whitespace: true, message: t('msg.titleRequired') }, { max: 100 }]}>
          <Input maxLength={100} placeholder={t('msg.titlePlaceholder')} data-testid="msg-form-title" />
        </Form.Item>
        <Form.Item name="audience" label={t('msg.audience')}>
          <Radio.Group
            optionType="button"
            onChange={() => form.setFieldValue('audienceIds', [])}
            options={(['all', 'roles', 'users'] as const).map((a) => ({ value: a, label: t(`msg.${a}`) }))}
          />
        </Form.Item>
        {audience !== 'all' && (
          <Form.Item name="audienceIds" label={t('msg.recipients')} rules={[{ required: true, message: t('msg.recipientsRequired') }]}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              loading={users.isFetching || roles.isFetching}
              options={options}
              data-testid="msg-form-recipients"
            />
          </Form.Item>
        )}
        <Form.Item name="msgContent" label={t('msg.content')}>
          <Input.TextArea rows={6} maxLength={20000} data-testid="msg-form-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
