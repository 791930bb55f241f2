import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, forbidden } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { projectFor, visibleProjectAnd } from './access.ts';
import { nextProjectNumber } from './numbering.ts';
import { isManager } from './time.service.ts';
import { contractSnapshot, projectSnapshot } from './archive-snapshot.ts';

export type ArchiveKind = 'project' | 'contract';
export type ArchiveReason = 'closed' | 'manual';

/** 项目档案 XMDA…, 合同档案 HTDA… */
const PREFIX: Record<ArchiveKind, string> = { project: 'XMDA', contract: 'HTDA' };

async function store(ctx: RequestCtx, kind: ArchiveKind, projectId: number, contractId: number | null, reason: ArchiveReason, dossier: Dossier) {
  const { tx, session: s } = ctx;
  const number = await nextProjectNumber(tx, s.tenantId, PREFIX[kind]);
  const r = await tx.one<{ id: number }>(
    `insert into proj_archive(tenant_id, number, kind, project_id, contract_id, title, reason, snapshot, file_names, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::text[], $10) returning id::int as id`,
    [s.tenantId, number, kind, projectId, contractId, dossier.title.slice(0, 200), reason, JSON.stringify(dossier.snapshot), dossier.files, s.userId],
  );
  await logWrite(tx, s, ctx.ip, 'add', kind === 'project' ? 'projectArchive' : 'contractArchive', [r!.id], { number, reason, projectId, contractId });
  return { id: r!.id, number };
}

interface Dossier {
  title: string;
  snapshot: object;
  files: string[];
}

/** On demand the project's manager (or the administrator) archives; a close archives whoever closes. */
async function mayArchive(tx: Tx, s: Session, projectId: number, reason: ArchiveReason) {
  const p = await projectFor(tx, s, projectId);
  if (p.is_template) throw new BusinessError('项目模板不能归档');
  if (reason === 'manual' && !s.admin && !(await isManager(tx, s, projectId))) throw forbidden('只有项目经理可以归档');
}

/** Freezes a project's dossier as an archive (项目档案); a close also archives each of its contracts. */
export async function archiveProject(ctx: RequestCtx, projectId: number, reason: ArchiveReason = 'manual') {
  await mayArchive(ctx.tx, ctx.session, projectId, reason);
  const made = await store(ctx, 'project', projectId, null, reason, await projectSnapshot(ctx.tx, ctx.session, projectId));
  if (reason === 'closed') {
    const contracts = await ctx.tx.query<{ id: number }>('select id::int as id from proj_contract where tenant_id = $1 and project_id = $2 order by id', [
      ctx.session.tenantId,
      projectId,
    ]);
    for (const c of contracts) await store(ctx, 'contract', projectId, c.id, reason, await contractSnapshot(ctx.tx, ctx.session, projectId, c.id));
  }
  return made;
}

/** Freezes a contract's dossier as an archive (合同档案). */
export async function archiveContract(ctx: RequestCtx, contractId: number) {
  const c = await ctx.tx.one<{ project_id: number }>('select project_id::int as project_id from proj_contract where tenant_id = $1 and id = $2', [
    ctx.session.tenantId,
    contractId,
  ]);
  if (!c) throw new BusinessError('合同不存在');
  await mayArchive(ctx.tx, ctx.session, c.project_id, 'manual');
  return store(ctx, 'contract', c.project_id, contractId, 'manual', await contractSnapshot(ctx.tx, ctx.session, c.project_id, contractId));
}

export interface ArchiveQuery {
  projectId?: number;
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
}

const COLS = `a.id::int as id, a.number, a.kind, a.title, a.reason, a.project_id::int as "projectId", p.number as "projectNumber", p.name as "projectName",
       a.contract_id::int as "contractId", cardinality(a.file_names) as files, u.username as "creatorName",
       to_char(a.created_at, 'YYYY-MM-DD HH24:MI') as "createTime"`;
const FROM = (s: Session) => `proj_archive a
       join proj_project p on p.tenant_id = a.tenant_id and p.id = a.project_id ${visibleProjectAnd(s, 'p', 2)}
       left join sys_user u on u.tenant_id = a.tenant_id and u.id = a.creator`;

/** One kind's archives of the projects the user may see, newest first; the keyword searches number and title. */
export async function listArchives(tx: Tx, s: Session, kind: ArchiveKind, q: ArchiveQuery) {
  const size = q.pageSize ?? 20;
  const page = q.currentPage ?? 1;
  const where = `a.tenant_id = $1 and a.kind = $3 and ($4::bigint is null or a.project_id = $4)
      and ($5::text is null or a.number || ' ' || a.title ilike '%' || $5 || '%')`;
  const args = [s.tenantId, s.userId, kind, q.projectId ?? null, q.keyword || null];
  const rows = await tx.query(
    `select ${COLS} from ${FROM(s)} where ${where} order by a.created_at desc, a.id desc limit ${size} offset ${(page - 1) * size}`,
    args,
  );
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from ${FROM(s)} where ${where}`, args);
  return { rows, total: total!.n };
}

/** One archive with its frozen dossier and file names (another company's, or a project the user may not see: 档案不存在). */
export async function archiveDetail(tx: Tx, s: Session, kind: ArchiveKind, id: number) {
  const r = await tx.one<Record<string, unknown> & { snapshot: Record<string, unknown>; fileNames: string[] }>(
    `select ${COLS}, a.snapshot, a.file_names as "fileNames" from ${FROM(s)} where a.tenant_id = $1 and a.kind = $3 and a.id = $4`,
    [s.tenantId, s.userId, kind, id],
  );
  if (!r) throw new BusinessError('档案不存在');
  return r;
}
