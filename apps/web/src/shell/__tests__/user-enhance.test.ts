import { describe, expect, it } from 'vitest';
import { ENHANCE_ERROR, enhanceAction } from '../user-enhance-rule.ts';

describe('custom enhancement script messages', () => {
  it('turns the sandbox frame’s messages into actions and ignores anything else', () => {
    expect(ENHANCE_ERROR).toBe('用户自定义JS增强代码运行出错');
    expect(enhanceAction({ type: 'erp-enhance-ready' })).toEqual({ kind: 'ready' });
    expect(enhanceAction({ type: 'erp-enhance-done' })).toEqual({ kind: 'done' });
    expect(enhanceAction({ type: 'erp-enhance-notify', text: '欢迎' })).toEqual({ kind: 'notify', text: '欢迎' });
    expect(enhanceAction({ type: 'erp-enhance-error', message: 'x is not defined' })).toEqual({ kind: 'error', message: 'x is not defined' });
    expect(enhanceAction({ type: 'erp-enhance-notify', text: 'a'.repeat(900) })).toEqual({ kind: 'notify', text: 'a'.repeat(500) });
    for (const d of [null, undefined, 'erp-enhance-done', 42, { type: 'other' }, {}]) expect(enhanceAction(d)).toEqual({ kind: 'ignore' });
  });
});
