import { useState } from 'react';
import { Card, Progress, Select, Space, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../shell/screen.ts';
import { http, unwrap } from '../../platform/http.ts';
import { i18n } from '../../platform/i18n/index.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';

type State = 'queued' | 'running' | 'done' | 'failed';
interface Job {
  id: number;
  name: string;
  state: State;
  progress: string;
  progressMessage: string | null;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  createTime: string;
  startTime: string | null;
  finishTime: string | null;
}

const NS = 'jobs';
const zh = {
  name: '任务',
  state: '状态',
  progress: '进度',
  attempts: '尝试次数',
  error: '错误',
  created: '创建时间',
  started: '开始时间',
  finished: '结束时间',
  allStates: '全部状态',
  total: '第 {{a}}-{{b}} 条，共 {{total}} 条',
  s: { queued: '排队中', running: '运行中', done: '已完成', failed: '失败' },
  n: { reminders: '提醒' },
};
const en: typeof zh = {
  name: 'Job',
  state: 'State',
  progress: 'Progress',
  attempts: 'Attempts',
  error: 'Error',
  created: 'Created',
  started: 'Started',
  finished: 'Finished',
  allStates: 'All states',
  total: '{{a}}-{{b}} of {{total}}',
  s: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' },
  n: { reminders: 'Reminders' },
};
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

const COLORS: Record<State, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** 后台任务: the company's background jobs with state and a progress bar, refreshed while any is unfinished. */
export function JobPage(_: ScreenProps) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 10 });
  const [state, setState] = useState<State>();
  const list = useQuery({
    queryKey: ['jobs', page, state],
    queryFn: async () => unwrap(await http.get<{ rows: Job[]; total: number }>('/job/list', { ...page, state })),
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.state === 'queued' || r.state === 'running') ? 2000 : false),
  });
  const columns = [
    { title: t('name'), dataIndex: 'name', width: 160, render: (v: string) => t(`n.${v}`, { defaultValue: v }) },
    { title: t('state'), dataIndex: 'state', width: 100, render: (v: State) => <Tag color={COLORS[v]}>{t(`s.${v}`)}</Tag> },
    {
      title: t('progress'),
      key: 'progress',
      width: 240,
      render: (_: unknown, r: Job) => (
        <Tooltip title={r.progressMessage}>
          <Progress
            percent={Number(r.progress)}
            size="small"
            status={r.state === 'failed' ? 'exception' : r.state === 'running' ? 'active' : r.state === 'done' ? 'success' : 'normal'}
            data-testid="job-progress"
          />
        </Tooltip>
      ),
    },
    { title: t('attempts'), key: 'attempts', width: 90, render: (_: unknown, r: Job) => `${r.attempts} / ${r.maxAttempts}` },
    { title: t('error'), dataIndex: 'error', width: 220, ellipsis: true },
    { title: t('created'), dataIndex: 'createTime', width: 170 },
    { title: t('started'), dataIndex: 'startTime', width: 170 },
    { title: t('finished'), dataIndex: 'finishTime', width: 170 },
  ];
  return (
    <Card size="small" data-testid="job-page">
      <Space style={{ marginBottom: 12 }}>
        <Select<State>
          allowClear
          style={{ width: 160 }}
          placeholder={t('allStates')}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          options={(['queued', 'running', 'done', 'failed'] as const).map((s) => ({ value: s, label: t(`s.${s}`) }))}
        />
      </Space>
      <PagedTable<Job> list={list} page={page} setPage={setPage} columns={columns} data-testid="job-table" />
    </Card>
  );
}
