import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { http, messageOf } from '../../platform/http.ts';
import { md5 } from '../../platform/md5.ts';
import { PASSWORD_RULE } from '../../platform/password-rules.ts';
import { useSession } from '../../platform/session.ts';

export const PASSWORD_DIALOG_WIDTH = 800;

interface PwdForm {
  oldpassword: string;
  password: string;
  confirmPassword: string;
}

/** Change password (SPEC §2.4, §5, §8): the old password goes as MD5, the new one in clear for the server's rule check. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const [form] = Form.useForm<PwdForm>();
  const [loading, setLoading] = useState(false);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) {
      message.warning(t('pwd.noUser'));
      onClose();
    }
  }, [userId, message, t, onClose]);
  if (!userId) return null;

  const rules: Record<keyof PwdForm, Rule[]> = {
    oldpassword: [{ required: true, message: t('pwd.oldRequired') }],
    password: [
      { required: true, message: t('pwd.newRequired') },
      ({ getFieldValue }) => ({
        validator: (_r, v: string | undefined) => (v && v === getFieldValue('oldpassword') ? Promise.reject(new Error(t('pwd.same'))) : Promise.resolve()),
      }),
      { pattern: PASSWORD_RULE, message: t('pwd.rule') },
    ],
    confirmPassword: [
      { required: true, message: t('pwd.confirmRequired') },
      ({ getFieldValue }) => ({
        validator: (_r, v: string | undefined) => {
          // `required` accepts blanks; a blank-only confirmation still counts as empty
          if (!v?.trim()) return Promise.reject(new Error(t('pwd.empty')));
          if (v.trim() !== String(getFieldValue('password') ?? '').trim()) return Promise.reject(new Error(t('pwd.mismatch')));
          return Promise.resolve();
        },
      }),
    ],
  };

  const submit = async () => {
    const v = await form.validateFields();
    setLoading(true);
    try {
      const env = await http.post<{ status: number; message: string }>('/user/updatePwd', {
        userId,
        oldpassword: md5(v.oldpassword),
        password: v.password,
        confirmPassword: v.confirmPassword,
      });
      if (env.code !== 200) {
        message.warning(messageOf(env.data) ?? t('http.fallback'));
      } else if (env.data.status === 2 || env.data.status === 3) {
        message.warning(env.data.message);
      } else {
        message.success(env.data.message);
        onClose();
      }
    } catch {
      // transport errors were shown by the HTTP client; the dialog stays for another try
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      open
      title={t('pwd.title')}
      width={PASSWORD_DIALOG_WIDTH}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={loading}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      data-testid="password-dialog"
    >
      <Form form={form} labelCol={{ sm: { span: 7 } }} wrapperCol={{ sm: { span: 13 } }} style={{ marginTop: 16 }}>
        <Form.Item name="oldpassword" label={t('pwd.old')} rules={rules.oldpassword} validateFirst>
          <Input.Password placeholder={t('pwd.oldPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('pwd.new')} rules={rules.password} validateFirst dependencies={['oldpassword']}>
          <Input.Password placeholder={t('pwd.newPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('pwd.confirm')} rules={rules.confirmPassword} validateFirst dependencies={['password']}>
          <Input.Password placeholder={t('pwd.confirmPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
