import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { reportApi } from './report-api.ts';
import { useReportT } from './report-i18n.ts';

const KINDS = [
  ['belowMin', '#cf1322'],
  ['aboveMax', '#d46b08'],
  ['expiring', '#d4b106'],
  ['expired', '#8c8c8c'],
] as const;

/** The inventory alert counts (GET /depot/inventoryAlerts) above the warning list. */
export function AlertCounts() {
  const { t } = useReportT();
  const counts = useQuery({ queryKey: ['inventory-alerts'], queryFn: () => reportApi.get<Record<string, number>>('/depot/inventoryAlerts'), staleTime: 0 });
  return (
    <Row gutter={12} style={{ marginBottom: 12 }} data-testid="alert-counts">
      {KINDS.map(([k, color]) => (
        <Col key={k} xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t(`alerts.${k}`)} value={counts.data?.[k] ?? '—'} styles={{ content: { color } }} data-testid={`alert-${k}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
