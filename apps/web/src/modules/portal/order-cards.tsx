import { useMemo, useState } from 'react';
import { Button, Card, Checkbox, Empty, Progress, Space, Spin, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { qty } from '../../platform/format.ts';
import { feedback } from '../../platform/feedback.ts';
import { attempt, portalApi, type OrderLine } from './portal-api.ts';
import { usePortalT } from './portal-i18n.ts';
import { LineDialog } from './line-dialog.tsx';
import { ShipDrawer } from './ship-drawer.tsx';

const CONFIRM_COLOR = { none: 'orange', confirmed: 'green', proposed: 'blue', accepted: 'green', rejected: 'red' } as const;

type Order = { orderId: number; orderNumber: string; orderDate: string; deliveryDate: string | null; orderStatus: string; lines: OrderLine[] };

function group(lines: OrderLine[]): Order[] {
  const byId = new Map<number, Order>();
  for (const l of lines) {
    const o = byId.get(l.orderId) ?? { ...l, lines: [] };
    o.lines.push(l);
    byId.set(l.orderId, o);
  }
  return [...byId.values()];
}

/** The supplier's orders as cards: one per order, its lines inside, the actions under them. */
export function OrderCards() {
  const { t } = usePortalT();
  const client = useQueryClient();
  const [open, setOpen] = useState(true);
  const [dialog, setDialog] = useState<{ line: OrderLine; kind: 'propose' | 'progress' }>();
  const [shipping, setShipping] = useState<Order>();
  const list = useQuery({
    queryKey: ['portal', 'lines', open],
    queryFn: () => portalApi.lines({ currentPage: 1, pageSize: 100, ...(open && { open: '1' as const }) }),
  });
  const orders = useMemo(() => group(list.data?.rows ?? []), [list.data]);
  const reload = () => void client.invalidateQueries({ queryKey: ['portal'] });
  const confirmAll = async (o: Order) => {
    const lines = o.lines
      .filter((l) => l.confirmStatus === 'none' || l.confirmStatus === 'rejected')
      .map((l) => ({ itemId: l.itemId, action: 'confirm' as const }));
    if (!lines.length) return;
    if (await attempt(() => portalApi.confirm(o.orderId, lines))) {
      feedback.message.success(t('saved'));
      reload();
    }
  };
  return (
    <div>
      <Checkbox checked={open} onChange={(e) => setOpen(e.target.checked)} style={{ marginBottom: 8 }}>
        {t('openOnly')}
      </Checkbox>
      {list.isFetching && !list.data && <Spin />}
      {list.data && !orders.length && <Empty description={t('empty')} />}
      {orders.map((o) => (
        <Card
          key={o.orderId}
          size="small"
          style={{ marginBottom: 10 }}
          data-testid="portal-order"
          data-number={o.orderNumber}
          title={
            <span>
              {o.orderNumber} <span style={{ color: '#888', fontWeight: 'normal' }}>{o.orderDate}</span>
            </span>
          }
          extra={o.deliveryDate && `${t('delivery')} ${o.deliveryDate}`}
        >
          {o.lines.map((l) => (
            <div key={l.itemId} style={{ borderBottom: '1px solid #f0f0f0', padding: '6px 0' }} data-testid="portal-line">
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <span>
                  {l.lineNo}. {l.materialName}
                  {l.model ? ` ${l.model}` : ''}
                </span>
                <Tag color={CONFIRM_COLOR[l.confirmStatus]}>{t(`s.${l.confirmStatus}`)}</Tag>
              </div>
              <div style={{ color: '#666' }}>
                {t('qty')} {qty(l.qty)} {l.unit} · {t('received')} {qty(l.received)} · {t('price')} {l.unitPrice}
                {l.proposedDate && ` · ${t('proposedDate')} ${l.proposedDate}`}
              </div>
              {l.progressPercent !== null && <Progress percent={Number(l.progressPercent)} size="small" />}
              <Space size={4} style={{ marginTop: 4 }}>
                <Button size="small" onClick={() => setDialog({ line: l, kind: 'propose' })}>
                  {t('propose')}
                </Button>
                <Button size="small" onClick={() => setDialog({ line: l, kind: 'progress' })}>
                  {t('progress')}
                </Button>
              </Space>
            </div>
          ))}
          <Space style={{ marginTop: 8 }} wrap>
            <Button type="primary" onClick={() => void confirmAll(o)} data-testid="portal-confirm-all">
              {t('confirmAll')}
            </Button>
            <Button onClick={() => setShipping(o)} disabled={o.orderStatus === '2'} data-testid="portal-ship">
              {t('ship')}
            </Button>
          </Space>
        </Card>
      ))}
      <LineDialog target={dialog} onClose={() => setDialog(undefined)} onSaved={reload} />
      <ShipDrawer order={shipping} onClose={() => setShipping(undefined)} onSent={reload} />
    </div>
  );
}
