import { App, Descriptions, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { ButtonProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../../platform/http.ts';
import { qty as fmtQty } from '../../../platform/format.ts';
import { useSaving } from '../../../platform/use-saving.ts';
import type { ReportRow } from './report-api.ts';
import { useReportT } from './report-i18n.ts';

/** 未指定库区 in the select (the server takes null). */
const LOOSE = 0;

type Area = { id: number; name: string; code: string | null };

/**
 * 移库 (issue 24) from one row of 库区库存: moves some of the row's material and batch out of its area (or
 * 未指定库区) into another area of the same warehouse, POST /reservoirArea/move. Warehouse stock is unchanged.
 */
export function AreaMoveModal({ row, onClose, onDone }: { row: ReportRow; onClose: () => void; onDone: () => void }) {
  const { t } = useReportT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ toAreaId?: number; qty?: string; remark?: string }>();
  const [saving, whileSaving] = useSaving();
  const depotId = Number(row.depotId);
  const fromAreaId = row.areaId === null || row.areaId === undefined ? null : Number(row.areaId);
  const max = Number(row.qty);
  const areas = useQuery({
    queryKey: ['area-move-areas', depotId],
    queryFn: async () =>
      unwrap(await http.get<{ rows: Area[] }>('/reservoirArea/list', { search: JSON.stringify({ depotId, enabled: true }), currentPage: 1, pageSize: 200 }))
        .rows,
  });
  const options = [
    ...(fromAreaId === null ? [] : [{ value: LOOSE, label: t('areaMove.loose') }]),
    ...(areas.data ?? []).filter((a) => a.id !== fromAreaId).map((a) => ({ value: a.id, label: a.code ? `${a.name} (${a.code})` : a.name })),
  ];

  const submit = async () => {
    const v = await form.validateFields();
    await whileSaving(async () => {
      unwrap(
        await http.post('/reservoirArea/move', {
          depotId,
          remark: v.remark || undefined,
          rows: [
            {
              materialId: Number(row.materialId),
              batchNumber: row.batchNumber ? String(row.batchNumber) : undefined,
              fromAreaId,
              toAreaId: v.toAreaId === LOOSE ? null : v.toAreaId,
              qty: String(v.qty),
            },
          ],
        }),
      );
      message.success(t('areaMove.done'));
      onDone();
    });
  };

  return (
    <Modal
      open
      title={t('areaMove.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('areaMove.ok')}
      cancelText={t('areaMove.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'area-move-ok' } as ButtonProps}
      width={520}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('areaMove.material')}>
          {[row.materialName, row.model, row.batchNumber].filter(Boolean).join(' · ')} ({String(row.depotName ?? '')})
        </Descriptions.Item>
        <Descriptions.Item label={t('areaMove.from')}>
          {String(row.areaName ?? t('areaMove.loose'))} · {fmtQty(max)}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" initialValues={{ qty: String(max) }} data-testid="area-move-form">
        <Form.Item name="toAreaId" label={t('areaMove.to')} rules={[{ required: true, message: t('areaMove.chooseTo') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={options} loading={areas.isLoading} data-testid="area-move-to" />
        </Form.Item>
        <Form.Item
          name="qty"
          label={t('areaMove.qty')}
          rules={[
            {
              validator: (_, v) =>
                Number(v) > 0 && Number(v) <= max ? Promise.resolve() : Promise.reject(new Error(t('areaMove.qtyRange', { max: fmtQty(max) }))),
            },
          ]}
        >
          <InputNumber stringMode min="0" style={{ width: '100%' }} data-testid="area-move-qty" />
        </Form.Item>
        <Form.Item name="remark" label={t('areaMove.remark')}>
          <Input maxLength={500} data-testid="area-move-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
