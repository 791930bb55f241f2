import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ScreenProps } from '../../shell/screen.ts';
import { groupedMoney } from '../../platform/format.ts';
import { projectApi } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** 项目看板: projects by status, income and cost from the journal, the top 10 projects by income. */
export function ProjectPanelPage(_: ScreenProps) {
  const { t, i18n } = useProjectT();
  const money = (v: unknown) => groupedMoney(v, i18n.language);
  const d = useQuery({ queryKey: ['project', 'panel'], queryFn: projectApi.panel });
  const top = d.data?.top ?? [];
  const count = (d.data?.byStatus ?? []).reduce((s, x) => s + x.n, 0);
  const statusOption = {
    animation: false,
    tooltip: { trigger: 'item' },
    series: [{ type: 'pie', radius: ['40%', '70%'], data: (d.data?.byStatus ?? []).map((x) => ({ name: t(`s.${x.status}`), value: x.n })) }],
  };
  const topOption = {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: money },
    legend: { data: [t('income'), t('cost')] },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: top.map((x) => x.name), axisLabel: { interval: 0, rotate: 30 } },
    yAxis: { type: 'value' },
    series: [
      { name: t('income'), type: 'bar', barMaxWidth: 24, color: '#52c41a', data: top.map((x) => Number(x.income)) },
      { name: t('cost'), type: 'bar', barMaxWidth: 24, color: '#fa8c16', data: top.map((x) => Number(x.cost)) },
    ],
  };
  return (
    <Row gutter={[12, 12]} data-testid="project-panel-page">
      <Col xs={24} sm={8}>
        <Card size="small">
          <Statistic title={t('count')} value={count} data-testid="panel-count" />
        </Card>
      </Col>
      <Col xs={12} sm={8}>
        <Card size="small">
          <Statistic title={t('totalIncome')} value={money(d.data?.income ?? '0')} data-testid="panel-income" />
        </Card>
      </Col>
      <Col xs={12} sm={8}>
        <Card size="small">
          <Statistic title={t('totalCost')} value={money(d.data?.cost ?? '0')} data-testid="panel-cost" />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={t('byStatus')}>
          <ReactEChartsCore echarts={echarts} option={statusOption} style={{ height: 280 }} notMerge />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card size="small" title={t('topIncome')}>
          <ReactEChartsCore echarts={echarts} option={topOption} style={{ height: 280 }} notMerge />
        </Card>
      </Col>
    </Row>
  );
}
