import { BID_MOVES, bidMoveRefused, type BidStatus } from '@erp/entities';
import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { outstandingDeposits } from './money.queries.ts';
import { lockProject } from './project-lock.ts';
import { reviewBlock } from './review.service.ts';

export { lockProject } from './project-lock.ts';
import { today } from '../../platform/clock.ts';
import { droppedNames } from '../common/index.ts';

export interface ItemInput {
  lot: string;
  name: string;
  qty: string;
  unit?: string | null;
  budget?: string | null;
}

export interface ProjectInput {
  name: string;
  code?: string | null;
  tendererId: number;
  agency?: string | null;
  budget?: string | null;
  ourPrice?: string | null;
  registrationDeadline?: string | null;
  openingDate?: string | null;
  validUntil?: string | null;
  remark?: string | null;
  items?: ItemInput[];
}

/** Key dates in order: registration closes no later than the opening; the bid stays valid at least until it. */
export function checkDates(p: Pick<ProjectInput, 'registrationDeadline' | 'openingDate' | 'validUntil'>) {
  if (p.registrationDeadline && p.openingDate && p.registrationDeadline > p.openingDate)
    throw new BusinessError(`报名截止日期 ${p.registrationDeadline} 不能晚于开标日期 ${p.openingDate}`);
  if (p.validUntil && p.openingDate && p.validUntil < p.openingDate) throw new BusinessError(`投标有效期 ${p.validUntil} 不能早于开标日期 ${p.openingDate}`);
}

async function checkTenderer(tx: Tx, tenantId: number, id: number) {
  const p = await tx.one('select 1 from partner where tenant_id = $1 and id = $2 and not delete_flag', [tenantId, id]);
  if (!p) throw new BusinessError('招标方不存在');
}

async function writeItems(tx: Tx, tenantId: number, projectId: number, items: ItemInput[]) {
  await tx.query('delete from bid_item where tenant_id = $1 and project_id = $2', [tenantId, projectId]);
  if (!items.length) return;
  await tx.query(
    `insert into bid_item(tenant_id, project_id, lot, name, qty, unit, budget)
     select $1, $2, l, n, q, u, b from unnest($3::text[], $4::text[], $5::numeric[], $6::text[], $7::numeric[]) with ordinality as x(l, n, q, u, b, o) order by o`,
    [
      tenantId,
      projectId,
      items.map((i) => i.lot),
      items.map((i) => i.name),
      items.map((i) => i.qty),
      items.map((i) => i.unit ?? null),
      items.map((i) => i.budget ?? null),
    ],
  );
}

const COLUMNS = {
  name: 'name',
  code: 'code',
  tendererId: 'tenderer_id',
  agency: 'agency',
  budget: 'budget',
  ourPrice: 'our_price',
  registrationDeadline: 'registration_deadline',
  openingDate: 'opening_date',
  validUntil: 'valid_until',
  remark: 'remark',
} as const;

/** 项目信息 新建: the project starts at 'info' with its tender items. */
export async function addProject({ tx, session, ip }: RequestCtx, input: ProjectInput) {
  const t = session.tenantId;
  checkDates(input);
  await checkTenderer(tx, t, input.tendererId);
  const keys = Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>;
  const r = await tx.one<{ id: number }>(
    `insert into bid_project(tenant_id, ${keys.map((k) => COLUMNS[k]).join(', ')}, creator)
     values ($1, ${keys.map((_, i) => `$${i + 2}`).join(', ')}, $${keys.length + 2}) returning id`,
    [t, ...keys.map((k) => input[k] ?? null), session.userId],
  );
  const id = Number(r!.id);
  await writeItems(tx, t, id, input.items ?? []);
  await tx.query(`insert into bid_status_log(tenant_id, project_id, to_status, actor_id) values ($1, $2, 'info', $3)`, [t, id, session.userId]);
  await logWrite(tx, session, ip, '新增', '投标项目', [id], { name: input.name });
  return { id };
}

