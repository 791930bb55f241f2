import { Form, InputNumber, Modal, Select } from 'antd';
import type { LinkKind, Task } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';

interface Props {
  open: boolean;
  tasks: Task[];
  onClose: () => void;
  onSave: (v: { predId: number; succId: number; kind: LinkKind; lag: number }) => Promise<boolean>;
}

const KINDS: LinkKind[] = ['FS', 'SS', 'FF', 'SF'];

/** 连接任务: two leaf tasks, the kind of dependency and a lag in working days (negative: a lead). */
export function LinkDialog({ open, tasks, onClose, onSave }: Props) {
  const { t } = useProjectT();
  const [form] = Form.useForm();
  const parents = new Set(tasks.map((x) => x.parentId));
  const leaves = tasks.filter((x) => !parents.has(x.id)).map((x) => ({ value: x.id, label: x.name }));
  const ok = async () => {
    const v = await form.validateFields();
    if (await onSave({ ...v, lag: v.lag ?? 0 })) {
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal
      open={open}
      title={t('linkTitle')}
      onCancel={onClose}
      onOk={() => void ok()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'link-ok' } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'FS', lag: 0 }}>
        <Form.Item name="predId" label={t('pred')} rules={[{ required: true, message: t('required', { f: t('pred') }) }]}>
          <Select showSearch optionFilterProp="label" options={leaves} data-testid="link-pred" />
        </Form.Item>
        <Form.Item name="succId" label={t('succ')} rules={[{ required: true, message: t('required', { f: t('succ') }) }]}>
          <Select showSearch optionFilterProp="label" options={leaves} data-testid="link-succ" />
        </Form.Item>
        <Form.Item name="kind" label={t('linkKind')}>
          <Select options={KINDS.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Form.Item name="lag" label={t('lag')}>
          <InputNumber min={-3650} max={3650} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
