import { Alert, Card, Col, List, Row, Space, Statistic, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { money } from '../../platform/format.ts';
import { bidApi } from './bid-api.ts';
import { useBidT } from './bid-i18n.ts';
import { BidStatusTag } from './status-tag.tsx';

/** 投标工作台: the counts by status, the registrations and openings of the next two weeks, applications to handle, deposits to recover. */
export function WorkbenchPage(_: ScreenProps) {
  const { t } = useBidT();
  const w = useQuery({ queryKey: ['bid', 'workbench'], queryFn: bidApi.workbench }).data;
  return (
    <Row gutter={[12, 12]} data-testid="bid-workbench-page">
      <Col xs={24}>
        <Card size="small">
          <Space wrap size="large">
            {(w?.counts ?? []).map((c) => (
              <Space key={c.status} size={4}>
                <BidStatusTag status={c.status} />
                <b>{c.count}</b>
              </Space>
            ))}
            <Statistic title={t('depositOutstanding')} value={money(w?.depositOutstanding ?? '0')} />
          </Space>
        </Card>
      </Col>
      {!!w?.depositOverdue && (
        <Col xs={24}>
          <Alert type="warning" showIcon message={t('overdueWarn', { n: w.depositOverdue, days: 30 })} />
        </Col>
      )}
      <Col xs={24} lg={8}>
        <Card size="small" title={`${t('due')}（${w?.from ?? ''} ~ ${w?.to ?? ''}）`}>
          <List
            size="small"
            dataSource={w?.due ?? []}
            renderItem={(p) => (
              <List.Item>
                <Space wrap>
                  <BidStatusTag status={p.status} />
                  {p.name}
                  {p.registrationDeadline && `${t('registrationDeadline')} ${p.registrationDeadline}`}
                  {p.openingDate && `${t('openingDate')} ${p.openingDate}`}
                </Space>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={t('pending')}>
          <List
            size="small"
            dataSource={w?.pending ?? []}
            renderItem={(m) => (
              <List.Item>
                {m.number} · {m.projectName} · {money(m.amount)} <Tag>{t(`a.${m.status}`)}</Tag>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={t('toRecover')}>
          <List
            size="small"
            dataSource={w?.recover ?? []}
            renderItem={(r) => (
              <List.Item>
                {r.number} · {r.projectName} · {money(r.outstanding)} {r.overdue && <Tag color="red">{t('overdue')}</Tag>}
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
