import { useState } from 'react';
import { Alert, Card, Col, InputNumber, Row, Space, Statistic, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { money } from '../../platform/format.ts';
import { bidApi, type SummaryRow } from './bid-api.ts';
import { useBidT } from './bid-i18n.ts';

/** 保证金汇总: the deposits still out (as the journal has them) by project and party, their age, and the overdue warning. */
export function SummaryPage(_: ScreenProps) {
  const { t } = useBidT();
  const [days, setDays] = useState(30);
  const s = useQuery({ queryKey: ['bid', 'summary', days], queryFn: () => bidApi.summary(days) }).data;
  const group = (title: string, rows: Array<{ id: number; name: string; outstanding: string; count: number }>) => (
    <Col xs={24} md={12}>
      <Card size="small" title={title}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('name'), dataIndex: 'name' },
            { title: t('count'), dataIndex: 'count', align: 'right' },
            { title: t('outstanding'), dataIndex: 'outstanding', align: 'right', render: money },
          ]}
        />
      </Card>
    </Col>
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="bid-summary-page">
      <Card size="small">
        <Space wrap size="large">
          <Statistic title={t('depositOutstanding')} value={money(s?.total ?? '0')} />
          <Statistic title={t('overdue')} value={s?.overdue ?? 0} valueStyle={{ color: s?.overdue ? '#cf1322' : undefined }} />
          <span>
            {t('overdueDays')} <InputNumber min={0} max={3650} value={days} onChange={(v) => setDays(v ?? 30)} />
          </span>
        </Space>
      </Card>
      {!!s?.overdue && <Alert type="warning" showIcon message={t('overdueWarn', { n: s.overdue, days })} />}
      <Row gutter={[12, 12]}>
        {group(t('byProject'), s?.byProject ?? [])}
        {group(t('byParty'), s?.byPartner ?? [])}
      </Row>
      <Card size="small">
        <Table<SummaryRow>
          rowKey="id"
          size="middle"
          bordered
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={s?.rows ?? []}
          columns={[
            { title: t('number'), dataIndex: 'number' },
            { title: t('project'), dataIndex: 'projectName' },
            { title: t('tenderer'), dataIndex: 'partnerName' },
            { title: t('outstanding'), dataIndex: 'outstanding', align: 'right', render: money },
            { title: t('paidDate'), dataIndex: 'paidDate' },
            { title: t('age'), dataIndex: 'ageDays', align: 'right' },
            { title: t('resultDate'), dataIndex: 'resultDate' },
            { title: t('overdue'), dataIndex: 'overdue', render: (v: boolean) => (v ? <Tag color="red">{t('overdue')}</Tag> : null) },
          ]}
        />
      </Card>
    </Space>
  );
}
