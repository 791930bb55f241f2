import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Open shipping-plan page (SPEC §2.1: blank layout, no sign-in) shared with carriers by link. */
export function ShippingPlanPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  useEffect(() => {
    document.title = `${t('page.shippingPlan')} - ${t('app.title')}`;
  }, [t]);
  return (
    <Card title={t('page.shippingPlan')} style={{ maxWidth: 960, margin: '0 auto' }} data-testid="shipping-plan">
      {id ? <Typography.Paragraph>{t('page.shippingPlanDesc', { id })}</Typography.Paragraph> : <Empty description={t('page.shippingPlanNone')} />}
    </Card>
  );
}
