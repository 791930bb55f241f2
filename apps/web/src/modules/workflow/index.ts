import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

const tasks = lazy(() => import('./task-page.tsx').then((m) => ({ default: m.TaskPage })));

/** Workflow screens by menu url: to-do (pass and reject from the list), done, mine, all tasks, delegation, the flow templates. */
export const WORKFLOW_SCREENS: Record<string, Screen> = {
  '/workflow/todo': tasks,
  '/workflow/done': tasks,
  '/workflow/all_tasks': tasks,
  '/workflow/my_task': lazy(() => import('./mine-page.tsx').then((m) => ({ default: m.MinePage }))),
  '/workflow/agent': lazy(() => import('./agent-page.tsx').then((m) => ({ default: m.AgentPage }))),
  '/workflow/template': lazy(() => import('./template-page.tsx').then((m) => ({ default: m.TemplatePage }))),
};
// the approval timeline, submit and withdraw on a document form (inventory, later every area)
export { ApprovalPanel } from './approval-panel.tsx';
// the to-do count on the home page and the workbenches
export { TodoCount, useTodoCount } from './todo-count.tsx';
