import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { projectApi } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';
import { BlankFrame, useNumberParam, usePickers, ymd } from './blank-frame.tsx';
import { useRun } from './use-run.ts';
import { CategorySelect } from './category-select.tsx';

/** /blank/newProject: a project (or a template), optionally from a template whose task tree it copies. */
export function NewProjectPage() {
  const { t } = useProjectT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const [params] = useSearchParams();
  const { users, partners } = usePickers();
  const templates = useQuery({
    queryKey: ['project', 'templates'],
    queryFn: () => projectApi.list({ template: '1', currentPage: 1, pageSize: 500 }),
  });
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const r = await run(projectApi.add({ ...v, startDate: ymd(v.startDate), budget: v.budget != null ? String(v.budget) : undefined }), t('saved'));
    if (r) navigate(`/blank/projectDetail?id=${r.id}`, { replace: true });
  };
  return (
    <BlankFrame title={tg('blank.newProject')}>
      <Form form={form} layout="vertical" initialValues={{ startDate: dayjs(), isTemplate: params.get('template') === '1' }} style={{ maxWidth: 640 }}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required', { f: t('name') }) }]}>
          <Input maxLength={100} data-testid="project-name" />
        </Form.Item>
        <Form.Item name="templateId" label={t('template')}>
          <Select allowClear data-testid="project-template" options={(templates.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item name="categoryId" label={t('category')}>
          <CategorySelect data-testid="project-category" />
        </Form.Item>
        <Form.Item name="startDate" label={t('startDate')} rules={[{ required: true, message: t('required', { f: t('startDate') }) }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="managerId" label={t('manager')}>
          <Select allowClear showSearch optionFilterProp="label" options={users} />
        </Form.Item>
        <Form.Item name="partnerId" label={t('customer')}>
          <Select allowClear showSearch optionFilterProp="label" options={partners} />
        </Form.Item>
        <Form.Item name="budget" label={t('budget')}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} stringMode />
        </Form.Item>
        <Form.Item name="isTemplate" valuePropName="checked">
          <Checkbox>{t('isTemplate')}</Checkbox>
        </Form.Item>
        <Button type="primary" onClick={() => void save()} data-testid="save-project">
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}

/** /blank/newTask?projectId=: a task of the project's WBS (under a parent, a duration in working days, optionally pinned). */
export function NewTaskPage() {
  const { t } = useProjectT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const projectId = useNumberParam('projectId');
  const { users } = usePickers();
  const detail = useQuery({ queryKey: ['project', 'detail', projectId], queryFn: () => projectApi.detail(projectId!), enabled: !!projectId });
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const r = await run(projectApi.addTask({ ...v, projectId, pinnedStart: ymd(v.pinnedStart) ?? null }), t('saved'));
    if (r) navigate(`/blank/projectDetail?id=${projectId}`, { replace: true });
  };
  if (!projectId) return <BlankFrame title={tg('blank.newTask')}>{t('noProject')}</BlankFrame>;
  return (
    <BlankFrame title={`${tg('blank.newTask')} · ${detail.data?.project.name ?? ''}`}>
      <Form form={form} layout="vertical" initialValues={{ duration: 1 }} style={{ maxWidth: 640 }}>
        <Form.Item name="name" label={t('task')} rules={[{ required: true, message: t('required', { f: t('task') }) }]}>
          <Input maxLength={100} data-testid="task-name" />
        </Form.Item>
        <Form.Item name="parentId" label={t('parent')}>
          <Select allowClear options={(detail.data?.tasks ?? []).map((x) => ({ value: x.id, label: x.name }))} />
        </Form.Item>
        <Form.Item name="duration" label={t('duration')} rules={[{ required: true }]}>
          <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} data-testid="task-duration" />
        </Form.Item>
        <Form.Item name="pinnedStart" label={t('pinned')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="assigneeId" label={t('assignee')}>
          <Select allowClear showSearch optionFilterProp="label" options={users} />
        </Form.Item>
        <Button type="primary" onClick={() => void save()} data-testid="save-task">
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}
