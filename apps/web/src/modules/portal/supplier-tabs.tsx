import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, InputNumber, List, Row, Statistic, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { qty } from '../../platform/format.ts';
import { feedback } from '../../platform/feedback.ts';
import { attempt, portalApi } from './portal-api.ts';
import { PLAN_COLOR, pct, planApi, type Plan } from './plan-api.ts';
import { usePortalT } from './portal-i18n.ts';

/** One plan as a card: its lines (order, material, date, quantity — no price) and the acknowledge button. */
function PlanCard({ plan }: { plan: Plan }) {
  const { t } = usePortalT();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['portal', 'plan', plan.id], queryFn: () => planApi.plan(plan.id) });
  const ack = async () => {
    if (!(await attempt(() => planApi.ack(plan.id)))) return;
    feedback.message.success(t('saved'));
    void client.invalidateQueries({ queryKey: ['portal'] });
  };
  return (
    <Card size="small" style={{ marginBottom: 8 }} data-testid="portal-plan">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <b>{plan.number}</b>
        <Tag color={PLAN_COLOR[plan.status]}>{t(`p.${plan.status}`)}</Tag>
      </div>
      {plan.remark && <div style={{ color: '#888' }}>{plan.remark}</div>}
      {plan.cancelReason && (
        <div style={{ color: '#cf1322' }} data-testid="portal-plan-cancel-reason">
          {t('cancelReason')}: {plan.cancelReason}
        </div>
      )}
      {(detail.data?.lines ?? []).map((l) => (
        <div key={l.lineNo} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, borderTop: '1px solid #f0f0f0', padding: '4px 0' }}>
          <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {l.materialName} · {l.orderNumber}
          </span>
          <span style={{ whiteSpace: 'nowrap' }}>
            {l.planDate} × {qty(l.qty)} {l.unit}
          </span>
        </div>
      ))}
      {plan.status === 'published' && (
        <Button type="primary" block style={{ marginTop: 8 }} onClick={() => void ack()} data-testid="portal-plan-ack">
          {t('ack')}
        </Button>
      )}
    </Card>
  );
}

/** The shipping plans the buyer published to this supplier, newest first. */
export function PlanTab() {
  const { t } = usePortalT();
  const list = useQuery({ queryKey: ['portal', 'plans'], queryFn: () => planApi.plans({ currentPage: 1, pageSize: 50 }) });
  if (list.data && !list.data.rows.length) return <Empty description={t('empty')} />;
  return <List loading={list.isFetching && !list.data} dataSource={list.data?.rows ?? []} renderItem={(p) => <PlanCard plan={p} />} />;
}

/** The stock the supplier holds for us: what it reported, and a form per material of its orders to report again. */
export function StockTab() {
  const { t } = usePortalT();
  const client = useQueryClient();
  const stock = useQuery({ queryKey: ['portal', 'stock'], queryFn: () => planApi.stock({ currentPage: 1, pageSize: 100 }) });
  const lines = useQuery({ queryKey: ['portal', 'lines', 'all'], queryFn: () => portalApi.lines({ currentPage: 1, pageSize: 100 }) });
  const materials = useMemo(() => {
    const seen = new Map<string, { itemId: number; name: string }>();
    for (const l of lines.data?.rows ?? []) if (!seen.has(l.materialName)) seen.set(l.materialName, { itemId: l.itemId, name: l.materialName });
    return [...seen.values()];
  }, [lines.data]);
  const reported = new Map((stock.data?.rows ?? []).map((s) => [s.materialName, s]));
  const [draft, setDraft] = useState<Record<number, number | null>>({});
  const send = async () => {
    const rows = Object.entries(draft)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([itemId, v]) => ({ itemId: Number(itemId), qty: String(v) }));
    if (!rows.length || !(await attempt(() => planApi.reportStock(rows)))) return;
    feedback.message.success(t('saved'));
    setDraft({});
    void client.invalidateQueries({ queryKey: ['portal', 'stock'] });
  };
  if (lines.data && !materials.length) return <Empty description={t('empty')} />;
  return (
    <div data-testid="portal-stock">
      {materials.map((m) => (
        <Card key={m.itemId} size="small" style={{ marginBottom: 8 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <b style={{ flex: 1, minWidth: 0 }}>{m.name}</b>
            <InputNumber
              min={0}
              style={{ width: 120 }}
              placeholder={t('stockQty')}
              value={draft[m.itemId] ?? null}
              onChange={(v) => setDraft((d) => ({ ...d, [m.itemId]: v }))}
              data-testid="portal-stock-qty"
            />
          </div>
          {reported.get(m.name) && (
            <div style={{ color: '#888' }}>
              {t('stockQty')} {qty(reported.get(m.name)!.qty)} · {t('reportedAt')} {reported.get(m.name)!.reportedAt}
            </div>
          )}
        </Card>
      ))}
      <Button type="primary" block disabled={!Object.keys(draft).length} onClick={() => void send()} data-testid="portal-stock-send">
        {t('reportStock')}
      </Button>
    </div>
  );
}

/** The supplier's own figures. */
export function PanelTab() {
  const { t } = usePortalT();
  const panel = useQuery({ queryKey: ['portal', 'panel'], queryFn: planApi.panel });
  const p = panel.data;
  const cells: Array<[string, string | number]> = p
    ? [
        [t('openOrders'), p.openOrders],
        [t('openLines'), p.openLines],
        [t('lateLines'), p.lateLines],
        [t('onTimeRate'), pct(p.onTimeRate)],
        [t('passRate'), pct(p.passRate)],
        [t('receivedLines'), p.receivedLines],
      ]
    : [];
  return (
    <Row gutter={[8, 8]} data-testid="portal-panel">
      {cells.map(([title, value]) => (
        <Col key={title} xs={12} sm={8}>
          <Card size="small">
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
