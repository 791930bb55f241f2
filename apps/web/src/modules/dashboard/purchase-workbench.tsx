import { Badge, Button, Card, Col, Empty, List, Row, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { http, unwrap } from '../../platform/http.ts';
import { LinkFigure, RefreshButton } from './board-parts.tsx';
import { useBoardT } from './board-i18n.ts';

/** One to-do or figure (server: modules/system/board/purchase-workbench.service.ts); amounts null when masked. */
interface Item {
  key: string;
  count?: number;
  orders?: number;
  amount?: string | null;
  link: string;
}
interface PurchaseWorkbenchData {
  todos: Item[];
  figures: Item[];
  shortcuts: Array<{ key: string; link: string }>;
}

/** 采购工作台 (GET /board/purchaseWorkbenchData): the buyer's to-dos, this month's key figures and shortcuts; each opens its list. */
export function PurchaseWorkbench() {
  const { t } = useBoardT();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['board-purchase-workbench'],
    queryFn: async () => unwrap(await http.get<PurchaseWorkbenchData>('/board/purchaseWorkbenchData')),
    staleTime: 0,
  });
  const d = q.data;
  const todos = d?.todos ?? [];
  return (
    <div data-testid="purchase-workbench" data-updated={q.dataUpdatedAt}>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('pw.todos')} extra={<RefreshButton onClick={() => void q.refetch()} loading={q.isFetching} />} style={{ height: '100%' }}>
            {d && !todos.some((x) => x.count) ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pw.allDone')} />
            ) : (
              <List
                size="small"
                loading={q.isFetching && !d}
                dataSource={todos}
                renderItem={(x) => (
                  <List.Item
                    style={{ cursor: 'pointer' }}
                    onClick={() => void navigate(x.link)}
                    data-testid={`pw-todo-${x.key}`}
                    data-count={x.count}
                    extra={
                      <Badge count={x.count} showZero color={x.count ? (x.key === 'lateLines' ? '#cf1322' : '#fa8c16') : '#d9d9d9'} overflowCount={9999} />
                    }
                  >
                    <span>
                      {t(`pw.${x.key}`)}
                      {x.orders ? <span style={{ color: '#888' }}> · {t('pw.lateOrders', { count: x.orders })}</span> : null}
                    </span>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('pw.figures')}>
            <Row gutter={[12, 12]}>
              {(d?.figures ?? []).map((f) => (
                <LinkFigure
                  key={f.key}
                  title={t(`pw.${f.key}`)}
                  value={f.amount !== undefined ? f.amount : f.count}
                  money={f.amount !== undefined}
                  link={f.link}
                  testId={`pw-fig-${f.key}`}
                />
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title={t('pw.shortcuts')}>
            <Space wrap>
              {(d?.shortcuts ?? []).map((s) => (
                <Button key={s.key} onClick={() => void navigate(s.link)} data-testid={`pw-go-${s.key}`}>
                  {t(`pw.${s.key}`)}
                </Button>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
