import { Button, Card, Col, Row, Space, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { groupedMoney } from '../../platform/format.ts';
import { projectApi, type MoneyRow } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';

/** The project's P&L (from the journal; labour from the approved time entries) and its money records, with the full-page forms to add more. */
export function MoneyTab({ projectId }: { projectId: number }) {
  const { t, i18n } = useProjectT();
  const money = (v: unknown) => groupedMoney(v, i18n.language);
  const navigate = useNavigate();
  const pnl = useQuery({ queryKey: ['project', 'pnl', projectId], queryFn: () => projectApi.pnl(projectId) });
  const rows = useQuery({ queryKey: ['project', 'money', projectId], queryFn: () => projectApi.money(projectId) });
  const go = (page: string) => navigate(`/blank/${page}?projectId=${projectId}`);
  const stat = (key: 'income' | 'cost' | 'expense' | 'profit' | 'labour' | 'net') => (
    <Col xs={12} md={4} key={key}>
      <Card size="small">
        <Statistic title={t(key)} value={money(pnl.data?.[key] ?? '0')} data-testid={`pnl-${key}`} />
      </Card>
    </Col>
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Row gutter={[8, 8]}>{(['income', 'cost', 'expense', 'profit', 'labour', 'net'] as const).map(stat)}</Row>
      <Space wrap>
        <Button onClick={() => go('newCollection')} data-testid="go-collection">
          {t('newCollection')}
        </Button>
        <Button onClick={() => go('newPayment')}>{t('newPayment')}</Button>
        <Button onClick={() => go('newExpenses')} data-testid="go-expense">
          {t('newExpenses')}
        </Button>
        <Button onClick={() => go('newContracts')}>{t('newContracts')}</Button>
      </Space>
      <Table<MoneyRow>
        rowKey="id"
        size="small"
        dataSource={rows.data ?? []}
        scroll={{ x: 720 }}
        pagination={false}
        columns={[
          { title: t('billDate'), dataIndex: 'billDate', width: 110 },
          { title: t('status'), dataIndex: 'kind', width: 80, render: (k: MoneyRow['kind']) => t(`k.${k}`) },
          { title: t('number'), dataIndex: 'number', width: 150 },
          { title: t('amount'), dataIndex: 'amount', width: 120, align: 'right' as const, render: (v: string) => money(v) },
          { title: t('account'), dataIndex: 'accountName', width: 120 },
          { title: t('contract'), dataIndex: 'contractName', width: 120 },
          { title: t('remark'), dataIndex: 'remark' },
        ]}
      />
    </Space>
  );
}
