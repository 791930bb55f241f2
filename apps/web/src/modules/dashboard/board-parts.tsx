import type { ReactNode } from 'react';
import { Button, Card, Empty } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useBoardT } from './board-i18n.ts';

export { LinkFigure } from '../../platform/link-figure.tsx';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface Series {
  name: string;
  type: 'line' | 'bar';
  data: Array<number | null>;
  /** the list a click on this series opens */
  link?: string;
}

/** A chart of a board: every bar or point opens the list of its series (or of its category, `categoryLinks`). */
export function BoardChart(props: { title: string; categories: string[]; series: Series[]; categoryLinks?: string[]; testId: string; extra?: ReactNode }) {
  const { t } = useBoardT();
  const navigate = useNavigate();
  const has = props.series.some((s) => s.data.some((v) => v));
  const option = {
    animation: false,
    color: ['#1890ff', '#52c41a', '#fa8c16', '#f5222d'],
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 36, containLabel: true },
    xAxis: { type: 'category', data: props.categories, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value' },
    series: props.series.map((s) => ({ name: s.name, type: s.type, data: s.data, smooth: s.type === 'line', barMaxWidth: 28, cursor: 'pointer' })),
  };
  const onClick = (e: { seriesIndex?: number; dataIndex?: number }) => {
    const link = props.categoryLinks?.[e.dataIndex ?? -1] ?? props.series[e.seriesIndex ?? -1]?.link;
    if (link) void navigate(link);
  };
  return (
    <Card size="small" title={props.title} extra={props.extra} style={{ height: '100%' }}>
      <div style={{ height: 260 }} data-testid={props.testId} data-has-data={has || undefined} title={t('open')}>
        {has ? (
          <ReactEChartsCore echarts={echarts} option={option} style={{ height: 260 }} notMerge onEvents={{ click: onClick }} />
        ) : (
          <div style={{ height: 260, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />
          </div>
        )}
      </div>
    </Card>
  );
}

export function RefreshButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useBoardT();
  return (
    <Button size="small" icon={<ReloadOutlined />} onClick={onClick} loading={loading} data-testid="board-refresh">
      {t('refresh')}
    </Button>
  );
}
