import { Button, Card, Col, Row } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ScreenProps } from '../../shell/screen.ts';
import { LinkFigure } from '../../platform/link-figure.tsx';
import { panelApi, type DataPanel } from './panel-api.ts';
import { usePanelT } from './panel-i18n.ts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const MAKE_ORDERS = '/manufacture/make_order';
const REPORTING = '/productionManagement/reporting';
const GANTT = '/productionManagement/scheduleProduction';

/** The charts' options from the panel's figures (no animation: the panel is read at a glance and in screenshots). */
function options(d: DataPanel | undefined, t: ReturnType<typeof usePanelT>['t']) {
  const axis = { grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true }, tooltip: { trigger: 'axis' }, animation: false };
  const output = d?.output ?? [];
  const load = d?.load ?? [];
  const top = [...(d?.top ?? [])].reverse();
  return {
    states: {
      animation: false,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['50%', '45%'],
          label: { show: true, position: 'inside', formatter: '{c}' },
          data: (d?.states ?? []).map((s) => ({ name: t(`s.${s.status}`), value: s.count })),
        },
      ],
    },
    output: {
      ...axis,
      legend: { top: 0 },
      xAxis: { type: 'category', data: output.map((x) => x.day.slice(5)) },
      yAxis: { type: 'value' },
      series: [
        { name: t('good'), type: 'bar', stack: 'q', color: '#52c41a', data: output.map((x) => Number(x.good)) },
        { name: t('scrap'), type: 'bar', stack: 'q', color: '#ff4d4f', data: output.map((x) => Number(x.scrap)) },
      ],
    },
    load: {
      ...axis,
      xAxis: { type: 'value', name: t('loadPct'), max: (v: { max: number }) => Math.max(100, v.max) },
      yAxis: { type: 'category', data: load.map((c) => c.name) },
      series: [
        {
          type: 'bar',
          barMaxWidth: 22,
          data: load.map((c) => ({ value: c.loadPercent, itemStyle: { color: c.loadPercent > 100 ? '#ff4d4f' : c.loadPercent > 80 ? '#faad14' : '#1677ff' } })),
          label: { show: true, position: 'right', formatter: '{c}%' },
        },
      ],
    },
    top: {
      ...axis,
      grid: { ...axis.grid, top: 8 },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: top.map((x) => x.name), axisLabel: { width: 110, overflow: 'truncate' } },
      series: [{ type: 'bar', barMaxWidth: 18, color: '#13c2c2', data: top.map((x) => Number(x.good)) }],
    },
  };
}

/** One chart in a card; a click on the chart opens its list. */
function Chart({ title, option, link, testId, height = 260 }: { title: string; option: object; link: string; testId: string; height?: number }) {
  const navigate = useNavigate();
  return (
    <Card size="small" title={title} data-testid={testId} extra={<a onClick={() => void navigate(link)}>›</a>}>
      <ReactEChartsCore echarts={echarts} option={option} style={{ height }} notMerge onEvents={{ click: () => void navigate(link) }} />
    </Card>
  );
}

/** 生产数据面板 (issue 16): make orders by state, output per day, late orders, centre load, top products — each opening its list. */
export function DataPanelPage(_: ScreenProps) {
  const { t } = usePanelT();
  const q = useQuery({ queryKey: ['mfg', 'dataPanel'], queryFn: panelApi.data, staleTime: 0 });
  const d = q.data;
  const w = d?.windows ?? { orderDays: 90, outputDays: 30, loadDays: 14, top: 10 };
  const o = options(d, t);
  return (
    <Row gutter={[12, 12]} data-testid="mfg-data-panel">
      <LinkFigure title={t('lateOrders')} value={d?.late.orders} link={MAKE_ORDERS} warn testId="dp-late-orders" />
      <LinkFigure title={t('lateWorkOrders')} value={d?.late.workOrders} link={GANTT} warn testId="dp-late-wos" />
      <Col xs={24} xl={12} style={{ textAlign: 'right', alignSelf: 'center' }}>
        <Button size="small" icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()} aria-label={t('reload')} />
      </Col>
      <Col xs={24} lg={8}>
        <Chart title={t('states', { days: w.orderDays })} option={o.states} link={MAKE_ORDERS} testId="dp-states" />
      </Col>
      <Col xs={24} lg={16}>
        <Chart title={t('output', { days: w.outputDays })} option={o.output} link={REPORTING} testId="dp-output" />
      </Col>
      <Col xs={24} lg={12}>
        <Chart title={t('load', { days: w.loadDays })} option={o.load} link={GANTT} testId="dp-load" />
      </Col>
      <Col xs={24} lg={12}>
        <Chart title={t('top', { n: w.top, days: w.outputDays })} option={o.top} link={REPORTING} testId="dp-top" />
      </Col>
    </Row>
  );
}
