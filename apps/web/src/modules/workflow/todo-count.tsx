import { Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { workflowApi } from './workflow-api.ts';
import { useWorkflowT } from './workflow-i18n.ts';

/** My open approval tasks (one query for the home page and the workbenches) and their label. */
export function useTodoCount() {
  const { t } = useWorkflowT();
  const count = useQuery({ queryKey: ['wf-todo-count'], queryFn: workflowApi.todoCount, refetchOnWindowFocus: false, refetchInterval: 60_000 });
  return { title: t('todoCount'), count: count.data?.count, link: '/workflow/todo' };
}

/** The home page's figure of my open approval tasks; a click opens the to-do list. */
export function TodoCount() {
  const navigate = useNavigate();
  const todo = useTodoCount();
  return (
    <div role="link" style={{ cursor: 'pointer' }} onClick={() => void navigate(todo.link)} data-testid="wf-todo-count">
      <Statistic title={todo.title} value={todo.count ?? '—'} />
    </div>
  );
}
