import { Link, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function RegisterResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const name = params.get('loginName') ?? '';
  return (
    <Result
      status="success"
      title={t('register.resultTitle', { name })}
      subTitle={t('register.resultDesc')}
      extra={
        <Link to="/user/login">
          <Button type="primary">{t('register.loginNow')}</Button>
        </Link>
      }
    />
  );
}
