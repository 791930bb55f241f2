import type { ReactNode } from 'react';
import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { LineChartOutlined, ShopOutlined, ShoppingCartOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useSession } from '../../platform/session.ts';
import { greetingKey } from '../../shell/greeting.ts';

/**
 * Home page (SPEC §2.2 home dashboard). Figures come from the inventory module's statistics
 * call once it exists; until then every figure shows '—' rather than an invented number.
 */
const NO_FIGURE = '—';

const PERIODS = ['today', 'yesterday', 'month', 'year'] as const;

function TotalsCard({ title, icon, color }: { title: string; icon: ReactNode; color: string }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" style={{ height: '100%' }} data-testid="totals-card">
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 16 }}>
        <span style={{ display: 'inline-flex', width: 36, height: 36, borderRadius: 8, alignItems: 'center', justifyContent: 'center', background: `${color}1a`, color, fontSize: 18 }}>
          {icon}
        </span>
        <div>
          <div style={{ fontSize: 16, fontWeight: 600 }}>{title}</div>
          <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{t('dashboard.amountUnit')}</div>
        </div>
      </div>
      <Row gutter={[12, 12]}>
        {PERIODS.map((p) => (
          <Col span={12} key={p}>
            <Statistic title={t(`dashboard.${p}`)} value={NO_FIGURE} styles={{ content: { fontSize: 20 } }} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

export function AnalysisPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const pending = ['purchaseNotIn', 'saleNotOut', 'saleUnaudited', 'receivable', 'payable'];
  return (
    <div data-testid="analysis-page">
      <Card variant="borderless" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-greeting">
          {t('dashboard.hello', { greeting: t(`header.greeting.${greetingKey()}`), name: user?.username ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {[user?.tenantName, user?.departName].filter(Boolean).join(' · ')}
          {user?.tenantName ? ' · ' : ''}
          {dayjs().format('YYYY-MM-DD dddd')}
        </Typography.Text>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8}>
          <TotalsCard title={t('dashboard.purchase')} icon={<ShoppingCartOutlined />} color="#1890ff" />
        </Col>
        <Col xs={24} md={8}>
          <TotalsCard title={t('dashboard.sale')} icon={<ShoppingOutlined />} color="#52c41a" />
        </Col>
        <Col xs={24} md={8}>
          <TotalsCard title={t('dashboard.retail')} icon={<ShopOutlined />} color="#fa8c16" />
        </Col>
      </Row>
      <Card variant="borderless" title={t('dashboard.pending')} style={{ marginTop: 12 }}>
        <Row gutter={[12, 12]}>
          {pending.map((k) => (
            <Col xs={12} sm={8} lg={{ flex: "20%" }} key={k}>
              <Statistic title={t(`dashboard.${k}`)} value={NO_FIGURE} />
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        {(['trendMonths', 'trendDays'] as const).map((k) => (
          <Col xs={24} lg={12} key={k}>
            <Card variant="borderless" title={t(`dashboard.${k}`)} extra={<LineChartOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}>
              <div style={{ height: 220, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noFigures')} />
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
