import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { crmApi, type TaskTemplate } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';
import { useRun } from './use-run.ts';

/** 任务模板: templates of dated tasks (offset in days from the day a template is applied; the opportunity's owner does them). */
export function TemplatePage(_: ScreenProps) {
  const { t } = useCrmT();
  const run = useRun();
  const [editing, setEditing] = useState<Partial<TaskTemplate>>();
  const list = useQuery({ queryKey: ['crm', 'templates'], queryFn: crmApi.templates });
  const columns = [
    { title: t('tplName'), dataIndex: 'name', width: 180 },
    { title: t('tasks'), key: 'items', width: 360, render: (_: unknown, r: TaskTemplate) => r.items.map((i) => `${i.title}（+${i.offsetDays}）`).join('、') },
    {
      title: t('actions'),
      key: 'a',
      width: 140,
      render: (_: unknown, r: TaskTemplate) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('edit')}
          </Button>
          <Popconfirm title={t('remove')} onConfirm={() => run(crmApi.removeTemplate(r.id), t('ok'))}>
            <Button type="link" size="small" danger>
              {t('remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" data-testid="crm-template-page">
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({ items: [{ title: '', offsetDays: 0 }] })}>
        {t('addTemplate')}
      </Button>
      <Table<TaskTemplate> rowKey="id" size="middle" bordered dataSource={list.data ?? []} columns={columns} scroll={{ x: 'max-content' }} pagination={false} />
      {editing && <TemplateDialog value={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}

function TemplateDialog({ value, onClose }: { value: Partial<TaskTemplate>; onClose: () => void }) {
  const { t } = useCrmT();
  const run = useRun();
  const [form] = Form.useForm<TaskTemplate>();
  const save = async () => {
    const v = await form.validateFields();
    if (await run(crmApi.saveTemplate({ id: value.id, name: v.name, items: v.items.map((i) => ({ title: i.title, offsetDays: i.offsetDays })) }), t('ok')))
      onClose();
  };
  return (
    <Modal open title={t('addTemplate')} onCancel={onClose} onOk={() => void save()} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={value}>
        <Form.Item name="name" label={t('tplName')} rules={[{ required: true }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'title']} rules={[{ required: true }]}>
                    <Input placeholder={t('taskTitle')} maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'offsetDays']} rules={[{ required: true }]}>
                    <InputNumber min={0} max={3650} precision={0} addonAfter={t('days')} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)} disabled={fields.length === 1}>
                    {t('remove')}
                  </Button>
                </Space>
              ))}
              <Button type="dashed" block onClick={() => add({ title: '', offsetDays: 0 })}>
                {t('addTask')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
