import { App, Button, Progress, Space, Tabs } from 'antd';
import { ENTITIES } from '@erp/entities/definitions';
import { Decimal } from 'decimal.js';
import type { ScreenProps } from '../../shell/screen.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { failureText } from '../../platform/crud/file-transfer.ts';
import type { Row } from '../../platform/crud/crud-types.ts';
import { sfApi } from './sf-api.ts';
import { useSfT } from './sf-i18n.ts';
import { ACTIONS, type Action } from './workstation-actions.ts';
import { useTaskT } from '../manufacturing/index.ts';

/** Share of the order quantity reported good, 0–100 (decimal, then rounded for the bar). */
function percent(row: Row): number {
  const q = new Decimal(String(row.quantity ?? 0));
  if (q.lte(0)) return 0;
  return Math.min(100, new Decimal(String(row.goodQty ?? 0)).div(q).times(100).toDecimalPlaces(0).toNumber());
}

/**
 * 生产任务: two tabs — the work orders as a task list (below), and the day plan's production tasks (日排产: one per work
 * order, day and team; the kit's list of productionTask, the team and quantity editable).
 */
export function TaskPage({ path, title }: ScreenProps) {
  const { t } = useTaskT();
  return (
    <Tabs
      items={[
        { key: 'wo', label: <span data-entity-tab="workOrder">{t('workOrdersTab')}</span>, children: <WorkOrderTasks path={path} title={title} /> },
        {
          key: 'tasks',
          // a screen with several entity lists in tabs marks each tab with its entity (e2e/entity-pages.test.ts opens it)
          label: <span data-entity-tab="productionTask">{t('tasksTab')}</span>,
          children: (
            <EntityListPage entity={ENTITIES.productionTask} path={path} title={title} features={{ add: false, edit: true, delete: false, import: false }} />
          ),
        },
      ]}
    />
  );
}

/**
 * The work orders as a task list (the kit's list of workOrder, not editable here — they come from a released make
 * order), each row with its progress and the start / pause / resume / finish of the workstation.
 */
function WorkOrderTasks({ path, title }: ScreenProps) {
  const { t } = useSfT();
  const { message } = App.useApp();
  const act = async (row: Row, a: Action, reload: () => void) => {
    try {
      message.success((await sfApi.execute(row.id, a)).message);
      reload();
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  return (
    <EntityListPage
      entity={ENTITIES.workOrder}
      path={path}
      title={title}
      features={{ add: false, edit: false, delete: false, import: false }}
      extraColumns={[
        {
          key: 'progress',
          title: t('progress'),
          width: 150,
          render: (_v, row) => <Progress percent={percent(row)} size="small" data-testid="task-progress" />,
        },
      ]}
      rowActions={(row, reload) => (
        <Space size={0} data-testid="task-actions">
          {(ACTIONS[String(row.status ?? 'planned')] ?? []).map((a) => (
            <Button key={a} type="link" size="small" onClick={() => void act(row, a, reload)} data-testid={`task-${a}`}>
              {t(a)}
            </Button>
          ))}
        </Space>
      )}
    />
  );
}
