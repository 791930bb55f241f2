import { Card, Col, Row, Empty } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { http, unwrap } from '../../platform/http.ts';
import { money } from '../../platform/format.ts';

// only what these two charts draw (ARCHITECTURE §7: import only the chart types used)
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface Trends {
  months: Array<{ month: string; buy: number | null; sale: number; retail: number }>;
  days: Array<{ day: string; ordered: number; shipped: number }>;
}

const COLORS = ['#1890ff', '#52c41a', '#fa8c16'];

function chartOption(categories: string[], series: Array<{ name: string; type: 'line' | 'bar'; data: Array<number | null> }>) {
  return {
    // drawn at once: a figure that is still growing is misread (and pictured half-drawn by the journeys)
    animation: false,
    color: COLORS,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? money(v) : '—') },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 36, containLabel: true },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: series.map((s) => ({ ...s, smooth: s.type === 'line', barMaxWidth: 28 })),
  };
}

/** The home page's two trend charts (SPEC §2.2): 5 months of purchase / sale / retail, 5 days of sales ordered and shipped. */
export function TrendCharts() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['home-trends'], queryFn: async () => unwrap(await http.get<Trends>('/depotHead/getTrendStatistics')) });
  const months = q.data?.months ?? [];
  const days = q.data?.days ?? [];
  const hasMonths = months.some((m) => (m.buy ?? 0) || m.sale || m.retail);
  const hasDays = days.some((d) => d.ordered || d.shipped);
  const charts = [
    {
      key: 'trendMonths',
      has: hasMonths,
      option: chartOption(
        months.map((m) => m.month),
        [
          ...(months.some((m) => m.buy === null) ? [] : [{ name: t('dashboard.purchase'), type: 'line' as const, data: months.map((m) => m.buy) }]),
          { name: t('dashboard.sale'), type: 'line', data: months.map((m) => m.sale) },
          { name: t('dashboard.retail'), type: 'line', data: months.map((m) => m.retail) },
        ],
      ),
    },
    {
      key: 'trendDays',
      has: hasDays,
      option: chartOption(
        days.map((d) => d.day.slice(5)),
        [
          { name: t('dashboard.ordered'), type: 'bar', data: days.map((d) => d.ordered) },
          { name: t('dashboard.shipped'), type: 'bar', data: days.map((d) => d.shipped) },
        ],
      ),
    },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
      {charts.map((c) => (
        <Col xs={24} lg={12} key={c.key}>
          <Card variant="borderless" title={t(`dashboard.${c.key}`)} extra={<LineChartOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}>
            <div style={{ height: 240 }} data-testid={`chart-${c.key}`} data-has-data={c.has || undefined}>
              {c.has ? (
                <ReactEChartsCore echarts={echarts} option={c.option} style={{ height: 240 }} notMerge />
              ) : (
                <div style={{ height: 240, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noFigures')} />
                </div>
              )}
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
