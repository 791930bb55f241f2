import { useEffect } from 'react';
import { App, Button, Checkbox, Col, Divider, Form, Input, InputNumber, Modal, Radio, Row, Select, Space } from 'antd';
import { FIELDS, labelsApi, type Template, type TemplateBody } from './labels-api.ts';
import { useLabelsT } from './labels-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

const DEFAULTS: TemplateBody = {
  name: '',
  target: 'material',
  symbology: 'code128',
  widthMm: 66,
  heightMm: 34,
  pageWidthMm: 210,
  pageHeightMm: 297,
  columns: 3,
  rows: 8,
  marginTopMm: 5.5,
  marginLeftMm: 3,
  gapXMm: 3,
  gapYMm: 2,
  fields: ['name', 'spec', 'unit', 'code'],
  copies: 1,
};
const SYMBOLOGIES = [
  { value: 'code128', label: 'Code 128' },
  { value: 'qrcode', label: 'QR' },
  { value: 'ean13', label: 'EAN-13' },
];

function MmRow({ items }: { items: Array<[keyof TemplateBody, string, number, number]> }) {
  return (
    <Row gutter={8}>
      {items.map(([name, label, min, max]) => (
        <Col key={name} xs={12} sm={6}>
          <Form.Item name={name} label={label} rules={[{ required: true, message: label }]}>
            <InputNumber
              min={min}
              max={max}
              precision={name === 'columns' || name === 'rows' ? 0 : undefined}
              style={{ width: '100%' }}
              data-testid={`lbl-${name}`}
            />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** The template editor: what it prints, the label's size, the sheet's grid, the fields, the copies. */
export function TemplateForm({ editing, onClose }: { editing: Template | 'new' | undefined; onClose: (saved?: number) => void }) {
  const { t } = useLabelsT();
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateBody>();
  const [busy, whileSaving] = useSaving();
  useEffect(() => {
    if (editing) form.setFieldsValue(editing === 'new' ? DEFAULTS : editing);
  }, [editing, form]);
  const preset = (p: 'a4' | 'roll') => {
    const { widthMm, heightMm } = form.getFieldsValue(['widthMm', 'heightMm']);
    if (p === 'roll')
      form.setFieldsValue({ pageWidthMm: widthMm, pageHeightMm: heightMm, columns: 1, rows: 1, marginTopMm: 0, marginLeftMm: 0, gapXMm: 0, gapYMm: 0 });
    else form.setFieldsValue({ pageWidthMm: 210, pageHeightMm: 297 });
  };
  const save = async () => {
    const v = await form.validateFields();
    await whileSaving(async () => {
      const r = editing === 'new' || !editing ? await labelsApi.add(v) : await labelsApi.update(editing.id, v);
      message.success(t('saved'));
      onClose(r.id);
    });
  };
  return (
    <Modal
      open={Boolean(editing)}
      title={editing === 'new' ? t('newTemplate') : t('editTemplate')}
      onCancel={() => onClose()}
      onOk={save}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'lbl-save' } as Record<`data-${string}`, string>}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Row gutter={8}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required', { f: t('name') }) }]}>
              <Input maxLength={50} data-testid="lbl-name" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="target" label={t('target')}>
              <Radio.Group optionType="button" options={(['material', 'workOrder'] as const).map((v) => ({ value: v, label: t(`t.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="symbology" label={t('symbology')}>
              <Select options={SYMBOLOGIES} data-testid="lbl-symbology" />
            </Form.Item>
          </Col>
        </Row>
        <Divider plain titlePlacement="start">
          {t('size')}
        </Divider>
        <MmRow
          items={[
            ['widthMm', t('width'), 10, 300],
            ['heightMm', t('height'), 8, 300],
          ]}
        />
        <Divider plain titlePlacement="start">
          {t('sheet')}
        </Divider>
        <Space wrap style={{ marginBottom: 8 }}>
          <Button size="small" onClick={() => preset('a4')}>
            {t('a4')}
          </Button>
          <Button size="small" onClick={() => preset('roll')}>
            {t('roll')}
          </Button>
        </Space>
        <MmRow
          items={[
            ['pageWidthMm', t('pageWidth'), 10, 1000],
            ['pageHeightMm', t('pageHeight'), 8, 1000],
            ['columns', t('columns'), 1, 20],
            ['rows', t('rows'), 1, 50],
          ]}
        />
        <MmRow
          items={[
            ['marginTopMm', t('marginTop'), 0, 500],
            ['marginLeftMm', t('marginLeft'), 0, 500],
            ['gapXMm', t('gapX'), 0, 500],
            ['gapYMm', t('gapY'), 0, 500],
          ]}
        />
        <Form.Item name="fields" label={t('fields')}>
          <Checkbox.Group options={FIELDS.map((f) => ({ value: f, label: t(`f.${f}`) }))} />
        </Form.Item>
        <Form.Item name="copies" label={t('copies')} rules={[{ required: true, message: t('copies') }]}>
          <InputNumber min={1} max={1000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
