import { Col, Row, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { BoardChart, LinkFigure, RefreshButton } from './board-parts.tsx';
import { useBoardT } from './board-i18n.ts';
import { useTodoCount } from '../workflow/index.ts';

interface DocFigure {
  key: string;
  link: string;
  todayDocs: number;
  monthDocs: number;
  todayAmount: string | null;
  monthAmount: string | null;
}
interface WorkbenchData {
  global: { unaudited: number; alerts: number; figures: DocFigure[] };
  business: { openSaleOrders: number; openPurchaseOrders: number; figures: DocFigure[] };
  depot: { todayInQty: string; todayOutQty: string; todayItems: number; belowSafety: number; expiring: number; figures: DocFigure[] };
}

/** Today's and this month's documents of a workbench, as a chart whose bars open each type's list. */
function DocsChart({ figures, testId }: { figures: DocFigure[]; testId: string }) {
  const { t } = useBoardT();
  return (
    <BoardChart
      title={`${t('todayDocs')} / ${t('monthDocs')}`}
      testId={testId}
      categories={figures.map((f) => t(`docs.${f.key}`))}
      categoryLinks={figures.map((f) => f.link)}
      series={[
        { name: t('todayDocs'), type: 'bar', data: figures.map((f) => f.todayDocs) },
        { name: t('monthDocs'), type: 'bar', data: figures.map((f) => f.monthDocs) },
      ]}
    />
  );
}

/** 工作台 (GET /board/workbenchData): the global, business and depot workbenches as tabs. */
export function WorkbenchPage() {
  const { t } = useBoardT();
  const q = useQuery({ queryKey: ['board-workbench'], queryFn: async () => unwrap(await http.get<WorkbenchData>('/board/workbenchData')), staleTime: 0 });
  const d = q.data;
  const todo = useTodoCount();
  const amounts = (fs: DocFigure[] = [], prefix: string) =>
    fs.map((f) => (
      <LinkFigure key={f.key} title={`${t(`docs.${f.key}`)} · ${t('monthAmount')}`} value={f.monthAmount} link={f.link} money testId={`${prefix}-${f.key}`} />
    ));
  const items = [
    {
      key: 'global',
      label: t('tabs.global'),
      children: (
        <Row gutter={[12, 12]}>
          <LinkFigure title={todo.title} value={todo.count} link={todo.link} testId="wb-todo" />
          <LinkFigure title={t('unaudited')} value={d?.global.unaudited} link="/bill/sale_out" testId="wb-unaudited" />
          <LinkFigure title={t('alerts')} value={d?.global.alerts} link="/depot/inventory_alert" testId="wb-alerts" warn />
          {amounts(d?.global.figures, 'wb-global')}
          <Col span={24}>
            <DocsChart figures={d?.global.figures ?? []} testId="chart-wb-global" />
          </Col>
        </Row>
      ),
    },
    {
      key: 'business',
      label: t('tabs.business'),
      children: (
        <Row gutter={[12, 12]}>
          <LinkFigure title={t('openSaleOrders')} value={d?.business.openSaleOrders} link="/bill/sale_order" testId="wb-openSaleOrders" />
          <LinkFigure title={t('openPurchaseOrders')} value={d?.business.openPurchaseOrders} link="/bill/purchase_order" testId="wb-openPurchaseOrders" />
          {amounts(d?.business.figures, 'wb-business')}
          <Col span={24}>
            <DocsChart figures={d?.business.figures ?? []} testId="chart-wb-business" />
          </Col>
        </Row>
      ),
    },
    {
      key: 'depot',
      label: t('tabs.depot'),
      children: (
        <Row gutter={[12, 12]}>
          <LinkFigure title={t('todayInQty')} value={d?.depot.todayInQty} link="/report/in_out_summary" testId="wb-todayInQty" />
          <LinkFigure title={t('todayOutQty')} value={d?.depot.todayOutQty} link="/report/in_out_summary" testId="wb-todayOutQty" />
          <LinkFigure title={t('alerts')} value={d?.depot.belowSafety} link="/report/stock_warning" testId="wb-belowSafety" warn />
          <LinkFigure title={t('expiring')} value={d?.depot.expiring} link="/report/batch_inventory" testId="wb-expiring" warn />
          <Col span={24}>
            <DocsChart figures={d?.depot.figures ?? []} testId="chart-wb-depot" />
          </Col>
        </Row>
      ),
    },
  ];
  return (
    <div data-testid="board-workbench" data-updated={q.dataUpdatedAt}>
      <Tabs items={items} tabBarExtraContent={<RefreshButton onClick={() => void q.refetch()} loading={q.isFetching} />} />
    </div>
  );
}
