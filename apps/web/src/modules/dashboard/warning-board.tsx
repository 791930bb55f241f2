import { Col, Row, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../platform/http.ts';
import { BoardChart, LinkFigure, RefreshButton } from './board-parts.tsx';
import { useBoardT } from './board-i18n.ts';

interface WarningData {
  overdueDays: number;
  figures: Array<{ key: string; count: number; amount?: string | null; link: string }>;
}

/** 预警看板 (GET /board/warningData): what needs attention, each figure and bar opening its list. */
export function WarningBoard() {
  const { t } = useBoardT();
  const q = useQuery({ queryKey: ['board-warning'], queryFn: async () => unwrap(await http.get<WarningData>('/board/warningData')), staleTime: 0 });
  const figures = q.data?.figures ?? [];
  return (
    <div data-testid="board-warning" data-updated={q.dataUpdatedAt}>
      <Row gutter={[12, 12]}>
        {figures.map((f) => (
          <LinkFigure key={f.key} title={t(`f.${f.key}`)} value={f.count} link={f.link} testId={`warn-${f.key}`} warn />
        ))}
        {figures
          .filter((f) => f.amount !== undefined)
          .map((f) => (
            <LinkFigure key={`${f.key}-amount`} title={`${t(`f.${f.key}`)} ¥`} value={f.amount} link={f.link} money testId={`warn-${f.key}-amount`} />
          ))}
        <Col span={24}>
          <BoardChart
            title={t('warningChart')}
            testId="chart-warning"
            categories={figures.map((f) => t(`f.${f.key}`))}
            categoryLinks={figures.map((f) => f.link)}
            series={[{ name: t('warningChart'), type: 'bar', data: figures.map((f) => f.count) }]}
            extra={<RefreshButton onClick={() => void q.refetch()} loading={q.isFetching} />}
          />
          <Typography.Text type="secondary">{t('overdueHint', { days: q.data?.overdueDays ?? 30 })}</Typography.Text>
        </Col>
      </Row>
    </div>
  );
}
