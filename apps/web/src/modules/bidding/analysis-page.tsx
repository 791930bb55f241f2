import { Card, Col, Row, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { money } from '../../platform/format.ts';
import { bidApi, type Analysis } from './bid-api.ts';
import { useBidT } from './bid-i18n.ts';
import { BidStatusTag } from './status-tag.tsx';

/** 中标明细: every decided project with our price, the winner and the gap; the win rate overall and per tendering party. */
export function AnalysisPage(_: ScreenProps) {
  const { t } = useBidT();
  const a = useQuery({ queryKey: ['bid', 'analysis'], queryFn: bidApi.analysis }).data;
  return (
    <Row gutter={[12, 12]} data-testid="bid-analysis-page">
      <Col xs={24} md={8}>
        <Card size="small">
          <Statistic title={t('winRate')} value={a?.winRate ?? '-'} suffix={a?.winRate ? '%' : undefined} />
          <div>
            {t('won')} {a?.won ?? 0} · {t('lost')} {a?.lost ?? 0}
          </div>
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Card size="small" title={t('byParty')}>
          <Table
            rowKey="party"
            size="small"
            pagination={false}
            dataSource={a?.byParty ?? []}
            columns={[
              { title: t('tenderer'), dataIndex: 'party' },
              { title: t('won'), dataIndex: 'won', align: 'right' },
              { title: t('lost'), dataIndex: 'lost', align: 'right' },
              { title: t('winRate'), dataIndex: 'winRate', align: 'right', render: (v: string | null) => (v ? `${v}%` : '') },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24}>
        <Card size="small">
          <Table<Analysis['projects'][number]>
            rowKey="id"
            size="middle"
            bordered
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={a?.projects ?? []}
            columns={[
              { title: t('name'), dataIndex: 'name' },
              { title: t('status'), dataIndex: 'status', render: (s) => <BidStatusTag status={s} /> },
              { title: t('tenderer'), dataIndex: 'tendererName' },
              { title: t('resultDate'), dataIndex: 'resultDate' },
              { title: t('bidders'), dataIndex: 'bidders', align: 'right' },
              { title: t('ourPrice'), dataIndex: 'ourPrice', align: 'right', render: money },
              { title: t('winnerName'), dataIndex: 'winnerName' },
              { title: t('winningPrice'), dataIndex: 'winningPrice', align: 'right', render: money },
              { title: t('lowestPrice'), dataIndex: 'lowestPrice', align: 'right', render: money },
              { title: t('gap'), dataIndex: 'gapPercent', align: 'right', render: (v: string | null) => (v == null ? '' : `${v}%`) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
