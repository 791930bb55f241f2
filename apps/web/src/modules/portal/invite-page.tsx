import { useState } from 'react';
import { Button, Card, Input, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { attempt, portalApi } from './portal-api.ts';
import { usePortalT } from './portal-i18n.ts';

/** A supplier contact's invitation link: sets the first password, then signs in as usual (issue 22). */
export function InvitePage() {
  const { t } = usePortalT();
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string>();
  const token = params.get('token') ?? '';
  if (done)
    return (
      <Result
        status="success"
        title={t('activated', { loginName: done })}
        extra={
          <Link to="/user/login">
            <Button type="primary">{t('toLogin')}</Button>
          </Link>
        }
      />
    );
  const submit = async () => {
    const r = await attempt(() => portalApi.acceptInvite(token, password));
    if (r) setDone(r.loginName);
  };
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: 16 }}>
      <Card title={`${t('title')} · ${t('setPassword')}`} style={{ maxWidth: 420, margin: '40px auto' }}>
        <Input.Password placeholder={t('password')} value={password} onChange={(e) => setPassword(e.target.value)} data-testid="invite-password" />
        <div style={{ color: '#888', margin: '6px 0 12px' }}>{t('passwordRule')}</div>
        <Button type="primary" block onClick={() => void submit()} disabled={!password || !token} data-testid="invite-submit">
          {t('setPassword')}
        </Button>
      </Card>
    </div>
  );
}