/** Changes the project's information and (when given) its items; closed projects stay as they are. */
export async function updateProject({ tx, session, ip }: RequestCtx, id: number, input: Partial<ProjectInput>) {
  const t = session.tenantId;
  const p = await lockProject(tx, t, id);
  if (p.status === 'closed') throw new BusinessError(`项目“${p.name}”已关闭，不能修改`);
  if (input.tendererId) await checkTenderer(tx, t, input.tendererId);
  const cur = await tx.one<{ r: string | null; o: string | null; v: string | null }>(
    `select to_char(registration_deadline, 'YYYY-MM-DD') as r, to_char(opening_date, 'YYYY-MM-DD') as o, to_char(valid_until, 'YYYY-MM-DD') as v
       from bid_project where tenant_id = $1 and id = $2`,
    [t, id],
  );
  checkDates({
    registrationDeadline: input.registrationDeadline !== undefined ? input.registrationDeadline : cur!.r,
    openingDate: input.openingDate !== undefined ? input.openingDate : cur!.o,
    validUntil: input.validUntil !== undefined ? input.validUntil : cur!.v,
  });
  const keys = (Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>).filter((k) => input[k] !== undefined);
  if (keys.length)
    await tx.query(
      `update bid_project set ${keys.map((k, i) => `${COLUMNS[k]} = $${i + 3}`).join(', ')}, updated_at = now() where tenant_id = $1 and id = $2`,
      [t, id, ...keys.map((k) => input[k] ?? null)],
    );
  if (input.items) await writeItems(tx, t, id, input.items);
  await logWrite(tx, session, ip, '修改', '投标项目', [id]);
  return { id };
}

/**
 * Moves the project one step (BID_MOVES); any other move is refused naming the allowed ones. Closing is
 * refused while a deposit is still out; a result (won / lost / abandoned) records its date (today unless given).
 */
export async function moveProject({ tx, session, ip }: RequestCtx, id: number, to: BidStatus, remark?: string | null, resultDate?: string | null) {
  const t = session.tenantId;
  const day = resultDate ?? today();
  if (day > today()) throw new BusinessError(`结果日期 ${day} 不能晚于今天`);
  const p = await lockProject(tx, t, id);
  if (!BID_MOVES[p.status].includes(to)) throw new BusinessError(bidMoveRefused(p.name, p.status, to));
  const blocked = await reviewBlock(tx, t, id, to);
  if (blocked) throw new BusinessError(`项目“${p.name}”${blocked}`);
  if (to === 'closed') {
    const out = await outstandingDeposits(tx, t, id);
    if (out.length) throw new BusinessError(`项目“${p.name}”的保证金 ${out.map((d) => `${d.number}（${d.amount}）`).join('、')} 尚未回收或没收，不能关闭`);
  }
  const result = to === 'won' || to === 'lost' || to === 'abandoned';
  await tx.query(
    `update bid_project set status = $3, result_date = case when $4 then $5::date else result_date end, updated_at = now() where tenant_id = $1 and id = $2`,
    [t, id, to, result, day],
  );
  await tx.query('insert into bid_status_log(tenant_id, project_id, from_status, to_status, remark, actor_id) values ($1, $2, $3, $4, $5, $6)', [
    t,
    id,
    p.status,
    to,
    remark ?? null,
    session.userId,
  ]);
  await logWrite(tx, session, ip, '状态', '投标项目', [id], { from: p.status, to });
  return { id, status: to };
}

/**
 * Deletes a project that has no money on it yet (a project with applications is abandoned and closed instead).
 * Its review lines' evidence files go with it: handed to dropFiles, removed once the delete is committed.
 */
export async function deleteProject({ tx, session, ip }: RequestCtx, id: number, dropFiles: (names: string[]) => void = () => {}) {
  const t = session.tenantId;
  const p = await lockProject(tx, t, id);
  const m = await tx.one('select 1 from bid_money where tenant_id = $1 and project_id = $2 and not delete_flag', [t, id]);
  if (m) throw new BusinessError(`项目“${p.name}”已有保证金或费用申请，不能删除，请放弃并关闭`);
  await tx.query('update bid_project set delete_flag = true, updated_at = now() where tenant_id = $1 and id = $2', [t, id]);
  const files = await tx.query<{ evidence: string }>(
    `with gone as (select id, evidence from bid_review where tenant_id = $1 and project_id = $2 and evidence is not null)
     update bid_review r set evidence = null from gone where r.tenant_id = $1 and r.id = gone.id returning gone.evidence`,
    [t, id],
  );
  dropFiles(
    droppedNames(
      files.map((f) => f.evidence),
      [],
    ),
  );
  await logWrite(tx, session, ip, '删除', '投标项目', [id]);
  return { id };
}
