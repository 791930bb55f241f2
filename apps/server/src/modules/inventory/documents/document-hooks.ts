import type { DocAction } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';

/**
 * What other areas do when a document changes state, in the document's transaction (quality: an
 * audited purchase inbound opens its incoming inspections and quarantines the goods; a document
 * whose goods are under inspection cannot be undone). A hook throws a BusinessError to refuse.
 */
export interface DocumentHook {
  /**
   * after the document became audited and its stock posted (`docKey` when the caller knows it, saving a read;
   * `isNew` when it was created by this very save, so nothing can refer to it yet)
   */
  afterAudit?(c: RequestCtx, headerId: number, docKey?: string, isNew?: boolean): Promise<void>;
  /** before an action's effects run (un-audit, edit, delete …) */
  beforeAction?(c: RequestCtx, action: DocAction, doc: { id: number; docKey: string; number: string }): Promise<void>;
}

const hooks: DocumentHook[] = [];
export const registerDocumentHook = (h: DocumentHook) => void hooks.push(h);

export async function runAfterAudit(c: RequestCtx, headerId: number, docKey?: string, isNew?: boolean) {
  for (const h of hooks) await h.afterAudit?.(c, headerId, docKey, isNew);
}

export async function runBeforeAction(c: RequestCtx, action: DocAction, doc: { id: number; docKey: string; number: string }) {
  for (const h of hooks) await h.beforeAction?.(c, action, doc);
}
