import { useEffect } from 'react';
import { DatePicker, Form, InputNumber, Modal, type ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { projectApi } from './project-api.ts';
import { ymd } from './blank-frame.tsx';
import { useRun } from './use-run.ts';
import { useProgressT } from './progress-i18n.ts';

export interface ProgressTarget {
  id: number;
  name: string;
  progress: number;
  actualStart: string | null;
  actualEnd: string | null;
}

/** 汇报进度: a leaf task's progress and actual dates (the server fills the dates left empty from the progress). */
export function TaskProgressDialog({ task, onClose }: { task?: ProgressTarget; onClose: () => void }) {
  const { t } = useProgressT();
  const run = useRun();
  const [form] = Form.useForm();
  useEffect(() => {
    if (task)
      form.setFieldsValue({
        progress: task.progress,
        actualStart: task.actualStart ? dayjs(task.actualStart) : null,
        actualEnd: task.actualEnd ? dayjs(task.actualEnd) : null,
      });
  }, [task, form]);
  const save = async () => {
    const v = await form.validateFields();
    const body = { id: task!.id, progress: v.progress, actualStart: ymd(v.actualStart) ?? null, actualEnd: ymd(v.actualEnd) ?? null };
    if (await run(projectApi.updateTask(body), t('saved'))) onClose();
  };
  return (
    <Modal
      open={!!task}
      title={`${t('report')} · ${task?.name ?? ''}`}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'progress-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="progress" label={t('progress')} rules={[{ required: true }]}>
          <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} data-testid="progress-value" />
        </Form.Item>
        <Form.Item name="actualStart" label={t('actualStart')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="actualEnd" label={t('actualEnd')} extra={t('actualHint')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
