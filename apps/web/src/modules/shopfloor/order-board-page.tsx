import { useState } from 'react';
import { Card, Col, Input, Progress, Row, Statistic, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { i18n } from '../../platform/i18n/index.ts';
import { qty } from '../../platform/format.ts';
import { useSfT } from './sf-i18n.ts';
import type { OrderBoard, OrderBoardRow } from '@erp/entities';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const NS = 'sfOrderBoard';
const zh = {
  open: '未完工订单',
  late: '已逾期',
  done30: '近30天完工',
  progress: '订单进度',
  orders: '生产订单',
  moNo: '订单号',
  products: '产品',
  made: '完工数 / 数量',
  ops: '工序完成',
  promised: '承诺交期',
  isLate: '逾期',
  none: '没有进行中的生产订单',
  find: '订单号或产品',
};
const en: typeof zh = {
  open: 'Open orders',
  late: 'Late',
  done30: 'Finished, last 30 days',
  progress: 'Progress by order',
  orders: 'Make orders',
  moNo: 'Order',
  products: 'Products',
  made: 'Made / quantity',
  ops: 'Operations done',
  promised: 'Promised',
  isLate: 'Late',
  none: 'No make orders in progress',
  find: 'Order or product',
};
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

/** 生产订单看板 (GET /shopfloor/orderBoard): open make orders with what their last operations made, late ones first in red. */
export function OrderBoardPage(_: ScreenProps) {
  const { t } = useTranslation(NS);
  const sf = useSfT().t;
  const q = useQuery({
    queryKey: ['shopfloor', 'orderBoard'],
    queryFn: async () => unwrap(await http.get<OrderBoard>('/shopfloor/orderBoard')),
    refetchInterval: 30000,
  });
  const b = q.data;
  const [find, setFind] = useState('');
  const shown = (b?.orders ?? []).filter((o) => !find || o.moNo.includes(find) || o.products.includes(find));
  const open = (b?.orders ?? []).filter((o) => o.status !== 'done').slice(0, 15);
  const option = {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', max: 100 },
    yAxis: { type: 'category', inverse: true, data: open.map((o) => o.moNo) },
    series: [{ type: 'bar', barMaxWidth: 18, data: open.map((o) => ({ value: o.progress, itemStyle: { color: o.late ? '#ff4d4f' : '#1677ff' } })) }],
  };
  return (
    <Row gutter={[12, 12]} data-testid="sf-order-board">
      <Col xs={8}>
        <Card size="small">
          <Statistic title={t('open')} value={b?.open ?? 0} data-testid="ob-open" />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic title={t('late')} value={b?.late ?? 0} valueStyle={{ color: b?.late ? '#cf1322' : undefined }} />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic title={t('done30')} value={b?.doneLast30 ?? 0} valueStyle={{ color: '#3f8600' }} />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('progress')}>
          {open.length ? <ReactEChartsCore echarts={echarts} option={option} style={{ height: Math.max(120, open.length * 28 + 24) }} notMerge /> : t('none')}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title={t('orders')}
          extra={
            <Input.Search allowClear size="small" placeholder={t('find')} onSearch={(v) => setFind(v.trim())} style={{ width: 160 }} data-testid="ob-find" />
          }
        >
          <Table<OrderBoardRow>
            size="small"
            rowKey="id"
            loading={q.isLoading}
            dataSource={shown}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            columns={[
              { title: t('moNo'), dataIndex: 'moNo', width: 150 },
              { title: t('products'), dataIndex: 'products', ellipsis: true },
              { title: t('made'), key: 'made', width: 130, align: 'right', render: (_, o) => `${qty(o.goodQty)} / ${qty(o.quantity)}` },
              {
                title: sf('progress'),
                key: 'p',
                width: 130,
                render: (_, o) => <Progress percent={o.progress} size="small" status={o.late ? 'exception' : undefined} />,
              },
              { title: t('ops'), key: 'ops', width: 90, align: 'right', render: (_, o) => `${o.operationsDone} / ${o.operations}` },
              {
                title: t('promised'),
                key: 'promised',
                width: 120,
                render: (_, o) => (
                  <>
                    {o.promisedDate ?? '-'} {o.late && <Tag color="red">{t('isLate')}</Tag>}
                  </>
                ),
              },
              { title: sf('status'), key: 'status', width: 80, render: (_, o) => sf(`s.${o.status}`) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
