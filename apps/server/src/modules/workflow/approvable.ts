import type { FactFields, Facts } from '@erp/entities';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { badRequest } from '../../platform/errors.ts';

/** What the engine learns from a document when it is submitted. */
export interface Submitted {
  number: string;
  facts: Facts;
}

/**
 * A document type that can need approval (ARCHITECTURE §9). The owning area registers it once with
 * `registerApprovable`; the engine calls these hooks inside the action's one transaction, after it has
 * locked the instance. Each hook locks the document and moves it with the document state machine
 * (packages/entities/src/kit/document-status.ts: submit, approve, recall), so the status change and the
 * posting of the final pass commit together with the workflow's rows.
 */
export interface Approvable {
  docType: string;
  label: string;
  /** the menu of the document's screen: submitting needs its edit button */
  menu: string;
  /** the document fields flow conditions may test */
  fields: FactFields;
  /** 0 → 9 for the caller (who must be allowed to change the document); returns what conditions read */
  submit(c: RequestCtx, id: number): Promise<Submitted>;
  /** the flow's end: 'approve' (9 → audited, with the normal audit's posting) or 'recall' (9 → unaudited) */
  finish(c: RequestCtx, id: number, outcome: 'approve' | 'recall'): Promise<void>;
  /** whether the caller may see the document (its timeline); false answers as missing */
  visible(c: RequestCtx, id: number): Promise<boolean>;
}

const registry = new Map<string, Approvable>();

/** The one registration call for a document type that can go through approval. */
export function registerApprovable(a: Approvable): void {
  if (registry.has(a.docType)) throw new Error(`approvable ${a.docType} registered twice`);
  registry.set(a.docType, a);
}

/** The registered type, or a 400 naming the unknown one. */
export function approvableOf(docType: string): Approvable {
  const a = registry.get(docType);
  if (!a) throw badRequest(`参数错误 docType: 单据类型 ${docType} 不支持审批`);
  return a;
}

export const approvables = (): Approvable[] => [...registry.values()];
