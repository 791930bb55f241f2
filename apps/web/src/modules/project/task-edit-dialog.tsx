import { useEffect } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, type ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { projectApi, type Link, type LinkKind, type Task } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';
import { usePickers, ymd } from './blank-frame.tsx';
import { useRun } from './use-run.ts';

const KINDS: LinkKind[] = ['FS', 'SS', 'FF', 'SF'];

interface Props {
  task?: Task;
  tasks: Task[];
  links: Link[];
  onClose: () => void;
}

/**
 * 编辑任务 in the project's task view: name, duration, pinned start, assignee, progress and the predecessors
 * (each with its kind and lag), saved in one call; the server re-schedules the project and the view reloads.
 */
export function TaskEditDialog({ task, tasks, links, onClose }: Props) {
  const { t } = useProjectT();
  const run = useRun();
  const { message } = App.useApp();
  const { users } = usePickers();
  const [form] = Form.useForm();
  const parents = new Set(tasks.map((x) => x.parentId));
  const summary = !!task && parents.has(task.id);
  const leaves = tasks.filter((x) => !parents.has(x.id) && x.id !== task?.id).map((x) => ({ value: x.id, label: x.name }));
  useEffect(() => {
    if (task)
      form.setFieldsValue({
        name: task.name,
        duration: task.duration,
        pinnedStart: task.pinnedStart ? dayjs(task.pinnedStart) : null,
        assigneeId: task.assigneeId,
        progress: task.progress,
        predecessors: links.filter((l) => l.succId === task.id).map((l) => ({ predId: l.predId, kind: l.kind, lag: l.lag })),
      });
  }, [task, links, form]);
  const save = async () => {
    const v = await form.validateFields();
    const body = {
      id: task!.id,
      name: v.name,
      duration: v.duration,
      pinnedStart: ymd(v.pinnedStart) ?? null,
      assigneeId: v.assigneeId ?? null,
      progress: v.progress,
      ...(summary ? {} : { predecessors: (v.predecessors ?? []).map((p: { predId: number; kind: LinkKind; lag?: number }) => ({ ...p, lag: p.lag ?? 0 })) }),
    };
    const r = await run(projectApi.updateTask(body));
    if (!r) return;
    message.success(t('te.saved', { n: r.moved.length }));
    onClose();
  };
  const whole = { type: 'integer' as const };
  return (
    <Modal
      open={!!task}
      title={`${t('te.title')} · ${task?.name ?? ''}`}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      okButtonProps={{ 'data-testid': 'task-edit-save' } as ButtonProps}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('task')} rules={[{ required: true, whitespace: true, message: t('required', { f: t('task') }) }]}>
          <Input maxLength={100} data-testid="task-edit-name" />
        </Form.Item>
        <Space wrap style={{ width: '100%' }} styles={{ item: { flex: '1 1 140px' } }}>
          <Form.Item name="duration" label={t('duration')} rules={[{ required: true, ...whole, min: 0, max: 3650, message: t('te.durationRule') }]}>
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="task-edit-duration" />
          </Form.Item>
          <Form.Item name="progress" label={t('progress')} rules={[{ required: true, ...whole, min: 0, max: 100, message: t('te.progressRule') }]}>
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="task-edit-progress" />
          </Form.Item>
        </Space>
        <Form.Item name="pinnedStart" label={t('pinned')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="assigneeId" label={t('assignee')}>
          <Select allowClear showSearch optionFilterProp="label" options={users} />
        </Form.Item>
        {summary ? (
          <div style={{ color: '#888' }}>{t('te.summaryNoPred')}</div>
        ) : (
          <Form.List name="predecessors">
            {(fields, { add, remove }) => (
              <>
                <div style={{ marginBottom: 8 }}>{t('te.preds')}</div>
                {fields.map((f) => (
                  <Space key={f.key} align="start" wrap data-testid="task-edit-pred-row">
                    <Form.Item name={[f.name, 'predId']} rules={[{ required: true, message: t('te.predRequired') }]} style={{ minWidth: 160 }}>
                      <Select showSearch optionFilterProp="label" options={leaves} placeholder={t('pred')} data-testid="task-edit-pred" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'kind']} initialValue="FS">
                      <Select options={KINDS.map((k) => ({ value: k, label: k }))} style={{ width: 72 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'lag']} initialValue={0}>
                      <InputNumber min={-3650} max={3650} precision={0} style={{ width: 90 }} placeholder={t('lag')} />
                    </Form.Item>
                    <Button onClick={() => remove(f.name)}>{t('te.remove')}</Button>
                  </Space>
                ))}
                <Button type="dashed" block onClick={() => add()} data-testid="task-edit-add-pred">
                  {t('te.addPred')}
                </Button>
              </>
            )}
          </Form.List>
        )}
      </Form>
    </Modal>
  );
}
