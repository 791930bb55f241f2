import { Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { reportApi } from './report-api.ts';
import { useReportT } from './report-i18n.ts';
import { Bar, Figure, PanelTable, Refresh } from './panel-parts.tsx';
import { money, qty } from '../../../platform/format.ts';

interface DepotRow {
  depotId: number;
  depotName: string;
  qty: number;
  value: number | null;
  items: number;
}
interface BelowRow {
  materialId: number;
  materialName: string;
  barCode: string | null;
  depotId: number;
  depotName: string;
  lowSafeStock: number;
  currentStock: number;
  shortfall: number;
}
interface DepotPanelData {
  depots: DepotRow[];
  totals: { qty: number; value: number | null; items: number };
  belowSafety: { count: number; rows: BelowRow[] };
  movements: { todayIn: number; todayOut: number; monthIn: number; monthOut: number };
}

/** 仓库看板 (GET /depot/panelData): stock by warehouse, items below safety stock, today's and this month's documents. */
export function DepotPanel() {
  const { t } = useReportT();
  const q = useQuery({ queryKey: ['depot-panel'], queryFn: () => reportApi.get<DepotPanelData>('/depot/panelData'), staleTime: 0 });
  const d = q.data;
  const m = d?.movements;
  return (
    <div data-testid="depot-panel" data-updated={q.dataUpdatedAt}>
      <Refresh onClick={() => void q.refetch()} loading={q.isFetching} />
      <Row gutter={[12, 12]}>
        <Figure title={t('panel.stockQty')} value={d?.totals.qty} testId="panel-stockQty" />
        <Figure title={t('panel.stockValue')} value={d?.totals.value} money testId="panel-stockValue" />
        <Figure title={t('panel.items')} value={d?.totals.items} testId="panel-items" />
        <Figure title={t('panel.belowSafety')} value={d?.belowSafety.count} testId="panel-belowSafety" color="#cf1322" />
        <Figure title={t('panel.todayIn')} value={m?.todayIn} testId="panel-todayIn" />
        <Figure title={t('panel.todayOut')} value={m?.todayOut} testId="panel-todayOut" />
        <Figure title={t('panel.monthIn')} value={m?.monthIn} testId="panel-monthIn" />
        <Figure title={t('panel.monthOut')} value={m?.monthOut} testId="panel-monthOut" />
        <Col xs={24} xl={12}>
          <PanelTable<DepotRow>
            title={t('panel.byDepot')}
            rows={d?.depots}
            rowKey={(r) => r.depotId}
            loading={q.isFetching}
            testId="panel-depots"
            columns={[
              { key: 'depotName', dataIndex: 'depotName', title: t('col.depotName') },
              { key: 'qty', dataIndex: 'qty', title: t('col.qty'), align: 'right', render: qty },
              ...(d?.totals.value === null ? [] : [{ key: 'value', dataIndex: 'value', title: t('col.value'), align: 'right' as const, render: money }]),
              { key: 'share', title: t('panel.share'), width: 160, render: (_v, r) => <Bar value={r.qty} max={d?.totals.qty ?? 0} /> },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <PanelTable<BelowRow>
            title={t('panel.belowTitle')}
            rows={d?.belowSafety.rows}
            rowKey={(r) => `${r.materialId}-${r.depotId}`}
            loading={q.isFetching}
            testId="panel-below"
            columns={[
              { key: 'materialName', dataIndex: 'materialName', title: t('col.materialName') },
              { key: 'depotName', dataIndex: 'depotName', title: t('col.depotName') },
              { key: 'lowSafeStock', dataIndex: 'lowSafeStock', title: t('col.lowSafeStock'), align: 'right', render: qty },
              { key: 'currentStock', dataIndex: 'currentStock', title: t('col.currentStock'), align: 'right', render: qty },
              { key: 'shortfall', dataIndex: 'shortfall', title: t('col.shortfall'), align: 'right', render: qty },
            ]}
          />
        </Col>
      </Row>
    </div>
  );
}
