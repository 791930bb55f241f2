import { Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { workflowApi } from './workflow-api.ts';
import { useWorkflowT } from './workflow-i18n.ts';

/** My open approval tasks, for the home page and workbenches; a click opens the to-do list. */
export function TodoCount() {
  const { t } = useWorkflowT();
  const navigate = useNavigate();
  const count = useQuery({ queryKey: ['wf-todo-count'], queryFn: workflowApi.todoCount, refetchOnWindowFocus: false, refetchInterval: 60_000 });
  return (
    <div role="link" style={{ cursor: 'pointer' }} onClick={() => void navigate('/workflow/todo')} data-testid="wf-todo-count">
      <Statistic title={t('todoCount')} value={count.data?.count ?? '—'} />
    </div>
  );
}
