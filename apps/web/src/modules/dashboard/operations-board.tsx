import { Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { BoardChart, LinkFigure, RefreshButton } from './board-parts.tsx';
import { useBoardT } from './board-i18n.ts';

interface OperationsData {
  days: Array<{ day: string; sale: string; buy: string | null }>;
  months: { saleThis: string; saleLast: string; buyThis: string | null; buyLast: string | null };
  topCustomers: Array<{ organId: number; name: string; amount: string }>;
  owed: { receivable: string; payable: string | null };
  links: { sale: string; buy: string; customers: string; receivable: string; payable: string };
}

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** 经营看板 (GET /board/operationsData): 30 days of sales and purchases, the month against the last, top customers, what is owed. */
export function OperationsBoard() {
  const { t } = useBoardT();
  const q = useQuery({ queryKey: ['board-operations'], queryFn: async () => unwrap(await http.get<OperationsData>('/board/operationsData')), staleTime: 0 });
  const d = q.data;
  const links = d?.links ?? { sale: '/bill/sale_out', buy: '/bill/purchase_in', customers: '', receivable: '', payable: '' };
  return (
    <div data-testid="board-operations" data-updated={q.dataUpdatedAt}>
      <Row gutter={[12, 12]}>
        <LinkFigure title={`${t('sale')} · ${t('thisMonth')}`} value={d?.months.saleThis} link={links.sale} money testId="ops-saleThis" />
        <LinkFigure title={`${t('buy')} · ${t('thisMonth')}`} value={d?.months.buyThis} link={links.buy} money testId="ops-buyThis" />
        <LinkFigure title={t('receivable')} value={d?.owed.receivable} link={links.receivable} money testId="ops-receivable" />
        <LinkFigure title={t('payable')} value={d?.owed.payable} link={links.payable} money testId="ops-payable" />
        <Col xs={24} xl={16}>
          <BoardChart
            title={t('days30')}
            testId="chart-days"
            categories={(d?.days ?? []).map((x) => x.day.slice(5))}
            series={[
              { name: t('sale'), type: 'line', data: (d?.days ?? []).map((x) => num(x.sale)), link: links.sale },
              { name: t('buy'), type: 'line', data: (d?.days ?? []).map((x) => num(x.buy)), link: links.buy },
            ]}
            extra={<RefreshButton onClick={() => void q.refetch()} loading={q.isFetching} />}
          />
        </Col>
        <Col xs={24} xl={8}>
          <BoardChart
            title={t('monthCompare')}
            testId="chart-months"
            categories={[t('sale'), t('buy')]}
            categoryLinks={[links.sale, links.buy]}
            series={[
              { name: t('lastMonth'), type: 'bar', data: [num(d?.months.saleLast), num(d?.months.buyLast)] },
              { name: t('thisMonth'), type: 'bar', data: [num(d?.months.saleThis), num(d?.months.buyThis)] },
            ]}
          />
        </Col>
        <Col span={24}>
          <BoardChart
            title={t('topCustomers')}
            testId="chart-customers"
            categories={(d?.topCustomers ?? []).map((c) => c.name)}
            series={[{ name: t('sale'), type: 'bar', data: (d?.topCustomers ?? []).map((c) => Number(c.amount)), link: links.customers }]}
          />
        </Col>
      </Row>
    </div>
  );
}
