import { Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { BoardChart, LinkFigure, RefreshButton } from './board-parts.tsx';
import { useBoardT } from './board-i18n.ts';

interface ProcurementData {
  months: Array<{ month: string; ordered: string | null; received: string | null }>;
  openOrders: number;
  openLines: number;
  lateOrders: number;
  lateLines: number;
  requestsAwaiting: number;
  requestLinesAwaiting: number;
  topSuppliers: Array<{ organId: number; name: string; amount: string | null; onTimeRate: number | null; passRate: number | null }>;
  links: { months: string; openOrders: string; lateLines: string; suppliers: string; rates: string; requests: string };
}

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const LINKS: ProcurementData['links'] = {
  months: '/bill/purchase_in',
  openOrders: '/bill/purchase_order',
  lateLines: '/bill/purchase_order',
  suppliers: '/report/vendor_account',
  rates: '/portal/panel',
  requests: '/bill/purchase_apply',
};

/** 采购看板 (GET /board/procurementData): purchases by month, open and late orders, top suppliers and their rates, requests awaiting. */
export function ProcurementBoard() {
  const { t } = useBoardT();
  const q = useQuery({ queryKey: ['board-procurement'], queryFn: async () => unwrap(await http.get<ProcurementData>('/board/procurementData')), staleTime: 0 });
  const d = q.data;
  const links = d?.links ?? LINKS;
  const top = d?.topSuppliers ?? [];
  const thisMonth = d?.months.at(-1);
  return (
    <div data-testid="board-procurement" data-updated={q.dataUpdatedAt}>
      <Row gutter={[12, 12]}>
        <LinkFigure title={`${t('p.received')} · ${t('thisMonth')}`} value={thisMonth?.received} link={links.months} money testId="proc-received" />
        <LinkFigure title={t('p.openOrders')} value={d?.openOrders} link={links.openOrders} testId="proc-openOrders" />
        <LinkFigure title={t('p.lateLines')} value={d?.lateLines} link={links.lateLines} warn testId="proc-lateLines" />
        <LinkFigure title={t('p.requests')} value={d?.requestsAwaiting} link={links.requests} testId="proc-requests" />
        <Col xs={24} xl={16}>
          <BoardChart
            title={t('p.months')}
            testId="chart-purchase-months"
            categories={(d?.months ?? []).map((m) => m.month)}
            series={[
              { name: t('p.ordered'), type: 'bar', data: (d?.months ?? []).map((m) => num(m.ordered)), link: links.openOrders },
              { name: t('p.received'), type: 'bar', data: (d?.months ?? []).map((m) => num(m.received)), link: links.months },
            ]}
            extra={<RefreshButton onClick={() => void q.refetch()} loading={q.isFetching} />}
          />
        </Col>
        <Col xs={24} xl={8}>
          <BoardChart
            title={t('p.openOrders')}
            testId="chart-open-orders"
            categories={[t('p.openOrders'), t('p.lateLines'), t('p.requests')]}
            categoryLinks={[links.openOrders, links.lateLines, links.requests]}
            series={[{ name: t('p.count'), type: 'bar', data: [d?.openOrders ?? 0, d?.lateLines ?? 0, d?.requestsAwaiting ?? 0] }]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <BoardChart
            title={t('p.topSuppliers')}
            testId="chart-suppliers"
            categories={top.map((s) => s.name)}
            series={[{ name: t('p.received'), type: 'bar', data: top.map((s) => num(s.amount)), link: links.suppliers }]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <BoardChart
            title={t('p.rates')}
            testId="chart-rates"
            categories={top.map((s) => s.name)}
            series={[
              { name: t('p.onTime'), type: 'bar', data: top.map((s) => s.onTimeRate), link: links.rates },
              { name: t('p.pass'), type: 'bar', data: top.map((s) => s.passRate), link: links.rates },
            ]}
          />
        </Col>
      </Row>
    </div>
  );
}
