import { Card, Col, List, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ScreenProps } from '../../shell/screen.ts';
import { qty } from '../../platform/format.ts';
import { sfApi } from './sf-api.ts';
import { useSfT } from './sf-i18n.ts';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** 生产看板: today's output, output of the last 14 days, work orders by status, output per work centre, the latest reports. */
export function PanelPage(_: ScreenProps) {
  const { t } = useSfT();
  const d = useQuery({ queryKey: ['shopfloor', 'panel'], queryFn: sfApi.panel, refetchInterval: 30000 });
  const p = d.data;
  const days = p?.days ?? [];
  const daysOption = {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((x) => x.day.slice(5)) },
    yAxis: { type: 'value' },
    series: [
      { name: t('good'), type: 'bar', stack: 'q', color: '#52c41a', data: days.map((x) => x.goodQty) },
      { name: t('scrap'), type: 'bar', stack: 'q', color: '#ff4d4f', data: days.map((x) => x.scrapQty) },
    ],
  };
  const statusOption = {
    animation: false,
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        // the names in the legend and the counts inside the ring: labels outside were cut short at phone width
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        label: { show: true, position: 'inside', formatter: '{c}' },
        data: (p?.byStatus ?? []).map((s) => ({ name: t(`s.${s.status}`), value: s.count })),
      },
    ],
  };
  const centres = p?.byCentre ?? [];
  const centreOption = {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: centres.map((c) => c.label) },
    series: [{ type: 'bar', barMaxWidth: 24, color: '#1677ff', data: centres.map((c) => c.goodQty) }],
  };
  return (
    <Row gutter={[12, 12]} data-testid="sf-panel">
      <Col xs={8}>
        <Card size="small">
          <Statistic title={t('today')} value={qty(p?.today.goodQty ?? 0)} valueStyle={{ color: '#3f8600' }} data-testid="sf-today" />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic title={t('todayScrap')} value={qty(p?.today.scrapQty ?? 0)} valueStyle={{ color: '#cf1322' }} data-testid="sf-today-scrap" />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic title={t('openProgress')} value={p?.openProgress ?? 0} suffix="%" />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card size="small" title={t('last14')}>
          <ReactEChartsCore echarts={echarts} option={daysOption} style={{ height: 260 }} notMerge />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={t('woStatus')}>
          <ReactEChartsCore echarts={echarts} option={statusOption} style={{ height: 260 }} notMerge />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('byCentre')}>
          <ReactEChartsCore echarts={echarts} option={centreOption} style={{ height: 240 }} notMerge />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('latest')}>
          <List
            size="small"
            dataSource={p?.latest ?? []}
            renderItem={(x) => (
              <List.Item>
                {x.at} · {x.woNo} · {t('good')} {qty(x.goodQty)} · {t('scrap')} {qty(x.scrapQty)} {x.person && `· ${x.person}`}
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
