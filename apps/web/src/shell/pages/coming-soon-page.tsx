import { useNavigate } from 'react-router';
import { Button, Card, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A menu screen that is not built yet: its route exists so menus and tabs work (titled with the menu text). */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card variant="borderless" data-testid="coming-soon">
      <Result
        icon={<ToolOutlined style={{ color: '#1890ff' }} />}
        title={`${title} · ${t('page.comingSoon')}`}
        subTitle={t('page.comingSoonDesc', { title })}
        extra={<Button onClick={() => navigate('/dashboard/analysis')}>{t('page.backHome')}</Button>}
      />
    </Card>
  );
}
