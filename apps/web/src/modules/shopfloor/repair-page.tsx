import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ENTITIES } from '@erp/entities/definitions';
import type { ScreenProps } from '../../shell/screen.ts';
import { EntityListPage } from '../../platform/crud/entity-list-page.tsx';
import { LinkSelect } from '../../platform/crud/link-select.tsx';
import type { Row } from '../../platform/crud/crud-types.ts';
import { http, unwrap } from '../../platform/http.ts';
import { money, qty } from '../../platform/format.ts';
import { useInspectionCmtT } from './inspection-cmt-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

interface Parts {
  rows: Array<{ materialId: number; name: string; qty: string; cost: string }>;
  cost: string;
}
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;

/** The spare parts of one repair at ledger cost, and issuing more from a warehouse. */
function PartsDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useInspectionCmtT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ depotId: number; materialId: number; qty: string }>();
  const [busy, whileSaving] = useSaving();
  const id = Number(row.id);
  const parts = useQuery({
    queryKey: ['shopfloor', 'repair-parts', id],
    queryFn: async () => unwrap(await http.get<Parts>('/device/repair/parts', { repairOrderId: id })),
  });
  const issue = async () => {
    const v = await form.validateFields();
    await whileSaving(async () => {
      const r = unwrap(
        await http.post<{ message: string }>('/device/repair/issueParts', {
          repairOrderId: id,
          depotId: v.depotId,
          lines: [{ materialId: v.materialId, qty: v.qty }],
        }),
      );
      message.success(r.message);
      form.resetFields(['materialId', 'qty']);
      await parts.refetch();
    });
  };
  return (
    <Modal open title={`${t('parts.title')} · ${String(row.repairNo ?? '')}`} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Table
        size="small"
        bordered
        rowKey="materialId"
        loading={parts.isLoading}
        dataSource={parts.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: t('parts.none') }}
        columns={[
          { title: t('parts.material'), dataIndex: 'name' },
          { title: t('parts.qty'), dataIndex: 'qty', align: 'right', render: (v: string) => qty(v) },
          { title: t('parts.cost'), dataIndex: 'cost', align: 'right', render: (v: string) => money(v) },
        ]}
      />
      <Typography.Paragraph strong style={{ margin: '8px 0 16px' }} data-testid="repair-cost">
        {t('parts.cost')}: {money(parts.data?.cost ?? 0)}
      </Typography.Paragraph>
      {row.status !== 'closed' && (
        <Form form={form} layout="vertical" data-testid="repair-parts-form">
          <Space wrap align="end">
            <Form.Item name="depotId" label={t('parts.depot')} rules={[{ required: true }]}>
              <LinkSelect target="depot" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="materialId" label={t('parts.material')} rules={[{ required: true }]}>
              <LinkSelect target="material" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="qty" label={t('parts.qty')} rules={[{ required: true }, { pattern: QTY_RE }]}>
              <Input inputMode="decimal" style={{ width: 100 }} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" loading={busy} onClick={() => void issue()} data-testid="repair-issue">
                {t('parts.issue')}
              </Button>
            </Form.Item>
          </Space>
        </Form>
      )}
    </Modal>
  );
}

/** 维修单: the kit's repair order list, with each repair's spare parts (issued from stock) and its cost. */
export function RepairPage({ path, title }: ScreenProps) {
  const { t } = useInspectionCmtT();
  const [open, setOpen] = useState<Row>();
  return (
    <>
      <EntityListPage
        entity={ENTITIES.repairOrder}
        path={path}
        title={title}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row)} data-testid="repair-parts">
            {t('parts.title')}
          </Button>
        )}
      />
      {open && <PartsDialog row={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
