import { useState } from 'react';
import { Button, Card, DatePicker, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScreenProps } from '../../shell/screen.ts';
import { feedback } from '../../platform/feedback.ts';
import { qty } from '../../platform/format.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { attempt, portalApi } from './portal-api.ts';
import { PLAN_COLOR, pct, planApi, type OpenLine, type Plan, type StockRow } from './plan-api.ts';
import { PlanCancelDialog, PlanEditDialog } from './plan-edit.tsx';
import { usePortalT } from './portal-i18n.ts';

type Draft = Record<number, { qty: number | null; date: Dayjs | null }>;

/** Publishes a plan: a supplier's open order lines, a quantity and a ship date on each line to plan. */
function PublishForm() {
  const { t } = usePortalT();
  const client = useQueryClient();
  const suppliers = useQuery({ queryKey: ['portal', 'suppliers'], queryFn: portalApi.suppliers });
  const [supplierId, setSupplierId] = useState<number>();
  const [remark, setRemark] = useState('');
  const [draft, setDraft] = useState<Draft>({});
  const open = useQuery({ queryKey: ['portal', 'open-lines', supplierId], queryFn: () => planApi.openLines(supplierId!), enabled: !!supplierId });
  const set = (id: number, v: Partial<Draft[number]>) => setDraft((d) => ({ ...d, [id]: { ...(d[id] ?? { qty: null, date: dayjs().add(7, 'day') }), ...v } }));
  const lines = Object.entries(draft)
    .filter(([, v]) => v.qty && v.date)
    .map(([itemId, v]) => ({ itemId: Number(itemId), qty: String(v.qty), planDate: v.date!.format('YYYY-MM-DD') }));
  const publish = async () => {
    if (!supplierId || !lines.length) return;
    const r = await attempt(() => planApi.publish({ supplierId, remark: remark.trim() || undefined, lines }));
    if (!r) return;
    feedback.message.success(t('published', { number: r.number }));
    setDraft({});
    setRemark('');
    void client.invalidateQueries({ queryKey: ['portal'] });
  };
  const columns = [
    { title: t('order'), dataIndex: 'orderNumber', width: 170 },
    { title: t('material'), dataIndex: 'materialName', width: 150 },
    { title: t('delivery'), dataIndex: 'deliveryDate', width: 110 },
    { title: t('openQty'), dataIndex: 'openQty', width: 90, render: (v: number, l: OpenLine) => `${qty(v)} ${l.unit}` },
    {
      title: t('planQty'),
      key: 'qty',
      width: 120,
      render: (_: unknown, l: OpenLine) => (
        <InputNumber min={0} max={l.openQty} value={draft[l.itemId]?.qty ?? null} onChange={(v) => set(l.itemId, { qty: v })} data-testid="plan-qty" />
      ),
    },
    {
      title: t('planDate'),
      key: 'date',
      width: 150,
      render: (_: unknown, l: OpenLine) => (
        <DatePicker
          value={draft[l.itemId]?.date ?? dayjs().add(7, 'day')}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          onChange={(v) => set(l.itemId, { date: v })}
          allowClear={false}
        />
      ),
    },
  ];
  return (
    <Card size="small" title={t('publish')} data-testid="plan-publish">
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          placeholder={t('pickSupplier')}
          value={supplierId}
          onChange={(v) => (setSupplierId(v), setDraft({}))}
          options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.supplier }))}
          data-testid="plan-supplier"
        />
        <Input placeholder={t('remark')} value={remark} onChange={(e) => setRemark(e.target.value)} style={{ width: 220 }} />
        <Button type="primary" disabled={!lines.length} onClick={() => void publish()} data-testid="plan-publish-btn">
          {t('publish')}
        </Button>
      </Space>
      {supplierId && (
        <Table<OpenLine>
          rowKey="itemId"
          size="small"
          bordered
          loading={open.isFetching && !open.data}
          dataSource={open.data ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={false}
        />
      )}
    </Card>
  );
}

