import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangLinks } from '../../platform/i18n/lang-links.tsx';
import { RecordFiling } from './record-filing.tsx';
import { Logo } from './logo.tsx';

/** Sign-in, register and register-result pages; deliberately imports nothing of the app shell. */
export function UserLayout() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #e8f1ff 0%, #f5f8ff 45%, #eef6f3 100%)',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '16px 24px' }}>
        <LangLinks />
      </div>
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '24px 16px 0' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Logo size={44} />
          <span style={{ fontSize: 30, fontWeight: 600, color: 'rgba(0,0,0,0.85)' }} data-testid="system-title">
            {t('app.title')}
          </span>
          <span
            data-testid="version"
            style={{
              fontSize: 12,
              lineHeight: '20px',
              padding: '0 7px',
              borderRadius: 4,
              color: '#0958d9',
              background: '#e6f4ff',
              border: '1px solid #91caff',
            }}
          >
            {t('app.version')}
          </span>
        </div>
        <div style={{ marginTop: 10, marginBottom: 32, color: 'rgba(0,0,0,0.45)', fontSize: 14 }}>{t('app.slogan')}</div>
        <div
          style={{
            width: '100%',
            maxWidth: 380,
            background: '#fff',
            borderRadius: 8,
            padding: '28px 28px 12px',
            boxShadow: '0 6px 24px rgba(24, 144, 255, 0.10)',
          }}
        >
          <Outlet />
        </div>
      </div>
      <div style={{ padding: '32px 0 20px' }}>
        <RecordFiling />
      </div>
    </div>
  );
}
