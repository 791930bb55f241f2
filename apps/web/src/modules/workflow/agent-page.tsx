import { useState } from 'react';
import { App, Button, Card, DatePicker, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { ScreenProps } from '../../shell/screen.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { workflowApi, type Delegation } from './workflow-api.ts';
import { useWorkflowT } from './workflow-i18n.ts';

/** 代理设置: my delegations (all of the company for an administrator); while one covers today, my new tasks go to the agent. */
export function AgentPage(_: ScreenProps) {
  const { t } = useWorkflowT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 10 });
  const [agentId, setAgentId] = useState<number>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [remark, setRemark] = useState('');
  const list = useQuery({ queryKey: ['wf-agents', page], queryFn: () => workflowApi.agents(page) });
  const users = useQuery({ queryKey: ['wf-users'], queryFn: workflowApi.users, staleTime: 60_000 });
  const run = async (call: Promise<{ message: string }>) => {
    try {
      message.success((await call).message);
      void queryClient.invalidateQueries({ queryKey: ['wf-agents'] });
      return true;
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
      return false;
    }
  };
  const add = async () => {
    if (!agentId || !range?.[0] || !range[1]) return;
    const d = { agentId, beginDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD'), remark: remark.trim() || undefined };
    if (await run(workflowApi.addAgent(d))) setRemark('');
  };
  const columns = [
    { title: t('principal'), dataIndex: 'principalName', width: 120 },
    { title: t('agent'), dataIndex: 'agentName', width: 120 },
    { title: t('range'), key: 'range', width: 220, render: (_: unknown, r: Delegation) => `${r.beginDate} ~ ${r.endDate}` },
    { title: t('active'), dataIndex: 'active', width: 80, render: (v: boolean) => (v ? <Tag color="green">{t('active')}</Tag> : null) },
    { title: t('remark'), dataIndex: 'remark', width: 200, ellipsis: true },
    {
      title: t('actions'),
      key: 'actions',
      width: 80,
      render: (_: unknown, r: Delegation) => (
        <Popconfirm title={t('deleteConfirm')} onConfirm={() => run(workflowApi.removeAgent(r.id))}>
          <Button type="link" size="small" danger>
            {t('delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card size="small" data-testid="wf-agent-page">
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          placeholder={t('agent')}
          value={agentId}
          onChange={setAgentId}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.username }))}
        />
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} />
        <Input style={{ width: 200 }} placeholder={t('remark')} value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} />
        <Button type="primary" disabled={!agentId || !range?.[0] || !range[1]} onClick={() => void add()}>
          {t('add')}
        </Button>
      </Space>
      <PagedTable<Delegation> list={list} page={page} setPage={setPage} columns={columns} />
    </Card>
  );
}
