import { useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { projectApi } from './project-api.ts';
import { BlankFrame, useNumberParam, ymd } from './blank-frame.tsx';
import { ProjectSelect } from './project-select.tsx';
import { workApi, type TimeEntry, type TimeStatus } from './work-api.ts';
import { useWorkT } from './work-i18n.ts';
import { useRun } from './use-run.ts';
import { useSession } from '../../platform/session.ts';

const COLOR: Record<TimeStatus, string> = { draft: 'default', submitted: 'processing', approved: 'success', rejected: 'error' };

/**
 * The project's time entries: the person submits, edits or deletes their drafts and rejected entries, the manager
 * approves or rejects (the server decides who may).
 */
function Entries({ projectId, onEdit }: { projectId: number; onEdit: (r: TimeEntry) => void }) {
  const { t } = useWorkT();
  const run = useRun();
  const me = useSession().userId;
  const [reason, setReason] = useState('');
  const q = useQuery({ queryKey: ['project', 'time', projectId], queryFn: () => workApi.time(projectId) });
  const act = (r: TimeEntry) => (
    <Space size={4} wrap>
      {(r.status === 'draft' || r.status === 'rejected') && (
        <Button size="small" onClick={() => void run(workApi.submitTime(r.id), t('saved'))}>
          {t('submit')}
        </Button>
      )}
      {(r.status === 'draft' || r.status === 'rejected') && r.userId === me && (
        <>
          <Button size="small" data-testid={`edit-time-${r.id}`} onClick={() => onEdit(r)}>
            {t('edit')}
          </Button>
          <Popconfirm title={t('delConfirm')} onConfirm={() => void run(workApi.deleteTime(r.id), t('deleted'))}>
            <Button size="small" danger data-testid={`delete-time-${r.id}`}>
              {t('del')}
            </Button>
          </Popconfirm>
        </>
      )}
      {r.status === 'submitted' && (
        <>
          <Button size="small" type="primary" data-testid={`approve-${r.id}`} onClick={() => void run(workApi.decideTime(r.id, true), t('saved'))}>
            {t('approve')}
          </Button>
          <Popconfirm
            title={<Input placeholder={t('rejectReason')} maxLength={200} onChange={(e) => setReason(e.target.value)} />}
            onConfirm={() => void run(workApi.decideTime(r.id, false, reason || undefined), t('saved'))}
          >
            <Button size="small" danger>
              {t('reject')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );
  return (
    <Table<TimeEntry>
      rowKey="id"
      size="small"
      style={{ marginTop: 16 }}
      scroll={{ x: 760 }}
      loading={q.isLoading}
      dataSource={q.data?.rows ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      title={() => `${t('entries')} · ${t('totals', { hours: q.data?.approvedHours ?? '0', labour: q.data?.labour ?? '0' })}`}
      data-testid="time-table"
      columns={[
        { key: 'workDate', dataIndex: 'workDate', title: t('workDate'), width: 105 },
        { key: 'username', dataIndex: 'username', title: t('person'), width: 90 },
        { key: 'taskName', dataIndex: 'taskName', title: t('task'), width: 130 },
        { key: 'hours', dataIndex: 'hours', title: t('hours'), width: 80, align: 'right', render: (v: string) => Number(v) },
        { key: 'content', dataIndex: 'content', title: t('content'), ellipsis: true },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('status'),
          width: 100,
          render: (s: TimeStatus, r) => (
            <Tag color={COLOR[s]} title={r.rejectReason ?? undefined}>
              {t(`st.${s}`)}
            </Tag>
          ),
        },
        { key: 'cost', dataIndex: 'cost', title: t('cost'), width: 90, align: 'right', render: (v: string | null) => (v == null ? '' : Number(v).toFixed(2)) },
        { key: 'act', title: '', width: 210, render: (_: unknown, r) => act(r) },
      ]}
    />
  );
}

/** /blank/addNewWork?projectId=: log hours on a task of the project (draft or submitted), and the project's entries below. */
export function AddNewWorkPage() {
  const { t } = useWorkT();
  const { t: tg } = useTranslation();
  const run = useRun();
  const fixed = useNumberParam('projectId');
  const [picked, setPicked] = useState<number>();
  const projectId = fixed ?? picked;
  const detail = useQuery({ queryKey: ['project', 'detail', projectId], queryFn: () => projectApi.detail(projectId!), enabled: !!projectId });
  const prices = useQuery({ queryKey: ['project', 'prices'], queryFn: workApi.prices, staleTime: 60_000 });
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<number>();
  const edit = (r: TimeEntry) => {
    setEditing(r.id);
    form.setFieldsValue({ taskId: r.taskId, workDate: dayjs(r.workDate), hours: Number(r.hours), content: r.content, resourcePriceId: r.resourcePriceId });
  };
  const stopEditing = () => {
    setEditing(undefined);
    form.resetFields(['hours', 'content']);
  };
  const save = async () => {
    const v = await form.validateFields();
    const body = { ...v, workDate: ymd(v.workDate), hours: String(v.hours), content: v.content || null, resourcePriceId: v.resourcePriceId ?? null };
    delete body.submit;
    const r = await run(editing ? workApi.updateTime({ ...body, id: editing }) : workApi.logTime({ ...body, submit: !!v.submit }), t('saved'));
    if (r) stopEditing();
  };
  const tasks = (detail.data?.tasks ?? []).map((x) => ({ value: x.id, label: x.name }));
  const priceOptions = (prices.data ?? [])
    .filter((p) => p.resourceType !== 'device')
    .map((p) => ({ value: p.id, label: `${p.name} · ${t(`types.${p.resourceType}`)} · ${p.rate}/${t(`units.${p.unit}`)}` }));
  return (
    <BlankFrame title={`${tg('blank.addNewWork')}${detail.data ? ` · ${detail.data.project.name}` : ''}`}>
      <Form form={form} layout="vertical" initialValues={{ workDate: dayjs(), hours: 8, submit: true }} style={{ maxWidth: 640 }} data-testid="form-addNewWork">
        {editing && <Alert type="info" showIcon message={t('editing')} style={{ marginBottom: 12 }} data-testid="time-editing" />}
        {!fixed && !editing && (
          <Form.Item label={t('project')} required>
            <ProjectSelect value={picked} onChange={setPicked} data-testid="work-project" />
          </Form.Item>
        )}
        <Form.Item name="taskId" label={t('task')} rules={[{ required: true, message: t('required', { f: t('task') }) }]}>
          <Select showSearch optionFilterProp="label" options={tasks} data-testid="work-task" />
        </Form.Item>
        <Form.Item name="workDate" label={t('workDate')} rules={[{ required: true, message: t('required', { f: t('workDate') }) }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="hours" label={t('hours')} rules={[{ required: true, message: t('required', { f: t('hours') }) }]}>
          <InputNumber min={0.25} max={24} step={0.5} precision={2} style={{ width: '100%' }} data-testid="work-hours" />
        </Form.Item>
        <Form.Item name="resourcePriceId" label={t('resource')}>
          <Select allowClear showSearch optionFilterProp="label" options={priceOptions} />
        </Form.Item>
        <Form.Item name="content" label={t('content')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item name="submit" valuePropName="checked" hidden={!!editing}>
          <Checkbox>{t('submitNow')}</Checkbox>
        </Form.Item>
        <Space wrap>
          <Button type="primary" disabled={!projectId} onClick={() => void save()} data-testid="save-doc">
            {t('save')}
          </Button>
          {editing && <Button onClick={stopEditing}>{t('cancelEdit')}</Button>}
        </Space>
      </Form>
      {projectId && <Entries projectId={projectId} onEdit={edit} />}
    </BlankFrame>
  );
}
