import { App, Button, Form, Input, Modal, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LinkSelect } from '../../platform/crud/link-select.tsx';
import type { Row } from '../../platform/crud/crud-types.ts';
import { http, unwrap } from '../../platform/http.ts';
import { qty } from '../../platform/format.ts';
import { useInspectionCmtT } from './inspection-cmt-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

interface OutDoc {
  id: number;
  number: string;
  docKey: 'outsourceOut' | 'outsourceIn';
  supplier: string | null;
  operTime: string;
  qty: string;
}
interface SendValues {
  supplierId: number;
  fromDepotId: number;
  supplierDepotId: number;
  materialId: number;
  qty: string;
}
const QTY_RE = /^\d{1,15}(\.\d{1,6})?$/;

/** 委外 of one work order: the outsourcing documents made for it, and sending material out for it. */
export function WoOutsourcingDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useInspectionCmtT();
  const { message } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const [busy, whileSaving] = useSaving();
  const id = Number(row.id);
  const docs = useQuery({
    queryKey: ['shopfloor', 'wo-outsourcing', id],
    queryFn: async () => unwrap(await http.get<OutDoc[]>('/shopfloor/outsource/ofWorkOrder', { workOrderId: id })),
  });
  const send = async () => {
    const v = await form.validateFields();
    await whileSaving(async () => {
      const body = {
        supplierId: v.supplierId,
        fromDepotId: v.fromDepotId,
        supplierDepotId: v.supplierDepotId,
        lines: [{ materialId: v.materialId, qty: v.qty }],
        workOrderId: id,
      };
      message.success(unwrap(await http.post<{ message: string }>('/shopfloor/outsource/send', body)).message);
      form.resetFields(['materialId', 'qty']);
      await docs.refetch();
    });
  };
  return (
    <Modal open title={`${t('ws.title')} · ${String(row.woNo ?? '')}`} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Table<OutDoc>
        size="small"
        bordered
        rowKey="id"
        loading={docs.isLoading}
        dataSource={docs.data ?? []}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('ws.none') }}
        data-testid="wo-outsourcing-docs"
        columns={[
          { title: t('ws.number'), dataIndex: 'number' },
          { title: t('ws.kind'), dataIndex: 'docKey', render: (v: OutDoc['docKey']) => t(`ws.${v}`) },
          { title: t('ws.supplier'), dataIndex: 'supplier' },
          { title: t('ws.time'), dataIndex: 'operTime', render: (v: string) => v.slice(0, 10) },
          { title: t('ws.qty'), dataIndex: 'qty', align: 'right', render: (v: string) => qty(v) },
        ]}
      />
      <Form form={form} layout="vertical" style={{ marginTop: 16 }} data-testid="wo-outsourcing-form">
        <Space wrap align="end">
          <Form.Item name="supplierId" label={t('ws.supplier')} rules={[{ required: true }]}>
            <LinkSelect target="supplier" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="fromDepotId" label={t('ws.from')} rules={[{ required: true }]}>
            <LinkSelect target="depot" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="supplierDepotId" label={t('ws.held')} rules={[{ required: true }]}>
            <LinkSelect target="depot" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="materialId" label={t('ws.material')} rules={[{ required: true }]}>
            <LinkSelect target="material" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="qty" label={t('ws.qty')} rules={[{ required: true }, { pattern: QTY_RE }]}>
            <Input inputMode="decimal" style={{ width: 90 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" loading={busy} onClick={() => void send()} data-testid="wo-outsourcing-send">
              {t('ws.send')}
            </Button>
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
