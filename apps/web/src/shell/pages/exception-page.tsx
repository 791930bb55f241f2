import { useLocation, useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

type Code = '403' | '404' | '500';

export function ExceptionPage({ code }: { code: Code }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      data-testid={`exception-${code}`}
      status={code}
      title={code}
      subTitle={t(`page.e${code}`)}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard/analysis')}>
          {t('page.backHome')}
        </Button>
      }
    />
  );
}

/** /403, /404 and /500 (SPEC §2.1); unknown paths are sent to /404. */
export function ExceptionRoute() {
  const { pathname } = useLocation();
  const code = (['403', '404', '500'].find((c) => pathname === `/${c}`) ?? '404') as Code;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}>
      <ExceptionPage code={code} />
    </div>
  );
}
