import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { checkAttached, droppedNames } from '../common/index.ts';
import type { FileStore } from '../../platform/files/index.ts';
import { lockProject } from './project-lock.ts';

export type ReviewKind = 'document' | 'qualification';
export const REVIEW_LABEL: Record<ReviewKind, string> = { document: '标书评审', qualification: '资质自评' };

export interface ReviewInput {
  item: string;
  reviewerId?: number | null;
  result: 'pending' | 'pass' | 'fail';
  evidence?: string | null;
  remark?: string | null;
}

/** What a review save needs besides the request: the file store, and where to send the files it lets go. */
export type ReviewCtx = RequestCtx & { store: FileStore; dropFiles(names: string[]): void };

/**
 * 标书评审 (a checklist, each line with its reviewer) / 资质自评 (each requirement of the tender assessed,
 * with its evidence files): replaces the project's lines of that kind. Only before the opening. Evidence is
 * uploads of the company (checked in the store); files the old lines held and the new ones do not are
 * handed to dropFiles (removed once the save is committed).
 */
export async function saveReviews({ tx, session, ip, store, dropFiles }: ReviewCtx, projectId: number, kind: ReviewKind, lines: ReviewInput[]) {
  const t = session.tenantId;
  const p = await lockProject(tx, t, projectId);
  if (!['info', 'survey', 'qualification', 'registration', 'proposal'].includes(p.status))
    throw new BusinessError(`项目“${p.name}”已开标，不能修改${REVIEW_LABEL[kind]}`);
  const reviewers = [...new Set(lines.map((l) => l.reviewerId).filter((r): r is number => !!r))];
  if (reviewers.length) {
    const n = await tx.one<{ n: number }>('select count(*)::int as n from sys_user where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [
      t,
      reviewers,
    ]);
    if (n!.n !== reviewers.length) throw new BusinessError('评审人不存在');
  }
  for (const l of lines) l.evidence = await checkAttached(store, t, l.evidence, 'files');
  const old = await tx.query<{ evidence: string | null }>('delete from bid_review where tenant_id = $1 and project_id = $2 and kind = $3 returning evidence', [
    t,
    projectId,
    kind,
  ]);
  dropFiles(
    droppedNames(
      old.map((r) => r.evidence),
      lines.map((l) => l.evidence),
    ),
  );
  for (const l of lines)
    await tx.query(
      `insert into bid_review(tenant_id, project_id, kind, item, reviewer_id, result, evidence, remark, reviewed_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, case when $6 = 'pending' then null else now() end)`,
      [t, projectId, kind, l.item, l.reviewerId ?? null, l.result, l.evidence ?? null, l.remark ?? null],
    );
  await logWrite(tx, session, ip, '修改', REVIEW_LABEL[kind], [projectId], { count: lines.length });
  return { projectId, count: lines.length };
}

/**
 * What holds a project at a step: a failed qualification requirement before registration; a document
 * review line not passed before the opening. Null when the move may go on.
 */
export async function reviewBlock(tx: Tx, tenantId: number, projectId: number, to: string): Promise<string | null> {
  const kind = to === 'registration' ? 'qualification' : to === 'opening' ? 'document' : null;
  if (!kind) return null;
  const r = await tx.one<{ n: number; items: string }>(
    `select count(*)::int as n, string_agg(item, '、' order by id) as items from bid_review
      where tenant_id = $1 and project_id = $2 and kind = $3 and result ${kind === 'qualification' ? `= 'fail'` : `<> 'pass'`}`,
    [tenantId, projectId, kind],
  );
  if (!r!.n) return null;
  return kind === 'qualification' ? `资质自评有 ${r!.n} 项不满足（${r!.items}），不能报名` : `标书评审尚有 ${r!.n} 项未通过（${r!.items}），不能开标`;
}
