import { DOC_STATUS } from '@erp/entities/document-status';
import { StatusTag } from '../documents/status-tag.tsx';
import { Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { reportApi } from './report-api.ts';
import { useReportT } from './report-i18n.ts';
import { Bar, Figure, PanelTable, Refresh } from './panel-parts.tsx';
import { money, qty } from '../../../platform/format.ts';

interface CustomerRow {
  organId: number;
  organName: string;
  amount: number;
  count: number;
}
interface ItemRow {
  materialId: number;
  materialName: string;
  barCode: string | null;
  qty: number;
  amount: number;
}
interface OrderRow {
  headerId: number;
  number: string;
  operTime: string;
  organName: string | null;
  status: string;
  orderedQty: number;
  fulfilledQty: number;
  openQty: number;
}
interface SalePanelData {
  todayAmount: number;
  todayCount: number;
  monthAmount: number;
  monthCount: number;
  topCustomers: CustomerRow[];
  topItems: ItemRow[];
  openOrders: { count: number; openQty: number; rows: OrderRow[] };
}

const max = (rows: Array<{ amount: number }> | undefined) => Math.max(0, ...(rows ?? []).map((r) => r.amount));

/** 销售看板 (GET /depotHead/salePanelData): sales today and this month, top customers and items, open sales orders. */
export function SalePanel() {
  const { t } = useReportT();
  const q = useQuery({ queryKey: ['sale-panel'], queryFn: () => reportApi.get<SalePanelData>('/depotHead/salePanelData'), staleTime: 0 });
  const d = q.data;
  return (
    <div data-testid="sale-panel" data-updated={q.dataUpdatedAt}>
      <Refresh onClick={() => void q.refetch()} loading={q.isFetching} />
      <Row gutter={[12, 12]}>
        <Figure
          title={t('panel.todaySales')}
          value={d?.todayAmount}
          money
          suffix={<small>{t('panel.docs', { count: d?.todayCount ?? 0 })}</small>}
          testId="panel-todayAmount"
        />
        <Figure
          title={t('panel.monthSales')}
          value={d?.monthAmount}
          money
          suffix={<small>{t('panel.docs', { count: d?.monthCount ?? 0 })}</small>}
          testId="panel-monthAmount"
        />
        <Figure
          title={t('panel.openOrders')}
          value={d?.openOrders.count}
          suffix={<small>{t('panel.openQty', { qty: qty(d?.openOrders.openQty ?? 0) })}</small>}
          testId="panel-openOrders"
        />
        <Col xs={24} xl={12}>
          <PanelTable<CustomerRow>
            title={t('panel.topCustomers')}
            rows={d?.topCustomers}
            rowKey={(r) => r.organId}
            loading={q.isFetching}
            testId="panel-customers"
            columns={[
              { key: 'organName', dataIndex: 'organName', title: t('panel.customer') },
              { key: 'count', dataIndex: 'count', title: t('panel.salesCount'), align: 'right' },
              { key: 'amount', dataIndex: 'amount', title: t('col.amount'), align: 'right', render: money },
              { key: 'bar', width: 140, render: (_v, r) => <Bar value={r.amount} max={max(d?.topCustomers)} /> },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <PanelTable<ItemRow>
            title={t('panel.topItems')}
            rows={d?.topItems}
            rowKey={(r) => r.materialId}
            loading={q.isFetching}
            testId="panel-items"
            columns={[
              { key: 'materialName', dataIndex: 'materialName', title: t('col.materialName') },
              { key: 'qty', dataIndex: 'qty', title: t('col.moveQty'), align: 'right', render: qty },
              { key: 'amount', dataIndex: 'amount', title: t('col.amount'), align: 'right', render: money },
              { key: 'bar', width: 140, render: (_v, r) => <Bar value={r.amount} max={max(d?.topItems)} /> },
            ]}
          />
        </Col>
        <Col span={24}>
          <PanelTable<OrderRow>
            title={t('panel.openTitle')}
            rows={d?.openOrders.rows}
            rowKey={(r) => r.headerId}
            loading={q.isFetching}
            testId="panel-orders"
            columns={[
              { key: 'number', dataIndex: 'number', title: t('col.number') },
              { key: 'operTime', dataIndex: 'operTime', title: t('col.operTime') },
              { key: 'organName', dataIndex: 'organName', title: t('panel.customer') },
              { key: 'orderedQty', dataIndex: 'orderedQty', title: t('col.orderedQty'), align: 'right', render: qty },
              { key: 'fulfilledQty', dataIndex: 'fulfilledQty', title: t('col.fulfilledQty'), align: 'right', render: qty },
              { key: 'openQty', dataIndex: 'openQty', title: t('col.openQty'), align: 'right', render: qty },
              {
                key: 'status',
                dataIndex: 'status',
                title: t('col.status'),
                render: (v: string) => <StatusTag status={v} color={v === DOC_STATUS.partly ? 'orange' : 'blue'} />,
              },
            ]}
          />
        </Col>
      </Row>
    </div>
  );
}
