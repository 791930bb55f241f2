/** What the page does with a message from the enhancement sandbox (pure, unit-tested). */
export const ENHANCE_ERROR = '用户自定义JS增强代码运行出错';

export type EnhanceAction = { kind: 'ready' } | { kind: 'done' } | { kind: 'notify'; text: string } | { kind: 'error'; message: string } | { kind: 'ignore' };

export function enhanceAction(data: unknown): EnhanceAction {
  if (!data || typeof data !== 'object') return { kind: 'ignore' };
  const d = data as { type?: unknown; text?: unknown; message?: unknown };
  switch (d.type) {
    case 'erp-enhance-ready':
      return { kind: 'ready' };
    case 'erp-enhance-done':
      return { kind: 'done' };
    case 'erp-enhance-notify':
      return { kind: 'notify', text: String(d.text ?? '').slice(0, 500) };
    case 'erp-enhance-error':
      return { kind: 'error', message: String(d.message ?? '').slice(0, 500) };
    default:
      return { kind: 'ignore' };
  }
}
