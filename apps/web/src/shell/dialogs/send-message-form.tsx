import { App, Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../platform/http.ts';
import { useSession } from '../../platform/session.ts';
import { msgApi } from './message-api.ts';
import { useSaving } from '../../platform/use-saving.ts';

interface SendForm {
  type: string;
  msgTitle: string;
  userIds: number[];
  msgContent: string;
}

/** Send-message form; SPEC §5 shows no client validation for it, the server checks the fields. */
export function SendMessageForm({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { userId } = useSession();
  const [form] = Form.useForm<SendForm>();
  const [saving, whileSaving] = useSaving();
  const users = useQuery({ queryKey: ['users'], queryFn: msgApi.users });

  const submit = async () => {
    const v = form.getFieldsValue();
    await whileSaving(async () => {
      const env = await msgApi.save({
        type: v.type ?? '0',
        msgTitle: v.msgTitle ?? '',
        msgContent: v.msgContent ?? '',
        userIds: v.userIds ?? [],
        senderId: userId,
      });
      if (env.code !== 200) {
        message.warning(messageOf(env.data) ?? t('http.fallback'));
        return;
      }
      message.success(messageOf(env.data) ?? t('msg.sent'));
      onSent();
      onClose();
    });
  };

  return (
    <Modal
      open
      title={t('msg.send')}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      data-testid="send-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ type: '0' }} style={{ marginTop: 12 }}>
        <Form.Item name="type" label={t('msg.type')}>
          <Select options={['0', '1', '2'].map((v) => ({ value: v, label: t(`msg.types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="msgTitle" label={t('msg.colTitle')}>
          <Input data-testid="send-title" />
        </Form.Item>
        <Form.Item name="userIds" label={t('msg.recipients')}>
          <Select
            mode="multiple"
            loading={users.isLoading}
            placeholder={t('msg.recipientsPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.username} (${u.loginName})` }))}
            data-testid="send-users"
          />
        </Form.Item>
        <Form.Item name="msgContent" label={t('msg.content')}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
