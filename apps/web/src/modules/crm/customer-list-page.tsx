import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { crmApi, type CustomerRow, type Scope } from './crm-api.ts';
import { useCrmT } from './crm-i18n.ts';
import { useRun } from './use-run.ts';
import { CustomerDrawer } from './customer-drawer.tsx';
import { PoolRulesDialog } from './pool-rules-dialog.tsx';

const SCOPE: Record<string, Scope> = { '/crm/potential_customer': 'lead', '/crm/high_seas': 'pool', '/crm/customer_archive': 'archive' };

/** 潜在客户, 公海客户 and 客户档案: one list per scope, with the scope's actions (claim, convert, release) and the customer drawer. */
export function CustomerListPage({ path }: ScreenProps) {
  const scope = SCOPE[path] ?? 'archive';
  const { t } = useCrmT();
  const run = useRun();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<{ name?: string; mine?: boolean }>({});
  const [open, setOpen] = useState<number>();
  const [adding, setAdding] = useState(false);
  const [rules, setRules] = useState(false);
  const list = useQuery({ queryKey: ['crm', scope, page, filter], queryFn: () => crmApi.customers(scope, { ...page, ...filter }) });
  const actions = (r: CustomerRow) => (
    <Space size={0} wrap>
      {scope === 'pool' && (
        <Button type="link" size="small" onClick={() => void run(crmApi.claim(r.id), t('ok'))}>
          {t('claim')}
        </Button>
      )}
      {scope === 'lead' && (
        <Button type="link" size="small" onClick={() => void run(crmApi.convert(r.id), t('ok'))}>
          {t('convert')}
        </Button>
      )}
      {scope !== 'pool' && r.ownerId !== null && (
        <Popconfirm title={t('release')} onConfirm={() => run(crmApi.release(r.id), t('ok'))}>
          <Button type="link" size="small">
            {t('release')}
          </Button>
        </Popconfirm>
      )}
      {scope !== 'pool' && r.ownerId !== null && (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {t('detail')}
        </Button>
      )}
    </Space>
  );
  const columns = [
    { title: t('name'), dataIndex: 'name', width: 180 },
    { title: t('contacts'), dataIndex: 'contacts', width: 100 },
    { title: t('phone'), dataIndex: 'phone', width: 120 },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: string) => <Tag color={v === 'lead' ? 'orange' : 'blue'}>{t(v)}</Tag> },
    { title: t('owner'), dataIndex: 'ownerName', width: 100 },
    { title: t('grade'), dataIndex: 'grade', width: 70 },
    { title: t('tags'), dataIndex: 'tags', width: 120 },
    { title: t('lastFollow'), dataIndex: 'lastFollowTime', width: 160 },
    { title: t('nextFollow'), dataIndex: 'nextFollowDate', width: 110 },
    { title: t('actions'), key: 'a', width: 200, fixed: 'right' as const, render: (_: unknown, r: CustomerRow) => actions(r) },
  ];
  const reclaim = async () => {
    const r = await run(crmApi.reclaim());
    if (r) Modal.info({ content: t('reclaimed', r) });
  };
  return (
    <Card size="small" data-testid={`crm-${scope}-page`}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input
          style={{ width: 180 }}
          placeholder={t('name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => setFilter({ ...filter, name: name.trim() || undefined })}
        />
        {scope !== 'pool' && (
          <Checkbox checked={!!filter.mine} onChange={(e) => setFilter({ ...filter, mine: e.target.checked })}>
            {t('mine')}
          </Checkbox>
        )}
        <Button onClick={() => setFilter({ ...filter, name: name.trim() || undefined })}>{t('search')}</Button>
        {scope === 'lead' && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('addLead')}
          </Button>
        )}
        {scope === 'pool' && <Button onClick={() => void reclaim()}>{t('reclaim')}</Button>}
        {scope === 'pool' && <Button onClick={() => setRules(true)}>{t('rules')}</Button>}
      </Space>
      <PagedTable<CustomerRow> list={list} page={page} setPage={setPage} sizes={[10, 20, 50, 100]} columns={columns} />
      <CustomerDrawer partnerId={open} onClose={() => setOpen(undefined)} />
      <LeadDialog open={adding} onClose={() => setAdding(false)} />
      <PoolRulesDialog open={rules} onClose={() => setRules(false)} />
    </Card>
  );
}

function LeadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useCrmT();
  const run = useRun();
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const clean = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')) as { name: string };
    if (await run(crmApi.addLead(clean), t('ok'))) {
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal open={open} title={t('addLead')} onCancel={onClose} onOk={() => void save()} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('name')} rules={[{ required: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contacts" label={t('contacts')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="taxNum" label={t('taxNum')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="toPool" valuePropName="checked">
          <Checkbox>{t('toPool')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
