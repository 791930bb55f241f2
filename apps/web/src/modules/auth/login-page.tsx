import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd';
// the two input modules, not antd's Input compound (which brings TextArea, Search and OTP along)
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { http, HttpError, messageOf, reportHttpError } from '../../platform/http.ts';
import { md5 } from '../../platform/md5.ts';
import { useSession, type LoginReply } from '../../platform/session.ts';
import { applySignIn, notifySignInFailure, safeRedirect } from '../../platform/sign-in.ts';
import { CaptchaField, useCaptcha } from './captcha.tsx';

const HOME = '/dashboard/analysis';
const iconStyle = { color: 'rgba(0,0,0,0.25)' };

/** Required-field hint under an input, styled like antd's form errors. */
function FieldError({ text }: { text?: string }) {
  return <div style={{ minHeight: 24, paddingTop: 2, fontSize: 14, color: '#ff4d4f' }}>{text}</div>;
}

/**
 * Sign-in page. Two required fields do not need antd's Form, which would add ~20 KB gzip to the
 * one page every user loads first (bench/RESULTS.md "Web bundle sizes").
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { userId } = useSession();
  const [loading, setLoading] = useState(false);
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const captcha = useCaptcha();

  // SPEC §2.1: a signed-in user opening the sign-in page goes to the main page
  if (userId && !loading) return <Navigate to={HOME} replace />;

  const nameError = touched && !loginName.trim() ? t('login.loginNameRequired') : undefined;
  const passwordError = touched && !password ? t('login.passwordRequired') : undefined;
  const captchaError = touched && captcha.on && !captcha.code.trim() ? t('login.captchaRequired') : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!loginName.trim() || !password || captchaError || (captcha.on && !captcha.code.trim())) return;
    setLoading(true);
    try {
      const sent = { loginName: loginName.trim(), password: md5(password), ...(captcha.on ? { uuid: captcha.uuid, code: captcha.code.trim() } : {}) };
      const env = await http.post<LoginReply>('/user/login', sent, { silent: true });
      if (captcha.on && (env.code !== 200 || env.data.msgTip !== 'user can login')) captcha.refresh();
      if (env.code !== 200) {
        notifySignInFailure(messageOf(env.data) ?? t('http.fallback'));
      } else if (await applySignIn(env.data)) {
        // stay "loading" while the router fetches the target's chunk: clearing it here would
        // let the signed-in check above send the user home instead of to the redirect target
        navigate(safeRedirect(params.get('redirect')) ?? HOME, { replace: true });
        return;
      }
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) notifySignInFailure(messageOf((err.body as { data?: unknown })?.data) ?? '');
      else if (err instanceof HttpError) reportHttpError(err.status, err.body, false);
    }
    setLoading(false);
  };

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="login-form" noValidate>
      <div style={{ fontSize: 16, fontWeight: 500, marginBottom: 20, color: 'rgba(0,0,0,0.85)' }}>{t('login.tab')}</div>
      <Input
        id="loginName"
        size="large"
        prefix={<UserOutlined style={iconStyle} />}
        placeholder={t('login.loginName')}
        autoComplete="username"
        value={loginName}
        status={nameError ? 'error' : undefined}
        onChange={(e) => setLoginName(e.target.value)}
      />
      <FieldError text={nameError} />
      <Password
        id="password"
        size="large"
        prefix={<LockOutlined style={iconStyle} />}
        placeholder={t('login.password')}
        autoComplete="current-password"
        value={password}
        status={passwordError ? 'error' : undefined}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FieldError text={passwordError} />
      <CaptchaField captcha={captcha} error={captchaError} />
      <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="login-submit" style={{ marginTop: 4 }}>
        {t('login.submit')}
      </Button>
      <div style={{ textAlign: 'right', margin: '12px 0' }}>
        <Link to="/user/register">{t('login.register')}</Link>
      </div>
    </form>
  );
}
