import { useEffect, useState } from 'react';
import { Button, DatePicker, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { feedback } from '../../platform/feedback.ts';
import { qty as fmtQty } from '../../platform/format.ts';
import { attempt } from './portal-api.ts';
import { planApi, type OpenLine, type Plan } from './plan-api.ts';
import { usePortalT } from './portal-i18n.ts';

type Row = { key: number; itemId: number; label: string; qty: number | null; date: Dayjs | null };
let seq = 0;

/** 修改 a plan the supplier has not acknowledged: its lines (quantity, date, removed or added from the open lines) and remark. */
export function PlanEditDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const { t } = usePortalT();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['portal', 'buyer-plan', plan.id], queryFn: () => planApi.buyerPlan(plan.id), staleTime: 0 });
  const open = useQuery({ queryKey: ['portal', 'open-lines', plan.supplierId], queryFn: () => planApi.openLines(plan.supplierId) });
  const [rows, setRows] = useState<Row[]>([]);
  const [remark, setRemark] = useState(plan.remark ?? '');
  useEffect(() => {
    if (detail.data)
      setRows(
        detail.data.lines.map((l) => ({ key: ++seq, itemId: l.itemId, label: `${l.orderNumber} · ${l.materialName}`, qty: l.qty, date: dayjs(l.planDate) })),
      );
  }, [detail.data]);
  const set = (key: number, v: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...v } : r)));
  const add = (l: OpenLine) =>
    setRows((rs) => [...rs, { key: ++seq, itemId: l.itemId, label: `${l.orderNumber} · ${l.materialName}`, qty: null, date: dayjs().add(7, 'day') }]);
  const ready = rows.length > 0 && rows.every((r) => r.qty && r.date);
  const save = async () => {
    const lines = rows.map((r) => ({ itemId: r.itemId, qty: String(r.qty), planDate: r.date!.format('YYYY-MM-DD') }));
    if (!(await attempt(() => planApi.editPlan({ id: plan.id, remark: remark.trim() || undefined, lines })))) return;
    feedback.message.success(t('planEdited'));
    void client.invalidateQueries({ queryKey: ['portal'] });
    onClose();
  };
  const columns = [
    { title: t('order'), dataIndex: 'label', width: 220 },
    {
      title: t('planQty'),
      key: 'qty',
      width: 120,
      render: (_: unknown, r: Row) => <InputNumber min={0} value={r.qty} onChange={(v) => set(r.key, { qty: v })} data-testid="plan-edit-qty" />,
    },
    {
      title: t('planDate'),
      key: 'date',
      width: 150,
      render: (_: unknown, r: Row) => (
        <DatePicker value={r.date} allowClear={false} disabledDate={(d) => d.isBefore(dayjs(), 'day')} onChange={(v) => set(r.key, { date: v })} />
      ),
    },
    {
      title: '',
      key: 'del',
      width: 50,
      render: (_: unknown, r: Row) => (
        <Button size="small" danger type="link" onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
          ×
        </Button>
      ),
    },
  ];
  return (
    <Modal
      open
      title={`${t('editPlan')} ${plan.number}`}
      width={720}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: !ready, ...({ 'data-testid': 'plan-edit-save' } as Record<string, string>) }}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Input placeholder={t('remark')} value={remark} onChange={(e) => setRemark(e.target.value)} style={{ width: 240 }} />
        <Select<number>
          style={{ width: 280 }}
          placeholder={t('addLine')}
          value={null as unknown as number}
          onChange={(id) => {
            const l = open.data?.find((x) => x.itemId === id);
            if (l) add(l);
          }}
          options={(open.data ?? []).map((l) => ({ value: l.itemId, label: `${l.orderNumber} · ${l.materialName} (${fmtQty(l.openQty)} ${l.unit})` }))}
        />
      </Space>
      <Table<Row>
        rowKey="key"
        size="small"
        bordered
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={detail.isFetching && !rows.length}
      />
    </Modal>
  );
}

/** 取消计划 with the reason the supplier will read. */
export function PlanCancelDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const { t } = usePortalT();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const cancel = async () => {
    if (!reason.trim()) return void feedback.message.error(t('cancelReasonRequired'));
    if (!(await attempt(() => planApi.cancelPlan(plan.id, reason.trim())))) return;
    feedback.message.success(t('planCancelled'));
    void client.invalidateQueries({ queryKey: ['portal'] });
    onClose();
  };
  return (
    <Modal
      open
      title={`${t('cancelPlan')} ${plan.number}`}
      onCancel={onClose}
      onOk={() => void cancel()}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'plan-cancel-ok' } as Record<string, string>) }}
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        placeholder={t('cancelReason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        data-testid="plan-cancel-reason"
      />
    </Modal>
  );
}
