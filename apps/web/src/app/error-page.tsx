import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title="500"
      subTitle={t('page.e500')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('tabs.refresh')}
        </Button>
      }
    />
  );
}
