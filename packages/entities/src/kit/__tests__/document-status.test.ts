import { describe, expect, it } from 'vitest';
import { DOC_STATUS, DOC_STATUS_VIEW, DOC_TRANSITIONS, orderProgress, sqlStatuses, transitionRefusal } from '../document-status.ts';

const ALL = Object.values(DOC_STATUS);

describe('document state machine', () => {
  it('allows each action only from its statuses, with the spec refusal otherwise', () => {
    const allowed = (a: keyof typeof DOC_TRANSITIONS) => ALL.filter((s) => !transitionRefusal(a, s, 'X1'));
    expect(allowed('edit')).toEqual(['0']);
    expect(allowed('delete')).toEqual(['0']);
    expect(allowed('audit')).toEqual(['0']);
    expect(allowed('unaudit').sort()).toEqual(['1', '2', '3']);
    // a document in approval moves only by the approval engine's actions
    expect(allowed('submit')).toEqual(['0']);
    expect(allowed('approve')).toEqual(['9']);
    expect(allowed('recall')).toEqual(['9']);
    expect(transitionRefusal('edit', '9', 'X1')).toBe('单据 X1 正在审批中，不能修改');
    expect(transitionRefusal('delete', '9', 'X1')).toBe('单据 X1 正在审批中，不能删除');
    expect(transitionRefusal('audit', '9', 'X1')).toBe('单据 X1 正在审批中，不能审核');
    expect(transitionRefusal('unaudit', '9', 'X1')).toBe('单据 X1 正在审批中，不能反审核');
    expect(allowed('link').sort()).toEqual(['1', '3']);
    expect(transitionRefusal('edit', '1', 'X1')).toBe('已审核的单据不能修改，请先反审核');
    expect(transitionRefusal('delete', '1', 'X1')).toBe('单据 X1 已审核，不能删除');
    expect(transitionRefusal('audit', '1', 'X1')).toBe('单据 X1 不是未审核状态');
    expect(transitionRefusal('unaudit', '0', 'X1')).toBe('单据 X1 尚未审核');
    expect(transitionRefusal('link', '2', 'X1')).toBe('关联单据 X1 未审核或已完成');
    expect(transitionRefusal('audit', 'bogus', 'X1')).toBeDefined();
  });

  it('names where each action leaves the document and what it does to stock', () => {
    expect(DOC_TRANSITIONS.audit.to).toBe('1');
    expect(DOC_TRANSITIONS.unaudit.to).toBe('0');
    expect(DOC_TRANSITIONS.audit.effects).toContain('post');
    expect(DOC_TRANSITIONS.delete.effects).toEqual(['unpost', 'releaseLinks', 'returnAdvance']);
    expect(DOC_TRANSITIONS.unaudit.effects).toContain('unpostAudited');
    // the flow's last pass is the normal audit: same effects, same end status
    expect(DOC_TRANSITIONS.approve.effects).toEqual(DOC_TRANSITIONS.audit.effects);
    expect(DOC_TRANSITIONS.approve.to).toBe(DOC_TRANSITIONS.audit.to);
    expect(DOC_TRANSITIONS.submit.to).toBe('9');
  });

  it('derives an order status from its lines and labels every status', () => {
    expect(orderProgress(false, false)).toBe('1');
    expect(orderProgress(true, false)).toBe('3');
    expect(orderProgress(true, true)).toBe('2');
    expect(sqlStatuses(DOC_TRANSITIONS.link.from)).toBe("('1', '3')");
    for (const s of ALL) expect(DOC_STATUS_VIEW[s].label.zh).toBeTruthy();
  });
});
