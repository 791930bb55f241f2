import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo.tsx';

export function SiderLogo({ collapsed, dark }: { collapsed: boolean; dark: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/dashboard/analysis"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 10,
        height: 48,
        padding: collapsed ? 0 : '0 16px',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        color: dark ? '#fff' : 'rgba(0,0,0,0.88)',
        fontWeight: 600,
        fontSize: 16,
      }}
    >
      <Logo size={28} />
      {!collapsed && <span>{t('app.short')}</span>}
    </Link>
  );
}
