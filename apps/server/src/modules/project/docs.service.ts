import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import type { FileStore } from '../../platform/files/index.ts';
import { BusinessError } from '../../platform/errors.ts';
import { projectFor } from './access.ts';

/**
 * Acceptance, after-sales problems, summaries and deliverables of a project (issue 19 §4). Every write
 * checks the project is the user's (projectFor); files are names /common/uploadMinio returned (its limits:
 * 5 files, 5 MB each, the listed types), checked to exist in the company's own store.
 */
export type DocsCtx = RequestCtx & { store: FileStore };

/** The comma-joined upload names, each present in the company's files (another company's never is). */
export async function checkFiles(ctx: DocsCtx, fileName: string | null | undefined): Promise<string | null> {
  if (!fileName) return null;
  for (const path of fileName.split(',')) {
    const ok = await ctx.store.exists({ tenantId: ctx.session.tenantId, area: 'upload', path }).catch(() => false);
    if (!ok) throw new BusinessError(`文件不存在：${path}`);
  }
  return fileName;
}

export interface AcceptanceInput {
  projectId: number;
  title: string;
  criteria: string;
  result: 'pending' | 'passed' | 'failed';
  signer?: string | null;
  signDate?: string | null;
  fileName?: string | null;
  remark?: string | null;
}

export async function addAcceptance(ctx: DocsCtx, i: AcceptanceInput) {
  const { tx, session: s } = ctx;
  await projectFor(tx, s, i.projectId);
  if (i.result !== 'pending' && (!i.signer || !i.signDate)) throw new BusinessError('验收通过或不通过时，签字人和签字日期不能为空');
  const files = await checkFiles(ctx, i.fileName);
  const r = await tx.one<{ id: number }>(
    `insert into proj_acceptance(tenant_id, project_id, title, criteria, result, signer, sign_date, file_name, remark, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::int as id`,
    [s.tenantId, i.projectId, i.title, i.criteria, i.result, i.signer || null, i.signDate ?? null, files, i.remark ?? null, s.userId],
  );
  return { id: r!.id };
}

export interface ProblemInput {
  projectId: number;
  title: string;
  description?: string | null;
  severity: 'low' | 'medium' | 'high';
  status: 'open' | 'resolved' | 'closed';
  reporter?: string | null;
  reportDate: string;
  ownerId?: number | null;
  solution?: string | null;
}

export async function addProblem(ctx: RequestCtx, i: ProblemInput) {
  const { tx, session: s } = ctx;
  await projectFor(tx, s, i.projectId);
  if (i.ownerId != null && !(await tx.one('select 1 from sys_user where tenant_id = $1 and id = $2 and not delete_flag', [s.tenantId, i.ownerId])))
    throw new BusinessError('负责人不存在');
  const r = await tx.one<{ id: number }>(
    `insert into proj_problem(tenant_id, project_id, title, description, severity, status, reporter, report_date, owner_id, solution, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id::int as id`,
    [
      s.tenantId,
      i.projectId,
      i.title,
      i.description ?? null,
      i.severity,
      i.status,
      i.reporter || null,
      i.reportDate,
      i.ownerId ?? null,
      i.solution ?? null,
      s.userId,
    ],
  );
  return { id: r!.id };
}

export interface SummaryInput {
  projectId: number;
  title: string;
  content: string;
  lessons?: string | null;
  summaryDate: string;
}

export async function addSummary(ctx: RequestCtx, i: SummaryInput) {
  const { tx, session: s } = ctx;
  await projectFor(tx, s, i.projectId);
  const r = await tx.one<{ id: number }>(
    `insert into proj_summary(tenant_id, project_id, title, content, lessons, summary_date, creator)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::int as id`,
    [s.tenantId, i.projectId, i.title, i.content, i.lessons ?? null, i.summaryDate, s.userId],
  );
  return { id: r!.id };
}

/** A deliverable and its first version. */
export async function addDeliverable(ctx: DocsCtx, i: { projectId: number; name: string; fileName: string; remark?: string | null }) {
  const { tx, session: s } = ctx;
  await projectFor(tx, s, i.projectId);
  const dup = await tx.one('select 1 from proj_deliverable where tenant_id = $1 and project_id = $2 and name = $3', [s.tenantId, i.projectId, i.name]);
  if (dup) throw new BusinessError('该项目已有同名交付物，请上传新版本');
  const files = (await checkFiles(ctx, i.fileName))!;
  const d = await tx.one<{ id: number }>(
    `insert into proj_deliverable(tenant_id, project_id, name, remark, creator) values ($1, $2, $3, $4, $5) returning id::int as id`,
    [s.tenantId, i.projectId, i.name, i.remark ?? null, s.userId],
  );
  await tx.query(`insert into proj_deliverable_version(tenant_id, deliverable_id, version, file_name, creator) values ($1, $2, 1, $3, $4)`, [
    s.tenantId,
    d!.id,
    files,
    s.userId,
  ]);
  return { id: d!.id, version: 1 };
}

async function deliverableFor(tx: Tx, s: Session, id: number) {
  const d = await tx.one<{ project_id: number }>('select project_id::int as project_id from proj_deliverable where tenant_id = $1 and id = $2 for update', [
    s.tenantId,
    id,
  ]);
  if (!d) throw new BusinessError('交付物不存在');
  await projectFor(tx, s, d.project_id);
}

/** A new upload of a deliverable: the next version; the earlier versions stay. */
export async function addDeliverableVersion(ctx: DocsCtx, i: { deliverableId: number; fileName: string; note?: string | null }) {
  const { tx, session: s } = ctx;
  await deliverableFor(tx, s, i.deliverableId);
  const files = (await checkFiles(ctx, i.fileName))!;
  const r = await tx.one<{ version: number }>(
    `insert into proj_deliverable_version(tenant_id, deliverable_id, version, file_name, note, creator)
     select $1, $2, coalesce(max(version), 0) + 1, $3, $4, $5 from proj_deliverable_version where tenant_id = $1 and deliverable_id = $2
     returning version`,
    [s.tenantId, i.deliverableId, files, i.note ?? null, s.userId],
  );
  return { id: i.deliverableId, version: r!.version };
}

/** Every version of a deliverable, newest first. */
export async function deliverableVersions(tx: Tx, s: Session, id: number) {
  await deliverableFor(tx, s, id);
  return tx.query(
    `select v.version, v.file_name as "fileName", v.note, u.username as "creatorName", to_char(v.created_at, 'YYYY-MM-DD HH24:MI') as "createTime"
       from proj_deliverable_version v left join sys_user u on u.tenant_id = v.tenant_id and u.id = v.creator
      where v.tenant_id = $1 and v.deliverable_id = $2 order by v.version desc`,
    [s.tenantId, id],
  );
}
