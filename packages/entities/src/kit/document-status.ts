/**
 * The document state machine (SPEC status codes, ARCHITECTURE §5) shared by every document type —
 * inventory documents today, finance, manufacturing, project and workflow documents as they come.
 * Code never compares a status with a literal: it asks this table whether an action may leave a
 * status, and runs the action's effects. Plain data (no zod) so the web's shell chunk may import it.
 */
import type { Label } from './definition.ts';

export const DOC_STATUS = { unaudited: '0', audited: '1', completed: '2', partly: '3', inApproval: '9' } as const;
export type DocStatus = (typeof DOC_STATUS)[keyof typeof DOC_STATUS];

/** Display of each status: its label and the tag colour lists and reports use. */
export const DOC_STATUS_VIEW: Record<DocStatus, { label: Label; color: string }> = {
  '0': { label: { zh: '未审核', en: 'Unaudited' }, color: 'default' },
  '1': { label: { zh: '已审核', en: 'Audited' }, color: 'blue' },
  '2': { label: { zh: '完成', en: 'Completed' }, color: 'green' },
  '3': { label: { zh: '部分完成', en: 'Partly completed' }, color: 'orange' },
  '9': { label: { zh: '审核中', en: 'In approval' }, color: 'purple' },
};

/**
 * What an action does to stock and to linked records, run by the owning module in this order:
 * - post: stock moves (when the document type moves stock and has not yet posted);
 * - unpost: posted stock is reversed; unpostAudited: only stock that the audit moved (stock-audit switch on);
 * - applyPrices / restorePrices: a price adjustment's new barcode prices, and the old ones back;
 * - releaseLinks: quantities claimed from an order's lines are given back; returnAdvance: a member's advance is refunded.
 */
export type DocEffect = 'post' | 'unpost' | 'unpostAudited' | 'applyPrices' | 'restorePrices' | 'releaseLinks' | 'returnAdvance';

interface Transition {
  /** statuses the action may start from */
  from: readonly DocStatus[];
  /** the status it leaves the document in (absent: unchanged, or gone for delete) */
  to?: DocStatus;
  effects: readonly DocEffect[];
  /** the refusal when the document is in another status (SPEC's wording) */
  refusal: (number: string) => string;
}

const S = DOC_STATUS;

export const DOC_TRANSITIONS = {
  /** change a saved document: its old stock, claims and advance are undone before the new lines are stored */
  edit: { from: [S.unaudited], effects: ['unpost', 'releaseLinks', 'returnAdvance'], refusal: () => '已审核的单据不能修改，请先反审核' },
  delete: { from: [S.unaudited], effects: ['unpost', 'releaseLinks', 'returnAdvance'], refusal: (n) => `单据 ${n} 已审核，不能删除` },
  audit: { from: [S.unaudited], to: S.audited, effects: ['post', 'applyPrices'], refusal: (n) => `单据 ${n} 不是未审核状态` },
  unaudit: {
    from: [S.audited, S.completed, S.partly, S.inApproval],
    to: S.unaudited,
    effects: ['unpostAudited', 'restorePrices'],
    refusal: (n) => `单据 ${n} 尚未审核`,
  },
  /** multi-level audit (多级审核) on: a first audit sends an unaudited document into approval … */
  submit: { from: [S.unaudited], to: S.inApproval, effects: [], refusal: (n) => `单据 ${n} 不是未审核状态` },
  /** … and a second audit approves it, with an audit's effects */
  approve: { from: [S.inApproval], to: S.audited, effects: ['post', 'applyPrices'], refusal: (n) => `单据 ${n} 不在审核中` },
  /** make a document from an order (claim its open quantities) */
  link: { from: [S.audited, S.partly], effects: [], refusal: (n) => `关联单据 ${n} 未审核或已完成` },
  /** linked documents move an order between audited, partly completed and completed (see orderProgress) */
  fulfil: { from: [S.audited, S.completed, S.partly], effects: [], refusal: (n) => `单据 ${n} 未审核` },
} as const satisfies Record<string, Transition>;

export type DocAction = keyof typeof DOC_TRANSITIONS;

/** The refusal message when `action` may not start from `status`, or undefined when it may. */
export function transitionRefusal(action: DocAction, status: string, number: string): string | undefined {
  const t: Transition = DOC_TRANSITIONS[action];
  return t.from.includes(status as DocStatus) ? undefined : t.refusal(number);
}

/** An order's status from its lines: nothing fulfilled → audited, some → partly, all → completed. */
export function orderProgress(anyFulfilled: boolean, allFulfilled: boolean): DocStatus {
  return allFulfilled ? S.completed : anyFulfilled ? S.partly : S.audited;
}

/** Statuses still waiting for someone (reminders of documents left unaudited). */
export const PENDING_STATUSES: readonly DocStatus[] = [S.unaudited, S.inApproval];

/** A SQL list of statuses for `status in (…)`; the codes are constants, never input. */
export const sqlStatuses = (statuses: readonly DocStatus[]) => `(${statuses.map((s) => `'${s}'`).join(', ')})`;
