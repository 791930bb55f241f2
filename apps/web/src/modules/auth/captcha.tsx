import { useCallback, useEffect, useState } from 'react';
import Input from 'antd/es/input/Input';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiBase, http } from '../../platform/http.ts';

export interface Captcha {
  /** the platform asks for a code (checkcode_flag '1') */
  on: boolean;
  uuid: string;
  image: string;
  code: string;
  setCode(code: string): void;
  /** a new picture: every sign-in attempt uses a captcha up */
  refresh(): void;
}

/** The sign-in captcha, when the platform administrator has turned it on (off by default). */
export function useCaptcha(): Captcha {
  const [on, setOn] = useState(false);
  const [pic, setPic] = useState({ uuid: '', image: '' });
  const [code, setCode] = useState('');
  const refresh = useCallback(() => {
    setCode('');
    void http.get<{ uuid: string; base64: string }>('/user/randomImage', undefined, { silent: true }).then((env) => {
      if (env.code === 200) setPic({ uuid: env.data.uuid, image: env.data.base64 });
    });
  }, []);
  useEffect(() => {
    // a bare '0' or '1' (jshERP's contract for this call), not the envelope
    void apiBase()
      .then((base) => fetch(`${base}/platformConfig/getPlatform/checkcodeFlag`))
      .then((r) => (r.ok ? r.text() : '0'))
      .then((flag) => {
        if (flag.trim() !== '1') return;
        setOn(true);
        refresh();
      })
      .catch(() => undefined);
  }, [refresh]);
  return { on, uuid: pic.uuid, image: pic.image, code, setCode, refresh };
}

export function CaptchaField({ captcha, error }: { captcha: Captcha; error?: string }) {
  const { t } = useTranslation();
  if (!captcha.on) return null;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <div style={{ flex: 1 }}>
        <Input
          id="captcha"
          size="large"
          prefix={<SafetyOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />}
          placeholder={t('login.captcha')}
          autoComplete="off"
          value={captcha.code}
          status={error ? 'error' : undefined}
          onChange={(e) => captcha.setCode(e.target.value)}
        />
        <div style={{ minHeight: 24, paddingTop: 2, fontSize: 14, color: '#ff4d4f' }}>{error}</div>
      </div>
      <img
        src={captcha.image}
        alt={t('login.captcha')}
        title={t('login.captchaRefresh')}
        data-testid="captcha-image"
        onClick={captcha.refresh}
        style={{ height: 40, cursor: 'pointer' }}
      />
    </div>
  );
}
