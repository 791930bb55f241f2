import { Button, Card, Col, Row, Space } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../../shell/screen.ts';
import { LinkFigure } from '../../platform/link-figure.tsx';
import { qty } from '../../platform/format.ts';
import { panelApi } from './panel-api.ts';
import { usePanelT } from './panel-i18n.ts';

const SHORTCUTS: Array<[string, string]> = [
  ['makeOrder', '/manufacture/make_order'],
  ['needs', '/manufacture/production_needs'],
  ['gantt', '/productionManagement/scheduleProduction'],
  ['day', '/manufacture/day_schedule'],
  ['tasks', '/manufacture/production_task'],
  ['reporting', '/productionManagement/reporting'],
  ['panel', '/manufacture/data_panel'],
  ['workbench', '/manufacture/workbench'],
];

/**
 * The production head's workbench (make-global, GET /manufacture/makeGlobalData): to-dos, key figures and shortcuts,
 * each opening its list.
 */
export function MakeGlobalPage(_: ScreenProps) {
  const { t } = usePanelT();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['mfg', 'makeGlobal'], queryFn: panelApi.global, staleTime: 0 });
  const d = q.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="mfg-make-global">
      <Card
        size="small"
        title={t('todo')}
        extra={
          <Space size={8}>
            <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{d?.lastPlanDate ? t('lastRun', { date: d.lastPlanDate }) : t('noRun')}</span>
            <Button size="small" icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()} aria-label={t('reload')} />
          </Space>
        }
      >
        <Row gutter={[12, 12]}>
          <LinkFigure title={t('draftOrders')} value={d?.draftOrders} link="/manufacture/make_order" testId="mg-draft" />
          <LinkFigure
            title={t('proposals')}
            value={d ? d.plannedMake + d.plannedBuy : undefined}
            link="/manufacture/production_needs"
            warn
            testId="mg-proposals"
          />
          <LinkFigure title={t('lateWorkOrders')} value={d?.lateWorkOrders} link="/productionManagement/scheduleProduction" warn testId="mg-late" />
          <LinkFigure
            title={t('heldWorkOrders')}
            value={d?.heldWorkOrders}
            link="/productionManagement/workOrder"
            warn
            note={t('heldQty', { qty: qty(d?.heldQty ?? '0') })}
            testId="mg-held"
          />
          <LinkFigure
            title={t('tasksToday')}
            value={d?.tasksToday}
            link="/manufacture/day_schedule"
            note={t('tasksDone', { n: d?.tasksTodayDone ?? 0 })}
            testId="mg-tasks"
          />
        </Row>
      </Card>
      <Card size="small" title={t('figures')}>
        <Row gutter={[12, 12]}>
          <LinkFigure title={t('outputToday')} value={d?.outputToday} link="/productionManagement/reporting" testId="mg-output-today" />
          <LinkFigure title={t('outputWeek')} value={d?.outputWeek} link="/manufacture/data_panel" testId="mg-output-week" />
          <LinkFigure title={t('releasedOrders')} value={d?.releasedOrders} link="/manufacture/make_order" testId="mg-released" />
          <LinkFigure title={t('openWorkOrders')} value={d?.openWorkOrders} link="/productionManagement/workOrder" testId="mg-open" />
          <LinkFigure title={t('lateOrders')} value={d?.lateOrders} link="/manufacture/make_order" warn testId="mg-late-orders" />
        </Row>
      </Card>
      <Card size="small" title={t('shortcuts')}>
        <Row gutter={[8, 8]}>
          {SHORTCUTS.map(([key, link]) => (
            <Col key={key} xs={12} md={6}>
              <Button block onClick={() => void navigate(link)} data-testid={`mg-go-${key}`}>
                {t(`go.${key}`)}
              </Button>
            </Col>
          ))}
        </Row>
      </Card>
    </Space>
  );
}
