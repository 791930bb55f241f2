import { Button, Card, Row } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { LinkFigure } from '../../platform/link-figure.tsx';
import { useMfgT } from './mfg-i18n.ts';
import type { WorkbenchFigures as Figures } from './panel-api.ts';

/** 生产工作台 (GET /manufacture/workbenchData, issue 16): what waits on a planner, each figure opening its list. */
export function ManufacturingWorkbench() {
  const { t } = useMfgT();
  const q = useQuery({
    queryKey: ['mfg-workbench'],
    queryFn: async () => unwrap(await http.get<Figures>('/manufacture/workbenchData')),
    staleTime: 0,
  });
  const d = q.data;
  return (
    <Card
      size="small"
      data-testid="mfg-workbench"
      title={d?.lastPlanDate ? t('wb.lastRun', { date: d.lastPlanDate }) : t('noRun')}
      extra={<Button size="small" icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()} aria-label={t('wb.reload')} />}
    >
      <Row gutter={[12, 12]}>
        <LinkFigure title={t('wb.draftOrders')} value={d?.draftOrders} link="/manufacture/make_order" testId="mfgwb-draft" />
        <LinkFigure title={t('wb.releasedOrders')} value={d?.releasedOrders} link="/manufacture/make_order" testId="mfgwb-released" />
        <LinkFigure title={t('wb.openWorkOrders')} value={d?.openWorkOrders} link="/productionManagement/workOrder" testId="mfgwb-open" />
        <LinkFigure title={t('wb.startedWorkOrders')} value={d?.startedWorkOrders} link="/productionManagement/workOrder" testId="mfgwb-started" />
        <LinkFigure title={t('wb.lateWorkOrders')} value={d?.lateWorkOrders} link="/productionManagement/scheduleProduction" warn testId="mfgwb-late" />
        <LinkFigure title={t('wb.plannedMake')} value={d?.plannedMake} link="/manufacture/production_needs" warn testId="mfgwb-make" />
        <LinkFigure title={t('wb.plannedBuy')} value={d?.plannedBuy} link="/manufacture/production_needs" warn testId="mfgwb-buy" />
      </Row>
    </Card>
  );
}
