import { useEffect, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Select, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../platform/http.ts';
import { UploadField, useUploading } from '../../platform/crud/upload-field.tsx';
import { useProjectT } from './project-i18n.ts';
import { BlankFrame, useNumberParam, usePickers, ymd } from './blank-frame.tsx';
import { FileLinks } from './file-links.tsx';
import { useRun } from './use-run.ts';

type Values = Record<string, unknown>;

/**
 * The frame every form here shares: the /blank title, the project from ?projectId=, save posts `url` with the
 * form's values (dates as days) and returns to the kind's menu list.
 */
function DocForm(props: {
  page: string;
  title?: string;
  url: string;
  list: string;
  initial?: Values;
  dates?: string[];
  children: ReactNode;
  extra?: Values;
  /** with ?id=: the record is loaded from `detail` and saved through `update` */
  edit?: { detail: string; update: string };
}) {
  const { t } = useProjectT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const projectId = useNumberParam('projectId');
  const editId = useNumberParam('id');
  const editing = !!(editId && props.edit);
  const [form] = Form.useForm();
  const uploading = useUploading();
  const loaded = useQuery({
    queryKey: ['project', 'doc', props.edit?.detail, editId],
    queryFn: async () => unwrap(await http.get<Values>(props.edit!.detail, { id: editId! })),
    enabled: editing,
  });
  // the loaded record fills the form once per load (the dates as a string: a new array each render would refill it)
  const dateKey = (props.dates ?? []).join(',');
  useEffect(() => {
    if (!loaded.data) return;
    const v = { ...loaded.data };
    for (const d of dateKey.split(',').filter(Boolean)) v[d] = v[d] ? dayjs(v[d] as string) : null;
    form.setFieldsValue(v);
  }, [loaded.data, form, dateKey]);
  const title = `${props.title ?? tg(`blank.${props.page}`)}${editing ? ` · ${t('te.edit')}` : ''}`;
  const save = async () => {
    const v = (await form.validateFields()) as Values;
    for (const d of props.dates ?? []) v[d] = ymd(v[d] as dayjs.Dayjs | undefined) ?? null;
    const call = editing
      ? http.post<{ id: number }>(props.edit!.update, { ...v, id: editId })
      : http.post<{ id: number }>(props.url, { ...v, projectId, ...props.extra });
    const r = await run(call.then(unwrap), t('saved'));
    if (r) navigate(props.list, { replace: true });
  };
  if (!projectId && !props.extra && !editing) return <BlankFrame title={title}>{t('noProject')}</BlankFrame>;
  return (
    <BlankFrame title={title}>
      <Form form={form} layout="vertical" initialValues={props.initial} style={{ maxWidth: 720 }} data-testid={`form-${props.page}`}>
        {props.children}
        <Button type="primary" loading={uploading} onClick={() => void save()} data-testid="save-doc">
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}

const need = (t: TFunction<'project'>, label: string) => [{ required: true, whitespace: true, message: t('required', { f: label }) }];

/** /blank/newAcceptance?projectId=: criteria, result, sign-off (signer and date once decided) and files. */
export function NewAcceptancePage() {
  const { t } = useProjectT();
  return (
    <DocForm
      page="newAcceptance"
      url="/project/acceptance/add"
      list="/project/acceptance"
      initial={{ result: 'pending' }}
      dates={['signDate']}
      edit={{ detail: '/project/acceptance/detail', update: '/project/acceptance/update' }}
    >
      <Form.Item name="title" label={t('d.title')} rules={need(t, t('d.title'))}>
        <Input maxLength={100} data-testid="doc-title" />
      </Form.Item>
      <Form.Item name="criteria" label={t('d.criteria')} rules={need(t, t('d.criteria'))}>
        <Input.TextArea maxLength={2000} rows={3} data-testid="doc-criteria" />
      </Form.Item>
      <Form.Item name="result" label={t('d.result')}>
        <Select options={['pending', 'passed', 'failed'].map((v) => ({ value: v, label: t(`ar.${v}`) }))} />
      </Form.Item>
      <Form.Item name="signer" label={t('d.signer')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="signDate" label={t('d.signDate')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="fileName" label={t('d.files')}>
        <UploadField kind="files" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </DocForm>
  );
}

/** /blank/newProblem and /blank/newAfterSales?projectId=: an after-sales problem. */
export function ProblemForm({ page }: { page: string }) {
  const { t } = useProjectT();
  const { users } = usePickers();
  return (
    <DocForm
      page={page}
      url="/project/after_sales/add"
      list="/project/after_sales"
      edit={{ detail: '/project/after_sales/detail', update: '/project/after_sales/update' }}
      initial={{ severity: 'medium', status: 'open', reportDate: dayjs() }}
      dates={['reportDate']}
    >
      <Form.Item name="title" label={t('d.problem')} rules={need(t, t('d.problem'))}>
        <Input maxLength={100} data-testid="doc-title" />
      </Form.Item>
      <Form.Item name="description" label={t('d.description')}>
        <Input.TextArea maxLength={2000} rows={3} />
      </Form.Item>
      <Form.Item name="severity" label={t('d.severity')}>
        <Select options={['low', 'medium', 'high'].map((v) => ({ value: v, label: t(`sv.${v}`) }))} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Select options={['open', 'resolved', 'closed'].map((v) => ({ value: v, label: t(`ps.${v}`) }))} />
      </Form.Item>
      <Form.Item name="reportDate" label={t('d.reportDate')} rules={[{ required: true, message: t('required', { f: t('d.reportDate') }) }]}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reporter" label={t('d.reporter')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="ownerId" label={t('owner')}>
        <Select allowClear showSearch optionFilterProp="label" options={users} />
      </Form.Item>
      <Form.Item name="solution" label={t('d.solution')}>
        <Input.TextArea maxLength={2000} rows={2} />
      </Form.Item>
    </DocForm>
  );
}
export const NewAfterSalesPage = () => <ProblemForm page="newAfterSales" />;
export const NewProblemPage = () => <ProblemForm page="newProblem" />;

/** /blank/newSummary?projectId=: what was done and the lessons learned. */
export function NewSummaryPage() {
  const { t } = useProjectT();
  return (
    <DocForm
      page="newSummary"
      url="/project/summary/add"
      list="/project/summary"
      initial={{ summaryDate: dayjs() }}
      dates={['summaryDate']}
      edit={{ detail: '/project/summary/detail', update: '/project/summary/update' }}
    >
      <Form.Item name="title" label={t('d.summaryTitle')} rules={need(t, t('d.summaryTitle'))}>
        <Input maxLength={100} data-testid="doc-title" />
      </Form.Item>
      <Form.Item name="summaryDate" label={t('d.summaryDate')} rules={[{ required: true, message: t('required', { f: t('d.summaryDate') }) }]}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="content" label={t('d.content')} rules={need(t, t('d.content'))}>
        <Input.TextArea maxLength={5000} rows={5} data-testid="doc-content" />
      </Form.Item>
      <Form.Item name="lessons" label={t('d.lessons')}>
        <Input.TextArea maxLength={2000} rows={3} />
      </Form.Item>
    </DocForm>
  );
}

interface Version {
  version: number;
  fileName: string;
  note: string | null;
  creatorName: string | null;
  createTime: string;
}

/**
 * /blank/newDeliverables?projectId=: a deliverable and its first upload; with &deliverableId= its versions,
 * newest first, and the upload of the next one (the earlier versions stay).
 */
export function NewDeliverablePage() {
  const { t } = useProjectT();
  const deliverableId = useNumberParam('deliverableId');
  const versions = useQuery({
    queryKey: ['project', 'deliverable-versions', deliverableId],
    queryFn: async () => unwrap(await http.get<Version[]>('/project/deliverables/versions', { id: deliverableId })),
    enabled: !!deliverableId,
  });
  const files = (
    <Form.Item name="fileName" label={t('d.files')} rules={[{ required: true, message: t('required', { f: t('d.files') }) }]}>
      <UploadField kind="files" />
    </Form.Item>
  );
  if (deliverableId)
    return (
      <DocForm
        page="newDeliverables"
        title={t('d.newVersion')}
        url="/project/deliverables/version"
        list="/project/deliverables"
        extra={{ deliverableId, projectId: undefined }}
      >
        <Table<Version>
          rowKey="version"
          size="small"
          pagination={false}
          style={{ marginBottom: 16 }}
          scroll={{ x: 520 }}
          loading={versions.isLoading}
          dataSource={versions.data ?? []}
          title={() => t('d.versions')}
          data-testid="deliverable-version-table"
          columns={[
            { key: 'version', dataIndex: 'version', title: t('d.version'), width: 70, render: (v: number) => `v${v}` },
            { key: 'fileName', dataIndex: 'fileName', title: t('d.files'), render: (v: string) => <FileLinks value={v} /> },
            { key: 'note', dataIndex: 'note', title: t('d.note'), width: 140 },
            { key: 'creatorName', dataIndex: 'creatorName', title: t('d.creator'), width: 90 },
            { key: 'createTime', dataIndex: 'createTime', title: t('d.updateTime'), width: 130 },
          ]}
        />
        {files}
        <Form.Item name="note" label={t('d.note')}>
          <Input maxLength={500} />
        </Form.Item>
      </DocForm>
    );
  return (
    <DocForm page="newDeliverables" url="/project/deliverables/add" list="/project/deliverables">
      <Form.Item name="name" label={t('d.deliverable')} rules={need(t, t('d.deliverable'))}>
        <Input maxLength={100} data-testid="doc-title" />
      </Form.Item>
      {files}
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </DocForm>
  );
}
