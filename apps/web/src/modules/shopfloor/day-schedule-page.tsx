import { useState } from 'react';
import { App, Button, Card, Col, DatePicker, Empty, Popconfirm, Row, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScreenProps } from '../../shell/screen.ts';
import { qty } from '../../platform/format.ts';
import { sfApi, type DayBar } from './sf-api.ts';
import { useSfT } from './sf-i18n.ts';
import { DayTasks } from '../manufacturing/index.ts';
import { useSaving } from '../../platform/use-saving.ts';

const STATUS_COLOR: Record<string, string> = { planned: 'default', released: 'blue', started: 'green', paused: 'orange' };
const FMT = 'YYYY-MM-DD HH:mm:ss';

/** HH:mm when the moment is on the day shown, else MM-DD HH:mm (an operation that runs over midnight). */
const at = (s: string, day: string) => (s.startsWith(day) ? s.slice(11, 16) : s.slice(5, 16));

/**
 * 日排产: one day of the finite-capacity schedule, work centre by work centre — what each runs and when, the
 * conflicts flagged; the day can be scheduled again (forward from now) and moved back and forth.
 */
export function DaySchedulePage(_: ScreenProps) {
  const { t } = useSfT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [day, setDay] = useState<Dayjs>(() => dayjs().startOf('day'));
  const key = day.format('YYYY-MM-DD');
  const q = useQuery({
    queryKey: ['shopfloor', 'day', key],
    queryFn: () => sfApi.day(day.format(FMT), day.add(1, 'day').format(FMT)),
  });
  const [busy, whileSaving] = useSaving();
  const reschedule = async () => {
    await whileSaving(async () => {
      const r = await sfApi.scheduleForward();
      message.success(t('scheduled', { n: r.scheduled }));
      await qc.invalidateQueries({ queryKey: ['shopfloor', 'day'] });
    });
  };
  const conflicted = new Set((q.data?.conflicts ?? []).map((c) => c.id));
  const centres = (q.data?.centres ?? [])
    .map((c) => ({ ...c, bars: (q.data?.bars ?? []).filter((b) => b.workCentreId === c.id) }))
    .filter((c) => c.bars.length);
  const columns = [
    { key: 'time', title: t('time'), width: 130, render: (_: unknown, b: DayBar) => `${at(b.plannedStart, key)} – ${at(b.plannedEnd, key)}` },
    {
      key: 'woNo',
      title: t('woNo'),
      render: (_: unknown, b: DayBar) => (
        <Space size={4} wrap>
          <span>{b.woNo}</span>
          {conflicted.has(b.id) && <Tag color="red">{t('conflict')}</Tag>}
        </Space>
      ),
    },
    { key: 'product', title: t('product'), dataIndex: 'materialName' },
    { key: 'qty', title: t('qty'), width: 90, align: 'right' as const, render: (_: unknown, b: DayBar) => qty(b.quantity) },
    { key: 'status', title: t('status'), width: 90, render: (_: unknown, b: DayBar) => <Tag color={STATUS_COLOR[b.status]}>{t(`s.${b.status}`)}</Tag> },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="day-schedule">
      <Space wrap>
        <Button onClick={() => setDay((d) => d.subtract(1, 'day'))} data-testid="day-prev">
          {t('prevDay')}
        </Button>
        <DatePicker value={day} allowClear={false} onChange={(d) => d && setDay(d.startOf('day'))} data-testid="day-pick" />
        <Button onClick={() => setDay((d) => d.add(1, 'day'))} data-testid="day-next">
          {t('nextDay')}
        </Button>
        <Popconfirm title={t('runScheduleConfirm')} onConfirm={() => reschedule()}>
          <Button type="primary" loading={busy} data-testid="day-run">
            {t('runSchedule')}
          </Button>
        </Popconfirm>
      </Space>
      {!q.isLoading && centres.length === 0 && (
        <Card>
          <Empty description={t('nothingPlanned')} />
        </Card>
      )}
      <Row gutter={[12, 12]}>
        {centres.map((c) => (
          <Col key={c.id} xs={24} xl={12}>
            <Card size="small" title={c.name} extra={t('ops', { n: c.bars.length })} data-testid="day-centre">
              <Table<DayBar> rowKey="id" size="small" pagination={false} columns={columns} dataSource={c.bars} scroll={{ x: 520 }} />
            </Card>
          </Col>
        ))}
      </Row>
      <DayTasks day={key} />
    </Space>
  );
}
