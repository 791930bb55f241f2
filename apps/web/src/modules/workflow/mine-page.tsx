import { useState } from 'react';
import { App, Button, Card, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { workflowApi, type MyInstance } from './workflow-api.ts';
import { useWorkflowT } from './workflow-i18n.ts';

const COLORS: Record<string, string> = { running: 'purple', returned: 'orange', passed: 'green', rejected: 'red', withdrawn: 'default' };

/** 我的任务: the approvals I started, where each stands, and withdraw while it runs (the server refuses once someone acted). */
export function MinePage(_: ScreenProps) {
  const { t } = useWorkflowT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 10 });
  const list = useQuery({ queryKey: ['wf-mine', page], queryFn: () => workflowApi.mine(page) });
  const withdraw = async (id: number) => {
    try {
      message.success((await workflowApi.withdraw(id)).message);
      void queryClient.invalidateQueries({ queryKey: ['wf-mine'] });
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
    }
  };
  const columns = [
    { title: t('number'), dataIndex: 'busNumber', width: 170 },
    { title: t('docType'), dataIndex: 'docLabel', width: 100 },
    { title: t('process'), key: 'process', width: 180, render: (_: unknown, r: MyInstance) => `${r.processName} v${r.version}` },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: string) => <Tag color={COLORS[v]}>{t(`i.${v}`)}</Tag> },
    { title: t('node'), dataIndex: 'nodeName', width: 140 },
    { title: t('startTime'), dataIndex: 'startTime', width: 165 },
    { title: t('endTime'), dataIndex: 'endTime', width: 165 },
    {
      title: t('actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, r: MyInstance) =>
        r.status === 'running' && (
          <Button type="link" size="small" onClick={() => void withdraw(r.id)}>
            {t('withdraw')}
          </Button>
        ),
    },
  ];
  return (
    <Card size="small" data-testid="wf-mine-page">
      <PagedTable<MyInstance> list={list} page={page} setPage={setPage} columns={columns} />
    </Card>
  );
}
