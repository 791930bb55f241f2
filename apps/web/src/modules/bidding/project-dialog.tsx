import { Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { bidApi, type BidItem, type ProjectRow } from './bid-api.ts';
import { useBidT } from './bid-i18n.ts';
import { useRun } from './use-bid.ts';

const AMOUNT = /^\d{1,18}(\.\d{1,6})?$/;
type Values = Omit<ProjectRow, 'registrationDeadline' | 'openingDate' | 'validUntil'> & {
  registrationDeadline?: Dayjs;
  openingDate?: Dayjs;
  validUntil?: Dayjs;
  items: BidItem[];
};
const DATES = ['registrationDeadline', 'openingDate', 'validUntil'] as const;

/** 新增/编辑 a tender project: the tendering party, agency, budget, key dates and the tender items by lot. */
export function ProjectDialog({ value, onClose }: { value?: ProjectRow; onClose: () => void }) {
  const { t } = useBidT();
  const run = useRun();
  const [form] = Form.useForm<Values>();
  const partners = useQuery({ queryKey: ['bid', 'partners'], queryFn: bidApi.partners });
  const detail = useQuery({ queryKey: ['bid', 'detail', value?.id], queryFn: () => bidApi.detail(value!.id), enabled: !!value });
  if (value && !detail.data) return null;
  const initial = value
    ? { ...detail.data, ...Object.fromEntries(DATES.map((k) => [k, detail.data![k] ? dayjs(detail.data![k]) : undefined])) }
    : { items: [{ lot: '一标段', name: '', qty: '1' }] };
  const save = async () => {
    const v = await form.validateFields();
    const body = {
      name: v.name,
      code: v.code || null,
      tendererId: v.tendererId,
      agency: v.agency || null,
      budget: v.budget || null,
      ourPrice: v.ourPrice || null,
      remark: v.remark || null,
      ...Object.fromEntries(DATES.map((k) => [k, v[k] ? v[k].format('YYYY-MM-DD') : null])),
      items: (v.items ?? []).map((i) => ({ lot: i.lot, name: i.name, qty: String(i.qty), unit: i.unit || null, budget: i.budget || null })),
    } as Parameters<typeof bidApi.add>[0];
    if (await run(value ? bidApi.update(value.id, body) : bidApi.add(body), t('ok'))) onClose();
  };
  const amountRule = { pattern: AMOUNT, message: t('amount') };
  return (
    <Modal open width={760} title={value ? t('edit') : t('add')} onCancel={onClose} onOk={() => void save()} destroyOnHidden data-testid="bid-project-dialog">
      <Form form={form} layout="vertical" initialValues={initial}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('name')} rules={[{ required: true }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="code" label={t('code')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="tendererId" label={t('tenderer')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                data-testid="bid-tenderer"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="agency" label={t('agency')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="budget" label={t('budget')} rules={[amountRule]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          {DATES.map((k) => (
            <Col xs={12} sm={6} key={k}>
              <Form.Item name={k} label={t(k)}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <ItemsField />
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The tender items: lot, item, quantity, unit, budget. */
function ItemsField() {
  const { t } = useBidT();
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <>
          <div style={{ marginBottom: 8, fontWeight: 500 }}>{t('items')}</div>
          {fields.map((f) => (
            <Space key={f.key} align="baseline" wrap>
              <Form.Item name={[f.name, 'lot']} rules={[{ required: true }]}>
                <Input placeholder={t('lot')} maxLength={50} style={{ width: 100 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'name']} rules={[{ required: true }]}>
                <Input placeholder={t('itemName')} maxLength={100} style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'qty']} rules={[{ required: true, pattern: AMOUNT }]}>
                <Input placeholder={t('qty')} inputMode="decimal" style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'unit']}>
                <Input placeholder={t('unit')} maxLength={20} style={{ width: 70 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'budget']} rules={[{ pattern: AMOUNT }]}>
                <Input placeholder={t('budget')} inputMode="decimal" style={{ width: 110 }} />
              </Form.Item>
              <Button type="link" danger onClick={() => remove(f.name)}>
                {t('remove')}
              </Button>
            </Space>
          ))}
          <Button type="dashed" block style={{ marginBottom: 12 }} onClick={() => add({ lot: '', name: '', qty: '1' })}>
            {t('addItem')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
