import { App, Button, Card, Col, Empty, Popconfirm, Row, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Decimal } from 'decimal.js';
import { http, unwrap } from '../../platform/http.ts';
import { qty } from '../../platform/format.ts';
import { useTaskT } from './task-i18n.ts';
import { useSizeT } from './size-i18n.ts';
import { sizeApi } from './size-api.ts';
import { SizesLink } from './size-grid-view.tsx';
import { useSaving } from '../../platform/use-saving.ts';

export interface DayTask {
  id: number;
  taskNo: string;
  woNo: string;
  materialName: string;
  color: string | null;
  standard: string | null;
  workCentreId: number;
  centreName: string;
  teamId: number | null;
  teamName: string | null;
  quantity: string;
  reportedQty: string;
  startAt: string | null;
  endAt: string | null;
  status: 'open' | 'done';
}

const taskApi = {
  day: async (day: string) => unwrap(await http.get<{ day: string; tasks: DayTask[]; quantity: string }>('/productionTask/dayPlan', { day })),
  generate: async (from: string, to: string) => unwrap(await http.post<{ created: number; removed: number }>('/productionTask/generate', { from, to })),
};

/** The day's tasks grouped by work centre and team (key `centre:team`), in the server's order. */
function byTeam(tasks: DayTask[]) {
  const groups = new Map<string, { key: string; centre: string; team: string | null; tasks: DayTask[] }>();
  for (const x of tasks) {
    const key = `${x.workCentreId}:${x.teamId ?? ''}`;
    if (!groups.has(key)) groups.set(key, { key, centre: x.centreName, team: x.teamName, tasks: [] });
    groups.get(key)!.tasks.push(x);
  }
  return [...groups.values()];
}

/**
 * 日排产's day plan: the production tasks of one day by work centre and team — what each team makes, how many, when,
 * and how much is reported; 生成日计划 splits the schedule into tasks for the week starting that day.
 */
export function DayTasks({ day }: { day: string }) {
  const { t } = useTaskT();
  const { t: st } = useSizeT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['mfg', 'dayTasks', day], queryFn: () => taskApi.day(day) });
  const [busy, whileSaving] = useSaving();
  const generate = async () => {
    await whileSaving(async () => {
      const r = await taskApi.generate(day, dayjs(day).add(6, 'day').format('YYYY-MM-DD'));
      message.success(t('generated', r));
      await qc.invalidateQueries({ queryKey: ['mfg', 'dayTasks'] });
    });
  };
  const columns = [
    { key: 'time', title: t('time'), width: 110, render: (_: unknown, x: DayTask) => `${x.startAt?.slice(11, 16) ?? ''} – ${x.endAt?.slice(11, 16) ?? ''}` },
    { key: 'woNo', title: t('woNo'), dataIndex: 'woNo' },
    {
      key: 'product',
      title: t('product'),
      render: (_: unknown, x: DayTask) => (
        <>
          {x.materialName}
          {x.color && x.standard && (
            <SizesLink queryKey={['mfg', 'taskSizes', x.id]} title={st('taskTitle', { no: x.taskNo, day })} load={() => sizeApi.task(x.id)} />
          )}
        </>
      ),
    },
    { key: 'qty', title: t('qty'), width: 90, align: 'right' as const, render: (_: unknown, x: DayTask) => qty(x.quantity) },
    { key: 'rep', title: t('reported'), width: 90, align: 'right' as const, render: (_: unknown, x: DayTask) => qty(x.reportedQty) },
    {
      key: 'status',
      title: t('status'),
      width: 80,
      render: (_: unknown, x: DayTask) => <Tag color={x.status === 'done' ? 'green' : 'blue'}>{t(x.status)}</Tag>,
    },
  ];
  const groups = byTeam(q.data?.tasks ?? []);
  return (
    <Card
      size="small"
      title={t('title')}
      data-testid="day-tasks"
      extra={
        <Popconfirm title={t('generateConfirm')} onConfirm={() => generate()}>
          <Button loading={busy} data-testid="day-tasks-generate">
            {t('generate')}
          </Button>
        </Popconfirm>
      }
    >
      {!q.isLoading && groups.length === 0 && <Empty description={t('none')} />}
      <Row gutter={[12, 12]}>
        {groups.map((g) => (
          <Col key={g.key} xs={24} xl={12}>
            <Card
              size="small"
              type="inner"
              data-testid="day-team"
              title={
                <Space size={4} wrap>
                  <span>{g.centre}</span>
                  <Tag>{g.team ?? t('noTeam')}</Tag>
                </Space>
              }
              extra={t('total', { qty: qty(g.tasks.reduce((a, x) => a.plus(x.quantity), new Decimal(0)).toFixed()) })}
            >
              <Table<DayTask> rowKey="id" size="small" pagination={false} columns={columns} dataSource={g.tasks} scroll={{ x: 560 }} />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
