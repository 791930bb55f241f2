import { useEffect, useState } from 'react';
import { Button, Drawer, Input, Space } from 'antd';
import { Decimal } from 'decimal.js';
import { feedback } from '../../platform/feedback.ts';
import { attempt, portalApi, today, type OrderLine } from './portal-api.ts';
import { usePortalT } from './portal-i18n.ts';

type Row = { itemId: number; qty: string; batchNumber: string; expirationDate: string };

/** 发货通知: what ships now against one order, line by line, with batch, expiry, carrier and tracking number. */
export function ShipDrawer({
  order,
  onClose,
  onSent,
}: {
  order?: { orderId: number; orderNumber: string; lines: OrderLine[] };
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = usePortalT();
  const [rows, setRows] = useState<Row[]>([]);
  const [shipDate, setShipDate] = useState(today());
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!order) return;
    setRows(
      order.lines.map((l) => ({ itemId: l.itemId, qty: Decimal.max(new Decimal(l.qty).minus(l.received), 0).toFixed(), batchNumber: '', expirationDate: '' })),
    );
    setShipDate(today());
  }, [order]);
  if (!order) return null;
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const send = async () => {
    const lines = rows
      .filter((r) => r.qty && Number(r.qty) > 0)
      .map((r) => ({
        itemId: r.itemId,
        qty: r.qty,
        ...(r.batchNumber && { batchNumber: r.batchNumber }),
        ...(r.expirationDate && { expirationDate: r.expirationDate }),
      }));
    setBusy(true);
    const r = await attempt(() =>
      portalApi.sendAdvice({ orderId: order.orderId, shipDate, lines, ...(carrier && { carrier }), ...(trackingNo && { trackingNo }) }),
    );
    setBusy(false);
    if (!r) return;
    feedback.message.success(t('sent', { number: r.number }));
    onSent();
    onClose();
  };
  return (
    <Drawer open width="min(100vw, 520px)" title={`${t('ship')} · ${order.orderNumber}`} onClose={onClose} data-testid="portal-ship-drawer">
      <Space direction="vertical" style={{ width: '100%' }}>
        <label>
          {t('shipDate')}
          <Input type="date" min={today()} value={shipDate} onChange={(e) => setShipDate(e.target.value)} />
        </label>
        <Input placeholder={t('carrier')} value={carrier} maxLength={100} onChange={(e) => setCarrier(e.target.value)} data-testid="portal-carrier" />
        <Input placeholder={t('trackingNo')} value={trackingNo} maxLength={100} onChange={(e) => setTrackingNo(e.target.value)} data-testid="portal-tracking" />
        {order.lines.map((l, i) => (
          <div key={l.itemId} style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
            <div>
              {l.lineNo}. {l.materialName} ({t('qty')} {l.qty} {l.unit})
            </div>
            <Space wrap style={{ marginTop: 4 }}>
              <Input
                addonBefore={t('shipQty')}
                inputMode="decimal"
                style={{ width: 180 }}
                value={rows[i]?.qty}
                onChange={(e) => set(i, { qty: e.target.value })}
                data-testid="portal-ship-qty"
              />
              <Input placeholder={t('batch')} style={{ width: 120 }} value={rows[i]?.batchNumber} onChange={(e) => set(i, { batchNumber: e.target.value })} />
              <Input
                type="date"
                style={{ width: 160 }}
                title={t('expiry')}
                value={rows[i]?.expirationDate}
                onChange={(e) => set(i, { expirationDate: e.target.value })}
              />
            </Space>
          </div>
        ))}
        <Button type="primary" block loading={busy} onClick={() => void send()} data-testid="portal-send-advice">
          {t('send')}
        </Button>
      </Space>
    </Drawer>
  );
}