/** 供应商发货计划 (buyer): publish a plan, and the plans with the suppliers' acknowledgements. */
export function ShippingPlanPage(_: ScreenProps) {
  const { t } = usePortalT();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const list = useQuery({ queryKey: ['portal', 'buyer-plans', page], queryFn: () => planApi.buyerPlans(page) });
  const [editing, setEditing] = useState<Plan>();
  const [cancelling, setCancelling] = useState<Plan>();
  const columns = [
    { title: t('plan'), dataIndex: 'number', width: 180 },
    { title: t('supplier'), dataIndex: 'supplierName', width: 160 },
    { title: t('lines'), dataIndex: 'lineCount', width: 70 },
    { title: t('firstDate'), dataIndex: 'firstDate', width: 110 },
    {
      title: '',
      dataIndex: 'status',
      width: 90,
      render: (v: Plan['status']) => <Tag color={PLAN_COLOR[v]}>{t(`p.${v}`)}</Tag>,
    },
    { title: t('acked'), dataIndex: 'acknowledgedAt', width: 160 },
    { title: t('remark'), key: 'remark', width: 160, ellipsis: true, render: (_: unknown, p: Plan) => p.cancelReason ?? p.remark },
    {
      title: t('actions'),
      key: 'actions',
      width: 130,
      render: (_: unknown, p: Plan) =>
        p.status === 'published' && (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => setEditing(p)} data-testid="plan-edit">
              {t('editPlan')}
            </Button>
            <Button size="small" type="link" danger onClick={() => setCancelling(p)} data-testid="plan-cancel">
              {t('cancelPlan')}
            </Button>
          </Space>
        ),
    },
  ];
  return (
    <div data-testid="buyer-plan-page">
      <PublishForm />
      <Card size="small" title={t('plans')} style={{ marginTop: 12 }}>
        <PagedTable<Plan> list={list} page={page} setPage={setPage} columns={columns} />
      </Card>
      {editing && <PlanEditDialog plan={editing} onClose={() => setEditing(undefined)} />}
      {cancelling && <PlanCancelDialog plan={cancelling} onClose={() => setCancelling(undefined)} />}
    </div>
  );
}

/** 供应商库存 (buyer): the stock each supplier reported holding for us. */
export function SupplierInventoryPage(_: ScreenProps) {
  const { t } = usePortalT();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const list = useQuery({ queryKey: ['portal', 'buyer-stock', page], queryFn: () => planApi.buyerStock(page) });
  const columns = [
    { title: t('supplier'), dataIndex: 'supplierName', width: 160 },
    { title: t('material'), dataIndex: 'materialName', width: 160 },
    { title: t('stockQty'), dataIndex: 'qty', width: 100, render: (v: number) => qty(v) },
    { title: t('reportedAt'), dataIndex: 'reportedAt', width: 160 },
    { title: t('remark'), dataIndex: 'remark', width: 160, ellipsis: true },
  ];
  return (
    <Card size="small" data-testid="buyer-stock-page">
      <PagedTable<StockRow> list={list} page={page} setPage={setPage} columns={columns} />
    </Card>
  );
}

/** 协同看板 (buyer): per supplier, open orders, late lines, on-time rate and quality pass rate. */
export function PortalPanelPage(_: ScreenProps) {
  const { t } = usePortalT();
  const list = useQuery({ queryKey: ['portal', 'buyer-panel'], queryFn: planApi.buyerPanel });
  const columns = [
    { title: t('supplier'), dataIndex: 'supplierName', width: 160 },
    { title: t('openOrders'), dataIndex: 'openOrders', width: 100 },
    { title: t('openLines'), dataIndex: 'openLines', width: 100 },
    { title: t('lateLines'), dataIndex: 'lateLines', width: 100, render: (v: number) => (v ? <Tag color="red">{v}</Tag> : v) },
    { title: t('onTimeRate'), dataIndex: 'onTimeRate', width: 110, render: pct },
    { title: t('passRate'), dataIndex: 'passRate', width: 110, render: pct },
    { title: t('inspected'), dataIndex: 'inspected', width: 90 },
  ];
  return (
    <Card size="small" data-testid="buyer-panel-page">
      <Table
        rowKey="supplierId"
        size="middle"
        bordered
        loading={list.isFetching && !list.data}
        dataSource={list.data ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={false}
      />
    </Card>
  );
}
