import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FRAME_FORMATS, SCALE_UNITS, STANDARD_BAUDS } from '@erp/entities';
import { failureText } from '../../platform/crud/file-transfer.ts';
import { LinkSelect } from '../../platform/crud/link-select.tsx';
import { qty } from '../../platform/format.ts';
import { weighApi, type Station, type StationBody } from './weighing-api.ts';
import { useWeighT } from './weighing-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

type FormValues = Omit<StationBody, 'tare' | 'tolerance'> & { tare?: string; tolerance?: string };
const DEFAULTS: Partial<FormValues> = { baud: 9600, frameFormat: 'auto', unit: 'kg', tare: '0', stableCount: 3, tolerance: '0', enabled: true };

/** The station form (add or edit): port, baud from the standard list, frame format, unit, tare, stability, work centre. */
function StationForm({ editing, onClose }: { editing: Station | 'new'; onClose: () => void }) {
  const { t } = useWeighT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [busy, whileSaving] = useSaving();
  const save = async (v: FormValues) => {
    await whileSaving(async () => {
      const body: StationBody = { ...v, tare: String(v.tare ?? '0'), tolerance: String(v.tolerance ?? '0'), workCentreId: v.workCentreId ?? null };
      const r = editing === 'new' ? await weighApi.addStation(body) : await weighApi.updateStation({ ...body, id: editing.id });
      message.success(r.message);
      void qc.invalidateQueries({ queryKey: ['weighing'] });
      onClose();
    });
  };
  const req = [{ required: true, message: t('required') }];
  return (
    <Modal
      open
      title={editing === 'new' ? t('add') : `${t('edit')} · ${editing.name}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      confirmLoading={busy}
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={editing === 'new' ? DEFAULTS : editing} onFinish={save} data-testid="wg-station-form">
        <Form.Item name="name" label={t('name')} rules={req}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="devicePath" label={t('devicePath')} rules={req} extra="/dev/ttyUSB0 · /dev/serial/by-id/… · COM3">
          <Input maxLength={200} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="baud" label={t('baud')} rules={req}>
            <Select style={{ width: 120 }} options={STANDARD_BAUDS.map((b) => ({ value: b, label: b }))} />
          </Form.Item>
          <Form.Item name="frameFormat" label={t('frameFormat')}>
            <Select style={{ width: 220 }} options={FRAME_FORMATS.map((f) => ({ value: f, label: t(`fmt.${f}`) }))} />
          </Form.Item>
          <Form.Item name="unit" label={t('unit')}>
            <Select style={{ width: 80 }} options={SCALE_UNITS.map((u) => ({ value: u, label: u }))} />
          </Form.Item>
          <Form.Item name="tare" label={t('tare')}>
            <InputNumber min="0" stringMode style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="stableCount" label={t('stableCount')}>
            <InputNumber min={1} max={50} precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="tolerance" label={t('tolerance')}>
            <InputNumber min="0" stringMode style={{ width: 110 }} />
          </Form.Item>
        </Space>
        <Form.Item name="workCentreId" label={t('workCentre')}>
          <LinkSelect target="workCentre" allowClear initialLabel={editing === 'new' ? null : editing.workCentre} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 称重站: the company's stations, added, changed and deleted here. */
export function StationsPanel() {
  const { t } = useWeighT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const stations = useQuery({ queryKey: ['weighing', 'stations'], queryFn: weighApi.stations });
  const [editing, setEditing] = useState<Station | 'new'>();
  const remove = async (s: Station) => {
    try {
      message.success((await weighApi.deleteStation(s.id)).message);
      void qc.invalidateQueries({ queryKey: ['weighing'] });
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')} data-testid="wg-station-add">
        {t('add')}
      </Button>
      <Table<Station>
        rowKey="id"
        size="middle"
        bordered
        scroll={{ x: 'max-content' }}
        loading={stations.isFetching && !stations.data}
        dataSource={stations.data ?? []}
        pagination={false}
        columns={[
          { title: t('name'), dataIndex: 'name' },
          { title: t('devicePath'), dataIndex: 'devicePath' },
          { title: t('baud'), dataIndex: 'baud' },
          { title: t('frameFormat'), dataIndex: 'frameFormat', render: (f: string) => t(`fmt.${f}`) },
          { title: t('tare'), dataIndex: 'tare', render: (v: string, r) => `${qty(v)} ${r.unit}` },
          { title: t('workCentre'), dataIndex: 'workCentre' },
          { title: t('enabled'), dataIndex: 'enabled', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('yes') : t('no')}</Tag> },
          {
            title: '',
            key: 'ops',
            render: (_, s) => (
              <Space>
                <a onClick={() => setEditing(s)}>{t('edit')}</a>
                <Popconfirm title={t('delConfirm', { name: s.name })} onConfirm={() => remove(s)}>
                  <a>{t('del')}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <StationForm key={editing === 'new' ? 'new' : editing.id} editing={editing} onClose={() => setEditing(undefined)} />}
    </Space>
  );
}
