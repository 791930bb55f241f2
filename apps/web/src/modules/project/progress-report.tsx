import { useState } from 'react';
import { Button, Drawer, Progress, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { http, unwrap } from '../../platform/http.ts';
import { StatusTag } from './status-tag.tsx';
import type { ProjectStatus } from './project-api.ts';
import { useProgressT } from './progress-i18n.ts';
import { params, ReportFilters, type ReportSearch } from './report-filters.tsx';
import { TaskProgressDialog, type ProgressTarget } from './task-progress-dialog.tsx';

interface ProgressRow {
  id: number;
  projectId: number;
  projectNumber: string;
  projectName: string;
  status: ProjectStatus;
  managerName: string | null;
  plannedStart: string;
  plannedEnd: string | null;
  actualStart: string | null;
  actualEnd: string | null;
  percent: string;
  tasks: number;
  done: number;
  overdue: number;
  finishedLate: number;
  late: boolean;
}
type TaskState = 'done' | 'doneLate' | 'overdue' | 'lateStart' | 'inProgress' | 'notStarted';
interface TaskRow {
  id: number;
  name: string;
  level: number;
  summary: boolean;
  assigneeName: string | null;
  plannedStart: string | null;
  plannedEnd: string | null;
  actualStart: string | null;
  actualEnd: string | null;
  progress: number;
  state: TaskState;
  delayDays: number;
}
const STATE_COLOR: Record<TaskState, string> = {
  done: 'success',
  doneLate: 'warning',
  overdue: 'error',
  lateStart: 'orange',
  inProgress: 'processing',
  notStarted: 'default',
};
const URL = '/project/report/progress';

/** One project's tasks in WBS order: planned and actual dates, progress, state and delay. */
function TaskProgress({ project, asOf, onClose }: { project?: ProgressRow; asOf: string; onClose: () => void }) {
  const { t } = useProgressT();
  const [editing, setEditing] = useState<ProgressTarget>();
  const q = useQuery({
    queryKey: ['project', 'report', 'progress-tasks', project?.projectId, asOf],
    queryFn: async () => unwrap(await http.get<{ rows: TaskRow[] }>(`${URL}/tasks`, { projectId: project!.projectId, asOf })),
    enabled: !!project,
  });
  return (
    <Drawer open={!!project} onClose={onClose} width="min(960px, 100vw)" title={project ? t('tasksOf', { name: project.projectName }) : ''} destroyOnHidden>
      <Table<TaskRow>
        rowKey="id"
        size="small"
        bordered
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 960 }}
        data-testid="progress-task-table"
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: t('task'),
            width: 200,
            render: (v: string, r) => <span style={{ paddingLeft: r.level * 16, fontWeight: r.summary ? 600 : undefined }}>{v}</span>,
          },
          { key: 'assigneeName', dataIndex: 'assigneeName', title: t('assignee'), width: 90 },
          { key: 'plannedStart', dataIndex: 'plannedStart', title: t('plannedStart'), width: 105 },
          { key: 'plannedEnd', dataIndex: 'plannedEnd', title: t('plannedEnd'), width: 105 },
          { key: 'actualStart', dataIndex: 'actualStart', title: t('actualStart'), width: 105 },
          { key: 'actualEnd', dataIndex: 'actualEnd', title: t('actualEnd'), width: 105 },
          { key: 'progress', dataIndex: 'progress', title: t('progress'), width: 120, render: (v: number) => <Progress percent={v} size="small" /> },
          { key: 'state', dataIndex: 'state', title: t('state'), width: 110, render: (s: TaskState) => <Tag color={STATE_COLOR[s]}>{t(`st.${s}`)}</Tag> },
          { key: 'delayDays', dataIndex: 'delayDays', title: t('delay'), width: 80, align: 'right', render: (v: number) => (v ? v : '') },
          {
            key: 'act',
            title: '',
            width: 100,
            render: (_: unknown, r) =>
              !r.summary && (
                <Button size="small" onClick={() => setEditing(r)} data-testid={`progress-report-${r.id}`}>
                  {t('report')}
                </Button>
              ),
          },
        ]}
      />
      <TaskProgressDialog task={editing} onClose={() => setEditing(undefined)} />
    </Drawer>
  );
}

/** 项目报表 · 项目进度: per project planned vs actual dates, percent complete and late flags; a project opens its tasks. */
export function ProgressReport({ path }: { path: string }) {
  const { t } = useProgressT();
  const [search, setSearch] = useState<ReportSearch>({ asOf: dayjs().format('YYYY-MM-DD') });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [open, setOpen] = useState<ProgressRow>();
  const q = useQuery({
    queryKey: ['project', 'report', 'progress', search, page],
    queryFn: async () => unwrap(await http.get<{ rows: ProgressRow[]; total: number }>(URL, { ...params(search), ...page })),
  });
  return (
    <>
      <ReportFilters
        path={path}
        url={URL}
        title={t('tab.progress')}
        onSearch={(s) => {
          setSearch(s);
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
      />
      <Table<ProgressRow>
        rowKey="id"
        size="small"
        bordered
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        scroll={{ x: 1180 }}
        data-testid="progress-table"
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { key: 'projectNumber', dataIndex: 'projectNumber', title: t('number'), width: 150 },
          {
            key: 'projectName',
            dataIndex: 'projectName',
            title: t('project'),
            width: 160,
            render: (v: string, r) => (
              <a onClick={() => setOpen(r)} data-testid={`progress-open-${r.projectId}`}>
                {v}
              </a>
            ),
          },
          { key: 'status', dataIndex: 'status', title: t('status'), width: 90, render: (s: ProjectStatus) => <StatusTag status={s} /> },
          { key: 'managerName', dataIndex: 'managerName', title: t('manager'), width: 90 },
          { key: 'plannedStart', dataIndex: 'plannedStart', title: t('plannedStart'), width: 105 },
          { key: 'plannedEnd', dataIndex: 'plannedEnd', title: t('plannedEnd'), width: 105 },
          { key: 'actualStart', dataIndex: 'actualStart', title: t('actualStart'), width: 105 },
          { key: 'actualEnd', dataIndex: 'actualEnd', title: t('actualEnd'), width: 105 },
          { key: 'percent', dataIndex: 'percent', title: t('percent'), width: 130, render: (v: string) => <Progress percent={Number(v)} size="small" /> },
          { key: 'tasks', title: t('tasks'), width: 100, align: 'right', render: (_: unknown, r) => `${r.done}/${r.tasks}` },
          { key: 'overdue', dataIndex: 'overdue', title: t('overdue'), width: 80, align: 'right' },
          { key: 'finishedLate', dataIndex: 'finishedLate', title: t('finishedLate'), width: 90, align: 'right' },
          {
            key: 'late',
            dataIndex: 'late',
            title: t('late'),
            width: 80,
            render: (v: boolean) => (v ? <Tag color="red">{t('late')}</Tag> : <Tag color="green">{t('onTrack')}</Tag>),
          },
        ]}
      />
      <TaskProgress project={open} asOf={search.asOf} onClose={() => setOpen(undefined)} />
    </>
  );
}
