import type { ReactNode } from 'react';
import { Button, Card, Col, Progress, Statistic, Table, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table';
import { useReportT } from './report-i18n.ts';

/** One figure of a panel; a figure the server withholds (price masking) shows '—'. */
export function Figure(props: { title: string; value: number | null | undefined; money?: boolean; suffix?: ReactNode; testId: string; color?: string }) {
  const v = props.value;
  return (
    <Col xs={12} md={8} xl={6}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic
          title={props.title}
          value={v === null || v === undefined ? '—' : v}
          precision={props.money && typeof v === 'number' ? 2 : undefined}
          suffix={props.suffix}
          styles={{ content: { color: props.color } }}
          data-testid={props.testId}
          data-value={v ?? ''}
        />
      </Card>
    </Col>
  );
}

/** A bar of a value against the largest in its table (no chart library: antd's Progress). */
export function Bar({ value, max }: { value: number; max: number }) {
  const pct = max > 0 ? Math.max(0, Math.round((value / max) * 100)) : 0;
  return <Progress percent={pct} size="small" showInfo={false} />;
}

/** A small titled table of a panel. */
export function PanelTable<T extends object>(props: {
  title: string;
  rows: T[] | undefined;
  columns: ColumnType<T>[];
  rowKey: (r: T) => string | number;
  testId: string;
  loading?: boolean;
}) {
  const { t } = useReportT();
  return (
    <Card size="small" title={props.title} style={{ height: '100%' }}>
      <Table<T>
        size="small"
        pagination={false}
        rowKey={props.rowKey}
        columns={props.columns}
        dataSource={props.rows ?? []}
        loading={props.loading}
        locale={{ emptyText: t('panel.none') }}
        data-testid={props.testId}
      />
    </Card>
  );
}

/** The panel's refresh button (a kept-alive tab does not reload by itself). */
export function Refresh({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useReportT();
  return (
    <div style={{ textAlign: 'right', marginBottom: 8 }}>
      <Tooltip title={t('panel.refresh')}>
        <Button icon={<ReloadOutlined />} loading={loading} onClick={onClick} aria-label={t('panel.refresh')} data-testid="panel-refresh" />
      </Tooltip>
    </div>
  );
}
