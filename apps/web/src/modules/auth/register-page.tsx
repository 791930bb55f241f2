import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/feedback.ts';
import { http, messageOf } from '../../platform/http.ts';
import { PASSWORD_RULE } from '../../platform/password-rules.ts';

interface RegisterForm {
  loginName: string;
  password: string;
  confirmPassword: string;
}

/** Registers a trial company with its administrator; the password goes in clear so the server can check the rule. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);

  const onFinish = async (v: RegisterForm) => {
    setLoading(true);
    try {
      const env = await http.post<{ message: string }>('/user/registerUser', {
        loginName: v.loginName.trim(),
        password: v.password,
        confirmPassword: v.confirmPassword,
      });
      if (env.code !== 200) {
        feedback.message.warning(messageOf(env.data) ?? t('http.fallback'));
        return;
      }
      navigate(`/user/register-result?loginName=${encodeURIComponent(v.loginName.trim())}`);
    } catch {
      // the HTTP client already showed the server's message
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<RegisterForm> size="large" onFinish={onFinish} data-testid="register-form">
      <div style={{ fontSize: 16, fontWeight: 500, marginBottom: 20 }}>{t('register.title')}</div>
      <Form.Item name="loginName" rules={[{ required: true, whitespace: true, message: t('login.loginNameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('login.loginName')} autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('pwd.newRequired') },
          { pattern: PASSWORD_RULE, message: t('pwd.rule') },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('register.passwordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: t('pwd.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, value: string | undefined) =>
              !value || value.trim() === String(getFieldValue('password') ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(t('pwd.mismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('register.confirmPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form.Item>
      <div style={{ textAlign: 'right', marginBottom: 12 }}>
        <Link to="/user/login">{t('register.toLogin')}</Link>
      </div>
    </Form>
  );
}
