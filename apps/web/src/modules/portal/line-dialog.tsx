import { useEffect, useState } from 'react';
import { Input, Modal, Space } from 'antd';
import { feedback } from '../../platform/feedback.ts';
import { attempt, portalApi, today, type OrderLine } from './portal-api.ts';
import { usePortalT } from './portal-i18n.ts';

/** One line's proposal (another quantity or date) or progress report, in a small dialog. */
export function LineDialog({
  target,
  onClose,
  onSaved,
}: {
  target?: { line: OrderLine; kind: 'propose' | 'progress' };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = usePortalT();
  const [a, setA] = useState('');
  const [date, setDate] = useState('');
  const [remark, setRemark] = useState('');
  useEffect(() => {
    if (!target) return;
    const l = target.line;
    setA(String(target.kind === 'propose' ? (l.proposedQty ?? l.qty) : (l.progressPercent ?? 0)));
    setDate((target.kind === 'propose' ? l.proposedDate : l.expectedShipDate) ?? '');
    setRemark('');
  }, [target]);
  if (!target) return null;
  const propose = target.kind === 'propose';
  const save = async () => {
    const l = target.line;
    const done = propose
      ? await attempt(() =>
          portalApi.confirm(l.orderId, [{ itemId: l.itemId, action: 'propose', qty: a || undefined, date: date || undefined, ...(remark && { remark }) }]),
        )
      : await attempt(() => portalApi.progress({ itemId: l.itemId, percent: a || '0', ...(date && { expectedShipDate: date }), ...(remark && { remark }) }));
    if (!done) return;
    feedback.message.success(t('saved'));
    onSaved();
    onClose();
  };
  return (
    <Modal open title={`${target.line.materialName} · ${propose ? t('propose') : t('report')}`} onOk={() => void save()} onCancel={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <label>
          {propose ? t('proposedQty') : t('percent')}
          <Input inputMode="decimal" value={a} onChange={(e) => setA(e.target.value)} data-testid="portal-dialog-number" />
        </label>
        <label>
          {propose ? t('proposedDate') : t('expectedShip')}
          <Input type="date" min={today()} value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <Input.TextArea rows={2} value={remark} maxLength={500} onChange={(e) => setRemark(e.target.value)} />
      </Space>
    </Modal>
  );
}
