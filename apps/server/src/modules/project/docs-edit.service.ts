import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { projectFor, type ProjectRow } from './access.ts';
import { checkFiles, type AcceptanceInput, type DocsCtx, type ProblemInput, type SummaryInput } from './docs.service.ts';

/**
 * Editing and deleting acceptance records, after-sales problems and summaries (issue 19 §4), with their state rules:
 * a signed acceptance (passed or failed) is final; a closed problem is final, only an open one may be deleted, and
 * resolving or closing one needs its solution; a summary is final once its project is closed.
 */
export type DocKind = 'acceptance' | 'problem' | 'summary';

export const DOC_MSG = {
  acceptanceSigned: '验收已签字（通过或不通过），不能修改或删除',
  problemClosed: '问题已关闭，不能修改或删除',
  problemDeleteOpen: '只有未解决的问题可以删除',
  problemSolution: '问题解决或关闭时请填写解决方案',
  summaryClosed: '项目已关闭，总结不能修改或删除',
  signOff: '验收通过或不通过时，签字人和签字日期不能为空',
} as const;

const TABLE: Record<DocKind, { table: string; missing: string; cols: string }> = {
  acceptance: {
    table: 'proj_acceptance',
    missing: '验收记录不存在',
    cols: `title, criteria, result, signer, to_char(sign_date, 'YYYY-MM-DD') as "signDate", file_name as "fileName", remark`,
  },
  problem: {
    table: 'proj_problem',
    missing: '问题不存在',
    cols: `title, description, severity, status, reporter, to_char(report_date, 'YYYY-MM-DD') as "reportDate", owner_id::int as "ownerId", solution`,
  },
  summary: {
    table: 'proj_summary',
    missing: '总结不存在',
    cols: `title, content, lessons, to_char(summary_date, 'YYYY-MM-DD') as "summaryDate"`,
  },
};

/** The record (locked for the write) with its project, checked as every project read is; another company's id is not found. */
async function docFor(tx: Tx, s: Session, kind: DocKind, id: number, lock: boolean) {
  const k = TABLE[kind];
  const row = await tx.one<Record<string, unknown> & { projectId: number }>(
    `select id::int as id, project_id::int as "projectId", ${k.cols} from ${k.table} where tenant_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [s.tenantId, id],
  );
  if (!row) throw new BusinessError(k.missing);
  const project = await projectFor(tx, s, row.projectId);
  return { row, project };
}

/** The state rule of a write (update or delete) on a record as it is now. */
function checkState(kind: DocKind, row: Record<string, unknown>, project: ProjectRow, op: 'update' | 'delete') {
  if (kind === 'acceptance' && row.result !== 'pending') throw new BusinessError(DOC_MSG.acceptanceSigned);
  if (kind === 'problem' && row.status === 'closed') throw new BusinessError(DOC_MSG.problemClosed);
  if (kind === 'problem' && op === 'delete' && row.status !== 'open') throw new BusinessError(DOC_MSG.problemDeleteOpen);
  if (kind === 'summary' && project.status === 'closed') throw new BusinessError(DOC_MSG.summaryClosed);
}

/** One record with its editable fields (the /blank form loads it to edit). */
export async function docDetail(tx: Tx, s: Session, kind: DocKind, id: number) {
  const { row, project } = await docFor(tx, s, kind, id, false);
  return { ...row, projectName: project.name };
}

export async function updateAcceptance(ctx: DocsCtx, id: number, i: Omit<AcceptanceInput, 'projectId'>) {
  const { tx, session: s } = ctx;
  const { row, project } = await docFor(tx, s, 'acceptance', id, true);
  checkState('acceptance', row, project, 'update');
  if (i.result !== 'pending' && (!i.signer || !i.signDate)) throw new BusinessError(DOC_MSG.signOff);
  const files = await checkFiles(ctx, i.fileName);
  await tx.query(
    `update proj_acceptance set title = $3, criteria = $4, result = $5, signer = $6, sign_date = $7, file_name = $8, remark = $9
      where tenant_id = $1 and id = $2`,
    [s.tenantId, id, i.title, i.criteria, i.result, i.signer || null, i.signDate ?? null, files, i.remark ?? null],
  );
  return { id, result: i.result };
}

export async function updateProblem(ctx: RequestCtx, id: number, i: Omit<ProblemInput, 'projectId'>) {
  const { tx, session: s } = ctx;
  const { row, project } = await docFor(tx, s, 'problem', id, true);
  checkState('problem', row, project, 'update');
  if (i.status !== 'open' && !i.solution?.trim()) throw new BusinessError(DOC_MSG.problemSolution);
  if (i.ownerId != null && !(await tx.one('select 1 from sys_user where tenant_id = $1 and id = $2 and not delete_flag', [s.tenantId, i.ownerId])))
    throw new BusinessError('负责人不存在');
  await tx.query(
    `update proj_problem set title = $3, description = $4, severity = $5, status = $6, reporter = $7, report_date = $8, owner_id = $9, solution = $10
      where tenant_id = $1 and id = $2`,
    [s.tenantId, id, i.title, i.description ?? null, i.severity, i.status, i.reporter || null, i.reportDate, i.ownerId ?? null, i.solution ?? null],
  );
  return { id, status: i.status };
}

export async function updateSummary(ctx: RequestCtx, id: number, i: Omit<SummaryInput, 'projectId'>) {
  const { tx, session: s } = ctx;
  const { row, project } = await docFor(tx, s, 'summary', id, true);
  checkState('summary', row, project, 'update');
  await tx.query('update proj_summary set title = $3, content = $4, lessons = $5, summary_date = $6 where tenant_id = $1 and id = $2', [
    s.tenantId,
    id,
    i.title,
    i.content,
    i.lessons ?? null,
    i.summaryDate,
  ]);
  return { id };
}

export async function deleteDoc(ctx: RequestCtx, kind: DocKind, id: number) {
  const { tx, session: s } = ctx;
  const { row, project } = await docFor(tx, s, kind, id, true);
  checkState(kind, row, project, 'delete');
  await tx.query(`delete from ${TABLE[kind].table} where tenant_id = $1 and id = $2`, [s.tenantId, id]);
  return { id };
}
