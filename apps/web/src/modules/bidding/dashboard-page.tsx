import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { BID_STATUSES } from '@erp/entities';
import type { ScreenProps } from '../../shell/screen.ts';
import { money } from '../../platform/format.ts';
import { bidApi } from './bid-api.ts';
import { statusText, useBidT } from './bid-i18n.ts';

echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** 投标看板: the pipeline by status, the win rate (won against lost), the deposits outstanding and overdue. */
export function DashboardPage(_: ScreenProps) {
  const { t } = useBidT();
  const d = useQuery({ queryKey: ['bid', 'dashboard'], queryFn: bidApi.dashboard }).data;
  const counts = new Map((d?.pipeline ?? []).map((p) => [p.status, p.count]));
  const pipelineOption = {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: BID_STATUSES.map(statusText) },
    series: [{ type: 'bar', barMaxWidth: 18, color: '#1677ff', data: BID_STATUSES.map((s) => counts.get(s) ?? 0) }],
  };
  const winOption = {
    animation: false,
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        label: { formatter: '{b} {c}' },
        data: [
          { name: t('won'), value: d?.won ?? 0, itemStyle: { color: '#52c41a' } },
          { name: t('lost'), value: d?.lost ?? 0, itemStyle: { color: '#ff4d4f' } },
        ],
      },
    ],
  };
  return (
    <Row gutter={[12, 12]} data-testid="bid-dashboard-page">
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t('winRate')} value={d?.winRate ?? '-'} suffix={d?.winRate ? '%' : undefined} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t('count')} value={(d?.pipeline ?? []).reduce((s, p) => s + p.count, 0)} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t('depositOutstanding')} value={money(d?.depositOutstanding ?? '0')} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={t('overdue')} value={d?.depositOverdue ?? 0} valueStyle={{ color: d?.depositOverdue ? '#cf1322' : undefined }} />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('pipeline')}>
          <ReactEChartsCore echarts={echarts} option={pipelineOption} style={{ height: 300 }} notMerge />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('winRate')}>
          <ReactEChartsCore echarts={echarts} option={winOption} style={{ height: 300 }} notMerge />
        </Card>
      </Col>
    </Row>
  );
}
