import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { ShopOutlined, ShoppingCartOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { TrendCharts } from './trend-charts.tsx';
import { useSession } from '../../platform/session.ts';
import { greetingKey } from '../../shell/greeting.ts';
import { TodoCount } from '../workflow/index.ts';

/**
 * Home page (SPEC §2.2 home dashboard): totals from GET /depotHead/getBuyAndSaleStatistics. A
 * figure the server withholds (price masking) or that has not loaded shows '—', never a guess.
 */
const NO_FIGURE = '—';
type Stats = Record<string, number | null>;

function useStatistics() {
  return useQuery({
    queryKey: ['home-statistics'],
    queryFn: async () => unwrap(await http.get<Stats>('/depotHead/getBuyAndSaleStatistics')),
    refetchOnWindowFocus: false,
  });
}

const figure = (stats: Stats | undefined, key: string) => {
  const v = stats?.[key];
  return typeof v === 'number' ? v : NO_FIGURE;
};

const PERIODS = ['today', 'yesterday', 'month', 'year'] as const;

function TotalsCard({ title, icon, color, kind, stats }: { title: string; icon: ReactNode; color: string; kind: string; stats?: Stats }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" style={{ height: '100%' }} data-testid="totals-card">
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 16 }}>
        <span
          style={{
            display: 'inline-flex',
            width: 36,
            height: 36,
            borderRadius: 8,
            alignItems: 'center',
            justifyContent: 'center',
            background: `${color}1a`,
            color,
            fontSize: 18,
          }}
        >
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
            <Statistic title={t(`dashboard.${p}`)} value={figure(stats, `${p}${kind}`)} precision={2} styles={{ content: { fontSize: 20 } }} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

export function AnalysisPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { data: stats } = useStatistics();
  // label key → statistics field
  const pending: Array<[string, string, number]> = [
    ['purchaseNotIn', 'purchaseNotInNumber', 0],
    ['saleNotOut', 'saleNotOutNumber', 0],
    ['saleUnaudited', 'saleOrderUnaudited', 0],
    ['receivable', 'receivableArrears', 2],
    ['payable', 'payableArrears', 2],
  ];
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
          <TotalsCard title={t('dashboard.purchase')} icon={<ShoppingCartOutlined />} color="#1890ff" kind="Buy" stats={stats} />
        </Col>
        <Col xs={24} md={8}>
          <TotalsCard title={t('dashboard.sale')} icon={<ShoppingOutlined />} color="#52c41a" kind="Sale" stats={stats} />
        </Col>
        <Col xs={24} md={8}>
          <TotalsCard title={t('dashboard.retail')} icon={<ShopOutlined />} color="#fa8c16" kind="RetailSale" stats={stats} />
        </Col>
      </Row>
      <Card variant="borderless" title={t('dashboard.pending')} style={{ marginTop: 12 }}>
        <Row gutter={[12, 12]}>
          {pending.map(([label, key, precision]) => (
            <Col xs={12} sm={8} lg={{ flex: '20%' }} key={label}>
              <Statistic title={t(`dashboard.${label}`)} value={figure(stats, key)} precision={precision} data-testid={`pending-${key}`} />
            </Col>
          ))}
          <Col xs={12} sm={8} lg={{ flex: '20%' }}>
            <TodoCount />
          </Col>
        </Row>
      </Card>
      <TrendCharts />
    </div>
  );
}
