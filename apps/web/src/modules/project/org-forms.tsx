import { useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { projectApi } from './project-api.ts';
import { BlankFrame, useNumberParam, usePickers, ymd } from './blank-frame.tsx';
import { ProjectSelect } from './project-select.tsx';
import { workApi, type OnlineRecord } from './work-api.ts';
import { useWorkT } from './work-i18n.ts';
import { useRun } from './use-run.ts';

const ROLES = ['manager', 'member', 'finance', 'viewer'] as const;

/** The project of a form: ?projectId= when given, else picked here; `children` render once there is one. */
function ProjectPick({ children }: { children: (projectId: number) => ReactNode }) {
  const { t } = useWorkT();
  const fixed = useNumberParam('projectId');
  const [picked, setPicked] = useState<number>();
  const projectId = fixed ?? picked;
  return (
    <>
      {!fixed && (
        <Form layout="vertical" component="div" style={{ maxWidth: 640 }}>
          <Form.Item label={t('project')} required>
            <ProjectSelect value={picked} onChange={setPicked} placeholder={t('pickProject')} data-testid="pick-project" />
          </Form.Item>
        </Form>
      )}
      {projectId ? children(projectId) : null}
    </>
  );
}

/** The members and their roles; adding or removing one saves the whole organization. */
function Organization({ projectId }: { projectId: number }) {
  const { t } = useWorkT();
  const run = useRun();
  const { users } = usePickers();
  const detail = useQuery({ queryKey: ['project', 'detail', projectId], queryFn: () => projectApi.detail(projectId) });
  const members = detail.data?.members ?? [];
  const [form] = Form.useForm<{ userId: number; role: string }>();
  const save = (next: Array<{ userId: number; role: string }>) => run(workApi.members(projectId, next), t('saved'));
  const add = async () => {
    const v = await form.validateFields();
    const next = [...members.filter((m) => m.userId !== v.userId).map(({ userId, role }) => ({ userId, role })), v];
    if (await save(next)) form.resetFields(['userId']);
  };
  return (
    <>
      <Form form={form} layout="vertical" initialValues={{ role: 'member' }} style={{ maxWidth: 640 }} data-testid="form-newOrganization">
        <Form.Item name="userId" label={t('user')} rules={[{ required: true, message: t('required', { f: t('user') }) }]}>
          <Select showSearch optionFilterProp="label" options={users} data-testid="org-user" />
        </Form.Item>
        <Form.Item name="role" label={t('role')}>
          <Select options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} data-testid="org-role" />
        </Form.Item>
        <Button type="primary" onClick={() => void add()} data-testid="save-doc">
          {t('addMember')}
        </Button>
      </Form>
      <Table
        rowKey="userId"
        size="small"
        style={{ marginTop: 16 }}
        pagination={false}
        loading={detail.isLoading}
        dataSource={members}
        title={() => t('members')}
        data-testid="org-table"
        columns={[
          { key: 'username', dataIndex: 'username', title: t('user') },
          { key: 'role', dataIndex: 'role', title: t('role'), render: (r: string) => t(`roles.${r}`) },
          {
            key: 'act',
            title: '',
            width: 80,
            render: (_: unknown, m: { userId: number }) => (
              <Button size="small" danger onClick={() => void save(members.filter((x) => x.userId !== m.userId).map(({ userId, role }) => ({ userId, role })))}>
                {t('remove')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

/** /blank/newOrganization?projectId=: the project organization — add a member with a role, or remove one. */
export function NewOrganizationPage() {
  const { t: tg } = useTranslation();
  return (
    <BlankFrame title={tg('blank.newOrganization')}>
      <ProjectPick>{(id) => <Organization projectId={id} />}</ProjectPick>
    </BlankFrame>
  );
}

/** /blank/warrantyProject?projectId=: a warranty project after a closed one (its customer, manager and members). */
export function WarrantyProjectPage() {
  const { t } = useWorkT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const from = useNumberParam('projectId');
  const closed = useQuery({
    queryKey: ['project', 'list', 'closed'],
    queryFn: () => projectApi.list({ status: 'closed', template: '0', currentPage: 1, pageSize: 500 }),
  });
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const r = await run(workApi.warranty(v.id, ymd(v.startDate)!), t('saved'));
    if (r) navigate(`/blank/projectDetail?id=${r.id}`, { replace: true });
  };
  return (
    <BlankFrame title={tg('blank.warrantyProject')}>
      <Form form={form} layout="vertical" initialValues={{ id: from, startDate: dayjs() }} style={{ maxWidth: 640 }} data-testid="form-warrantyProject">
        <Alert type="info" showIcon message={t('warrantyHint')} style={{ marginBottom: 16 }} />
        <Form.Item name="id" label={t('closedProject')} rules={[{ required: true, message: t('required', { f: t('closedProject') }) }]}>
          <Select showSearch optionFilterProp="label" options={(closed.data?.rows ?? []).map((p) => ({ value: p.id, label: `${p.number} ${p.name}` }))} />
        </Form.Item>
        <Form.Item name="startDate" label={t('startDate')} rules={[{ required: true, message: t('required', { f: t('startDate') }) }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" onClick={() => void save()} data-testid="save-doc">
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}

function GoLive({ projectId }: { projectId: number }) {
  const { t } = useWorkT();
  const navigate = useNavigate();
  const run = useRun();
  const records = useQuery({ queryKey: ['project', 'online', projectId], queryFn: () => workApi.online(projectId) });
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const r = await run(workApi.addOnline({ ...v, projectId, onlineDate: ymd(v.onlineDate), signDate: ymd(v.signDate) ?? null }), t('saved'));
    if (r) navigate(`/blank/projectDetail?id=${projectId}`, { replace: true });
  };
  return (
    <>
      <Form form={form} layout="vertical" initialValues={{ onlineDate: dayjs() }} style={{ maxWidth: 640 }} data-testid="form-newOnline">
        <Alert type="info" showIcon message={t('onlineHint')} style={{ marginBottom: 16 }} />
        <Form.Item name="onlineDate" label={t('onlineDate')} rules={[{ required: true, message: t('required', { f: t('onlineDate') }) }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="scope" label={t('scope')} rules={[{ required: true, whitespace: true, message: t('required', { f: t('scope') }) }]}>
          <Input.TextArea maxLength={2000} rows={3} data-testid="online-scope" />
        </Form.Item>
        <Space wrap style={{ width: '100%' }} size={16}>
          <Form.Item name="signer" label={t('signer')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="signDate" label={t('signDate')}>
            <DatePicker />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Button type="primary" onClick={() => void save()} data-testid="save-doc">
          {t('save')}
        </Button>
      </Form>
      {!!records.data?.length && (
        <Table<OnlineRecord>
          rowKey="id"
          size="small"
          style={{ marginTop: 16 }}
          pagination={false}
          scroll={{ x: 520 }}
          dataSource={records.data}
          title={() => t('records')}
          columns={[
            { key: 'onlineDate', dataIndex: 'onlineDate', title: t('onlineDate'), width: 105 },
            { key: 'scope', dataIndex: 'scope', title: t('scope'), ellipsis: true },
            { key: 'signer', dataIndex: 'signer', title: t('signer'), width: 90 },
            { key: 'signDate', dataIndex: 'signDate', title: t('signDate'), width: 105 },
          ]}
        />
      )}
    </>
  );
}

/** /blank/newOnline?projectId=: a go-live record — the date, what went live, the sign-off. */
export function NewOnlinePage() {
  const { t: tg } = useTranslation();
  return (
    <BlankFrame title={tg('blank.newOnline')}>
      <ProjectPick>{(id) => <GoLive projectId={id} />}</ProjectPick>
    </BlankFrame>
  );
}

/** /blank/newResourcePricing: a rate per hour or day of a role, a person or a device (the 资源定价 list's add form). */
export function NewResourcePricingPage() {
  const { t } = useWorkT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const r = await run(workApi.addPrice({ ...v, rate: String(v.rate) }), t('saved'));
    if (r) navigate('/project/resource_pricing', { replace: true });
  };
  const need = (f: string) => [{ required: true, whitespace: true, message: t('required', { f }) }];
  return (
    <BlankFrame title={tg('blank.newResourcePricing')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ resourceType: 'role', unit: 'hour' }}
        style={{ maxWidth: 640 }}
        data-testid="form-newResourcePricing"
      >
        <Form.Item name="resourceType" label={t('resourceType')}>
          <Select options={(['role', 'person', 'device'] as const).map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={need(t('name'))}>
          <Input maxLength={50} data-testid="price-name" />
        </Form.Item>
        <Form.Item name="unit" label={t('unit')}>
          <Select options={(['hour', 'day'] as const).map((v) => ({ value: v, label: t(`units.${v}`) }))} />
        </Form.Item>
        <Form.Item name="rate" label={t('rate')} rules={[{ required: true, message: t('required', { f: t('rate') }) }]}>
          <InputNumber min={0} precision={2} stringMode style={{ width: '100%' }} data-testid="price-rate" />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        <Button type="primary" onClick={() => void save()} data-testid="save-doc">
          {t('save')}
        </Button>
      </Form>
    </BlankFrame>
  );
}
