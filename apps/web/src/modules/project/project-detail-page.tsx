import { useState } from 'react';
import { Button, Descriptions, Space, Steps, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { money } from '../../platform/format.ts';
import { projectApi, STATUSES, type LinkKind, type Task } from './project-api.ts';
import { useProjectT } from './project-i18n.ts';
import { BlankFrame, useNumberParam } from './blank-frame.tsx';
import { StatusTag } from './status-tag.tsx';
import { TaskGantt } from './task-gantt.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { TaskEditDialog } from './task-edit-dialog.tsx';
import { MoneyTab } from './money-tab.tsx';
import { useRun } from './use-run.ts';

/** /blank/projectDetail?id=: the project's status life, its tasks on the gantt (link two tasks), money and risks. */
export function ProjectDetailPage() {
  const { t } = useProjectT();
  const { t: tg } = useTranslation();
  const navigate = useNavigate();
  const run = useRun();
  const id = useNumberParam('id');
  const [params, setParams] = useSearchParams();
  const [linking, setLinking] = useState(false);
  const [editing, setEditing] = useState<Task>();
  const d = useQuery({ queryKey: ['project', 'detail', id], queryFn: () => projectApi.detail(id!), enabled: !!id });
  if (!id) return <BlankFrame title={tg('blank.projectDetail')}>{t('noProject')}</BlankFrame>;
  const p = d.data?.project;
  const tasks = d.data?.tasks ?? [];
  const at = p ? STATUSES.indexOf(p.status) : 0;
  const next = STATUSES[at + 1];
  const link = async (v: { predId: number; succId: number; kind: LinkKind; lag: number }) => !!(await run(projectApi.addLink(v), t('linked')));
  const name = new Map(tasks.map((x) => [x.id, x.name]));
  const ends = tasks.map((x) => x.endDate).filter((x): x is string => !!x);
  const from = dayjs(p?.startDate).subtract(1, 'day').format('YYYY-MM-DD');
  const to = dayjs(ends.sort().at(-1) ?? p?.startDate)
    .add(7, 'day')
    .format('YYYY-MM-DD');
  const extra = (
    <Space wrap>
      {p && next && !p.isTemplate && (
        <Button type="primary" data-testid="next-status" onClick={() => void run(projectApi.transition(id, next), t('saved'))}>
          {t(`next.${next}`)}
        </Button>
      )}
      <Button onClick={() => navigate(`/blank/newTask?projectId=${id}`)} data-testid="go-new-task">
        {t('newTask')}
      </Button>
      <Button onClick={() => setLinking(true)} data-testid="open-link">
        {t('link')}
      </Button>
      <Button onClick={() => navigate(`/blank/newRisk?projectId=${id}`)}>{t('newRisk')}</Button>
      <Button onClick={() => navigate(`/blank/addNewWork?projectId=${id}`)} data-testid="go-work">
        {t('work')}
      </Button>
      <Button onClick={() => navigate(`/blank/newOrganization?projectId=${id}`)}>{t('organization')}</Button>
      {p && (p.status === 'progress' || p.status === 'online') && <Button onClick={() => navigate(`/blank/newOnline?projectId=${id}`)}>{t('goLive')}</Button>}
      {p?.status === 'closed' && <Button onClick={() => navigate(`/blank/warrantyProject?projectId=${id}`)}>{t('warranty')}</Button>}
    </Space>
  );
  const taskColumns = [
    { title: t('task'), dataIndex: 'name', width: 160 },
    { title: t('duration'), dataIndex: 'duration', width: 90, align: 'right' as const },
    { title: t('start'), dataIndex: 'startDate', width: 110 },
    { title: t('end'), dataIndex: 'endDate', width: 110 },
    { title: t('float'), dataIndex: 'totalFloat', width: 80, align: 'right' as const },
    { title: t('critical'), dataIndex: 'critical', width: 70, render: (c: boolean) => (c ? '●' : '') },
    { title: t('assignee'), dataIndex: 'assigneeName', width: 100 },
    { title: t('progress'), dataIndex: 'progress', width: 70, align: 'right' as const, render: (v: number) => `${v}%` },
    {
      title: '',
      key: 'edit',
      width: 70,
      fixed: 'right' as const,
      render: (_: unknown, row: Task) => (
        <Button size="small" type="link" onClick={() => setEditing(row)} data-testid="task-edit">
          {t('te.edit')}
        </Button>
      ),
    },
  ];
  return (
    <BlankFrame title={p ? `${p.number} ${p.name}` : tg('blank.projectDetail')} extra={extra}>
      {p && (
        <>
          <Steps size="small" current={at} items={STATUSES.map((s) => ({ title: t(`s.${s}`) }))} style={{ marginBottom: 12, overflowX: 'auto' }} responsive />
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 8 }}>
            <Descriptions.Item label={t('status')}>
              <StatusTag status={p.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('startDate')}>{p.startDate}</Descriptions.Item>
            <Descriptions.Item label={t('endDate')}>{p.endDate}</Descriptions.Item>
            <Descriptions.Item label={t('budget')}>{money(p.budget)}</Descriptions.Item>
          </Descriptions>
        </>
      )}
      <Tabs
        activeKey={params.get('tab') ?? 'gantt'}
        onChange={(tab) => setParams({ id: String(id), tab }, { replace: true })}
        items={[
          {
            key: 'gantt',
            label: t('gantt'),
            children: tasks.length ? (
              <TaskGantt
                tasks={tasks}
                links={d.data?.links ?? []}
                from={from}
                to={to}
                taskTitle={t('task')}
                onLink={(predId, succId, kind) => void link({ predId, succId, kind, lag: 0 })}
              />
            ) : null,
          },
          {
            key: 'tasks',
            label: `${t('tasks')} (${tasks.length})`,
            children: (
              <>
                <Table<Task> rowKey="id" size="small" dataSource={tasks} columns={taskColumns} pagination={false} scroll={{ x: 860 }} />
                <Table
                  rowKey="id"
                  size="small"
                  style={{ marginTop: 8 }}
                  title={() => t('links')}
                  dataSource={d.data?.links ?? []}
                  pagination={false}
                  columns={[
                    { title: t('pred'), dataIndex: 'predId', render: (v: number) => name.get(v) },
                    { title: t('succ'), dataIndex: 'succId', render: (v: number) => name.get(v) },
                    { title: t('linkKind'), dataIndex: 'kind' },
                    { title: t('lag'), dataIndex: 'lag' },
                  ]}
                />
              </>
            ),
          },
          { key: 'money', label: t('money'), children: <MoneyTab projectId={id} /> },
          {
            key: 'risks',
            label: t('risks'),
            children: (
              <Table
                rowKey="id"
                size="small"
                dataSource={d.data?.risks ?? []}
                pagination={false}
                columns={[
                  { title: t('risk'), dataIndex: 'name' },
                  { title: t('probability'), dataIndex: 'probability' },
                  { title: t('impact'), dataIndex: 'impact' },
                  { title: t('owner'), dataIndex: 'ownerName' },
                  { title: t('warnDate'), dataIndex: 'warnDate' },
                ]}
              />
            ),
          },
        ]}
      />
      <LinkDialog open={linking} tasks={tasks} onClose={() => setLinking(false)} onSave={link} />
      <TaskEditDialog task={editing} tasks={tasks} links={d.data?.links ?? []} onClose={() => setEditing(undefined)} />
    </BlankFrame>
  );
}
