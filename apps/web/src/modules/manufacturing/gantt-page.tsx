import { useCallback, useState } from 'react';
import { App, Button, Card, DatePicker, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScreenProps } from '../../shell/screen.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { mfgApi } from './mfg-api.ts';
import { useMfgT } from './mfg-i18n.ts';
import { GanttChart } from './gantt-chart.tsx';

const FMT = 'YYYY-MM-DD HH:mm:ss';

/** 排产甘特图: work orders by work centre on a canvas gantt, finite-capacity scheduling forward or backward, drag to reschedule, conflicts listed. */
export function GanttPage(_: ScreenProps) {
  const { t } = useMfgT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('day').subtract(1, 'day'), dayjs().startOf('day').add(14, 'day')]);
  const [renderMs, setRenderMs] = useState<number>();
  const from = range[0].format(FMT);
  const to = range[1].format(FMT);
  const q = useQuery({ queryKey: ['mfg-gantt', from, to], queryFn: () => mfgApi.gantt(from, to) });
  const act = async <T,>(call: Promise<T>, ok: (r: T) => string) => {
    try {
      message.success(ok(await call));
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
    void qc.invalidateQueries({ queryKey: ['mfg-gantt'] });
  };
  const onMove = useCallback((id: number, start: string) => void act(mfgApi.reschedule(id, start), (r) => t('moved', { start: r.plannedStart })), []);
  const conflicts = q.data?.conflicts ?? [];
  const names = new Map((q.data?.bars ?? []).map((b) => [b.id, b.woNo]));
  return (
    <Card size="small" data-testid="gantt-page">
      <Space wrap style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker showTime value={range} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        <Button onClick={() => void act(mfgApi.schedule('forward'), (r) => `${t('forward')} ${r.scheduled}`)}>{t('forward')}</Button>
        <Button onClick={() => void act(mfgApi.schedule('backward'), (r) => `${t('backward')} ${r.scheduled}`)}>{t('backward')}</Button>
        {conflicts.length ? <Tag color="red">{t('conflicts', { n: conflicts.length })}</Tag> : <Tag color="green">{t('noConflict')}</Tag>}
        {renderMs !== undefined && (
          <Typography.Text type="secondary" data-testid="gantt-render-ms" data-ms={Math.round(renderMs)}>
            {t('renderMs', { n: q.data?.bars.length ?? 0, ms: Math.round(renderMs) })}
          </Typography.Text>
        )}
      </Space>
      {conflicts.length > 0 && (
        <div style={{ marginBottom: 8 }} data-testid="gantt-conflicts">
          {conflicts.slice(0, 20).map((c) => (
            <Tag key={`${c.id}${c.kind}`} color="volcano">
              {names.get(c.id) ?? c.id} {t(`c.${c.kind}`)}
            </Tag>
          ))}
        </div>
      )}
      {q.data && <GanttChart data={q.data} from={from} to={to} centreTitle={t('centre')} woTitle={t('workOrder')} onMove={onMove} onRendered={setRenderMs} />}
    </Card>
  );
}
