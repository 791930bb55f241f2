import { Card, Col, List, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ScreenProps } from '../../shell/screen.ts';
import { money } from '../../platform/format.ts';
import { crmApi } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';

echarts.use([FunnelChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** 销售仪表盘: the funnel of open opportunities by stage, the won amount by month, the follow-ups due this week. */
export function DashboardPage(_: ScreenProps) {
  const { t } = useCrmT();
  const d = useQuery({ queryKey: ['crm', 'dashboard'], queryFn: crmApi.dashboard });
  const due = useQuery({ queryKey: ['crm', 'due'], queryFn: crmApi.due });
  const funnel = d.data?.funnel ?? [];
  const won = d.data?.wonByMonth ?? [];
  const funnelOption = {
    animation: false,
    tooltip: { trigger: 'item', formatter: (p: { name: string; value: number; data: { total: string } }) => `${p.name}: ${p.value}（${money(p.data.total)}）` },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: 8,
        right: 8,
        top: 8,
        bottom: 8,
        label: { formatter: '{b} {c}' },
        data: funnel.map((s) => ({ name: s.name, value: s.count, total: s.total })),
      },
    ],
  };
  const wonOption = {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? money(v) : '') },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: won.map((w) => w.month) },
    yAxis: { type: 'value' },
    series: [{ type: 'bar', barMaxWidth: 28, color: '#52c41a', data: won.map((w) => Number(w.total)) }],
  };
  return (
    <Row gutter={[12, 12]} data-testid="crm-dashboard-page">
      <Col xs={24} lg={12}>
        <Card size="small" title={t('funnel')}>
          <ReactEChartsCore echarts={echarts} option={funnelOption} style={{ height: 280 }} notMerge />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={`${t('wonByMonth')} (${d.data?.baseCurrency ?? ''})`}>
          <ReactEChartsCore echarts={echarts} option={wonOption} style={{ height: 280 }} notMerge />
        </Card>
      </Col>
      <Col xs={24}>
        <Card size="small" title={t('due')}>
          <List
            size="small"
            dataSource={due.data ?? []}
            renderItem={(x) => (
              <List.Item>
                {x.name} · {x.nextFollowDate} · {x.ownerName}
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
