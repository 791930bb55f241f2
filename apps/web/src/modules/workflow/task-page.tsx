import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Input, Modal, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScreenProps } from '../../shell/screen.ts';
import { failureText } from '../../platform/crud/file-transfer.ts';
import type { Paging } from '../../platform/crud/paging.ts';
import { PagedTable } from '../../platform/crud/paged-table.tsx';
import { workflowApi, type Task, type TaskScope } from './workflow-api.ts';
import { useWorkflowT } from './workflow-i18n.ts';
import { TaskDialog } from './task-dialog.tsx';

const SCOPE: Record<string, TaskScope> = { '/workflow/todo': 'todo', '/workflow/done': 'done', '/workflow/all_tasks': 'all' };
const COLORS: Record<string, string> = {
  open: 'processing',
  waiting: 'default',
  passed: 'success',
  rejected: 'error',
  returned: 'warning',
  transferred: 'default',
  cancelled: 'default',
};

/** 我的待办 / 已办任务 / 全部任务: the tasks of one scope; the to-do list passes and rejects from its rows. */
export function TaskPage({ path }: ScreenProps) {
  const scope = SCOPE[path] ?? 'todo';
  const { t } = useWorkflowT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 10 });
  const [draft, setDraft] = useState('');
  const [number, setNumber] = useState('');
  const [rejecting, setRejecting] = useState<Task>();
  const [acting, setActing] = useState<Task>();
  // a message of type 0 opens /workflow/todo?taskId=…: that one task, in the dialog
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const linked = Number(params.get('taskId')) || undefined;
  const fromLink = useQuery({
    queryKey: ['wf-task', linked],
    enabled: scope === 'todo' && !!linked,
    queryFn: async () => (await workflowApi.tasks('todo', { currentPage: 1, pageSize: 1, taskId: linked })).rows[0] ?? null,
  });
  const dialogTask = acting ?? fromLink.data ?? undefined;
  const closeDialog = () => {
    setActing(undefined);
    if (linked) void navigate(path, { replace: true });
  };
  const list = useQuery({
    queryKey: ['wf-tasks', scope, page, number],
    queryFn: () => workflowApi.tasks(scope, { ...page, number: number || undefined }),
  });
  const run = async (call: Promise<{ message: string }>) => {
    try {
      message.success((await call).message);
      void queryClient.invalidateQueries({ queryKey: ['wf-tasks'] });
      void queryClient.invalidateQueries({ queryKey: ['wf-todo-count'] });
      return true;
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.warning(msg);
      return false;
    }
  };
  const columns = [
    {
      title: t('number'),
      dataIndex: 'busNumber',
      width: 170,
      render: (v: string, r: Task) =>
        scope === 'todo' ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setActing(r)} data-testid="wf-open-task">
            {v}
          </Button>
        ) : (
          v
        ),
    },
    { title: t('docType'), dataIndex: 'docLabel', width: 100 },
    { title: t('process'), dataIndex: 'processName', width: 160, ellipsis: true },
    { title: t('node'), dataIndex: 'nodeName', width: 130 },
    { title: t('initiator'), dataIndex: 'initiatorName', width: 100 },
    {
      title: t('assignee'),
      key: 'assignee',
      width: 140,
      render: (_: unknown, r: Task) => (r.ownerName ? `${r.assigneeName}（${t('actingFor', { name: r.ownerName })}）` : r.assigneeName),
    },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: string) => <Tag color={COLORS[v]}>{t(`t.${v}`)}</Tag> },
    { title: t('created'), dataIndex: 'createTime', width: 165 },
    ...(scope === 'todo'
      ? [
          {
            title: t('actions'),
            key: 'actions',
            width: 140,
            fixed: 'right' as const,
            render: (_: unknown, r: Task) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => void run(workflowApi.pass(r.id))} data-testid="wf-pass">
                  {t('pass')}
                </Button>
                <Button type="link" size="small" danger onClick={() => setRejecting(r)} data-testid="wf-reject">
                  {t('reject')}
                </Button>
              </Space>
            ),
          },
        ]
      : [
          { title: t('comment'), dataIndex: 'comment', width: 180, ellipsis: true },
          { title: t('done'), dataIndex: 'doneTime', width: 165 },
        ]),
  ];
  return (
    <Card size="small" data-testid={`wf-${scope}-page`}>
      {linked && fromLink.data === null && (
        <Alert type="info" showIcon closable style={{ marginBottom: 12 }} message={t('taskGone')} data-testid="wf-task-gone" />
      )}
      <Space style={{ marginBottom: 12 }}>
        <Input allowClear placeholder={t('number')} value={draft} onChange={(e) => setDraft(e.target.value)} style={{ width: 200 }} />
        <Button
          type="primary"
          onClick={() => {
            setNumber(draft.trim());
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        >
          {t('search')}
        </Button>
      </Space>
      <PagedTable<Task> list={list} page={page} setPage={setPage} columns={columns} data-testid="wf-task-table" />
      {dialogTask && (
        <TaskDialog
          key={dialogTask.id}
          task={dialogTask}
          onPass={(comment) => run(workflowApi.pass(dialogTask.id, comment || undefined))}
          onReject={(reason) => run(workflowApi.reject(dialogTask.id, reason))}
          onClose={closeDialog}
        />
      )}
      {rejecting && (
        <RejectDialog task={rejecting} onReject={(reason) => run(workflowApi.reject(rejecting.id, reason))} onClose={() => setRejecting(undefined)} />
      )}
    </Card>
  );
}

function RejectDialog(p: { task: Task; onReject: (reason: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useWorkflowT();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('rejectTitle', { number: p.task.busNumber })}
      okText={t('reject')}
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: busy }}
      onOk={async () => {
        setBusy(true);
        const ok = await p.onReject(reason.trim());
        setBusy(false);
        if (ok) p.onClose();
      }}
      onCancel={p.onClose}
    >
      <Input.TextArea
        rows={3}
        maxLength={500}
        placeholder={t('reasonRequired')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        data-testid="wf-reason"
      />
    </Modal>
  );
}
