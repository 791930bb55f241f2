import { App, Form, Input, Modal, Switch, Typography } from 'antd';
import { http, unwrap } from '../../platform/http.ts';
import { useFunctionT } from './function-i18n.ts';
import { useSaving } from '../../platform/use-saving.ts';

export interface FunctionRow {
  id: number;
  number: string;
  parentNumber: string;
  name: string;
  englishName: string;
  url: string;
  sort: string;
  enabled: boolean;
  custom: boolean;
  edited: boolean;
}

type Values = Pick<FunctionRow, 'number' | 'parentNumber' | 'name' | 'englishName' | 'url' | 'sort' | 'enabled'>;
const SEED_FIELDS = ['name', 'englishName', 'sort', 'enabled'] as const;

/** Adds a menu entry, or edits one (a built-in entry: name, English name, order and visibility only). */
export function FunctionForm({ row, onClose }: { row?: FunctionRow; onClose: (changed: boolean) => void }) {
  const { t } = useFunctionT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, whileSaving] = useSaving();
  const seed = !!row && !row.custom;
  const req = (label: string) => [{ required: true, whitespace: true, message: t('required', { label }) }];

  const numberFree = async (_: unknown, v?: string) => {
    if (!v || v === row?.number || !/^\d{2,12}$/.test(v)) return;
    const r = unwrap(await http.get<{ status: boolean }>('/function/checkIsNumberExist', { number: v, id: row?.id ?? 0 }));
    if (r.status) throw new Error(t('numberTaken'));
  };

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = seed ? Object.fromEntries(SEED_FIELDS.map((k) => [k, v[k]])) : { ...v, sort: v.sort ?? '' };
    await whileSaving(async () => {
      if (row) unwrap(await http.put('/function/update', { id: row.id, ...body }));
      else unwrap(await http.post('/function/add', body));
      message.success(t('saved'));
      onClose(true);
    });
  };

  return (
    <Modal
      open
      title={row ? `${t('edit')} - ${row.name}` : t('add')}
      onCancel={() => onClose(false)}
      onOk={() => void save()}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      {seed && <Typography.Paragraph type="secondary">{t('seedHint')}</Typography.Paragraph>}
      <Form form={form} layout="vertical" initialValues={row ?? { parentNumber: '0', enabled: true, sort: '' }} data-testid="fn-form">
        <Form.Item
          name="number"
          label={t('number')}
          rules={[...req(t('number')), { pattern: /^\d{2,12}$/, message: '编号须为2到12位数字' }, { validator: numberFree }]}
        >
          <Input disabled={seed} maxLength={12} />
        </Form.Item>
        <Form.Item
          name="parentNumber"
          label={t('parentNumber')}
          rules={[...req(t('parentNumber')), { pattern: /^(0|\d{2,12})$/, message: '上级编号须为0或数字编号' }]}
        >
          <Input disabled={seed} maxLength={12} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={req(t('name'))}>
          <Input maxLength={50} data-testid="fn-name" />
        </Form.Item>
        <Form.Item name="englishName" label={t('englishName')} rules={req(t('englishName'))}>
          <Input maxLength={80} data-testid="fn-english" />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('url')}
          rules={[...req(t('url')), { pattern: /^(\/[A-Za-z0-9_\-/]*|https?:\/\/\S+)$/, message: '链接须以 / 或 http(s):// 开头' }]}
        >
          <Input disabled={seed} maxLength={200} />
        </Form.Item>
        <Form.Item name="sort" label={t('sort')} rules={[{ pattern: /^\d{0,12}$/, message: '排序须为数字' }]}>
          <Input maxLength={12} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
