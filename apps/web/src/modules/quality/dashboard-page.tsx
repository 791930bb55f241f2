import { Card, Col, Row, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ScreenProps } from '../../shell/screen.ts';
import { qualityApi, type RateRow } from './quality-api.ts';
import { useQualityT } from './quality-i18n.ts';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const grid = { left: 8, right: 16, top: 16, bottom: 32, containLabel: true };

function RateTable({ rows, testId }: { rows: RateRow[]; testId: string }) {
  const { t } = useQualityT();
  return (
    <Table<RateRow>
      data-testid={testId}
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: t('name'), dataIndex: 'name' },
        { title: t('dash.total'), dataIndex: 'total', align: 'right' },
        { title: t('dash.rate'), dataIndex: 'rate', align: 'right', render: (v: number) => `${v}%` },
      ]}
    />
  );
}

/** 质检看板: the last 3 days of quality checks (SPEC §9) by day and verdict, pass rates by supplier, material and inspector, defect Pareto. */
export function DashboardPage(_: ScreenProps) {
  const { t } = useQualityT();
  const d = useQuery({ queryKey: ['quality', 'dashboard'], queryFn: () => qualityApi.dashboard(3) });
  const x = d.data;
  const byDay = {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid,
    xAxis: { type: 'category', data: (x?.byDay ?? []).map((r) => r.day) },
    yAxis: { type: 'value', minInterval: 1 },
    series: (['pass', 'fail', 'concession', 'pending'] as const).map((k, i) => ({
      name: t(`s.${k}`),
      type: 'bar',
      stack: 'all',
      barMaxWidth: 32,
      color: ['#52c41a', '#ff4d4f', '#faad14', '#1677ff'][i],
      data: (x?.byDay ?? []).map((r) => r[k]),
    })),
  };
  const supplier = {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid,
    xAxis: { type: 'category', data: (x?.bySupplier ?? []).map((r) => r.name) },
    yAxis: { type: 'value', max: 100 },
    series: [
      {
        name: t('dash.rate'),
        type: 'bar',
        barMaxWidth: 32,
        color: '#13c2c2',
        label: { show: true, formatter: '{c}%' },
        data: (x?.bySupplier ?? []).map((r) => r.rate),
      },
    ],
  };
  const pareto = {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid,
    xAxis: { type: 'category', data: (x?.pareto ?? []).map((r) => r.name) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    ],
    series: [
      { name: t('dash.count'), type: 'bar', barMaxWidth: 32, color: '#ff7a45', data: (x?.pareto ?? []).map((r) => r.count) },
      { name: t('dash.cumulative'), type: 'line', yAxisIndex: 1, color: '#722ed1', data: (x?.pareto ?? []).map((r) => r.cumulative) },
    ],
  };
  return (
    <Row gutter={[12, 12]} data-testid="quality-dashboard-page">
      <Col xs={24} lg={12}>
        <Card size="small" title={t('dash.byDay')}>
          <ReactEChartsCore echarts={echarts} option={byDay} style={{ height: 260 }} notMerge />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('dash.bySupplier')}>
          <ReactEChartsCore echarts={echarts} option={supplier} style={{ height: 260 }} notMerge />
          <RateTable rows={x?.bySupplier ?? []} testId="qc-supplier-rates" />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('dash.pareto')}>
          <ReactEChartsCore echarts={echarts} option={pareto} style={{ height: 260 }} notMerge />
        </Card>
      </Col>
      <Col xs={24} lg={6}>
        <Card size="small" title={t('dash.byMaterial')}>
          <RateTable rows={x?.byMaterial ?? []} testId="qc-material-rates" />
        </Card>
      </Col>
      <Col xs={24} lg={6}>
        <Card size="small" title={t('dash.byInspector')}>
          <RateTable rows={x?.byInspector ?? []} testId="qc-inspector-rates" />
        </Card>
      </Col>
    </Row>
  );
}
