import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { lockProject, moveProject } from './project.service.ts';

export interface BidderInput {
  name: string;
  isSelf?: boolean;
  analysis?: string | null;
  expectedPrice?: string | null;
  openingPrice?: string | null;
  score?: string | null;
}

function checkNames(bidders: BidderInput[]) {
  const seen = new Set<string>();
  for (const b of bidders) {
    if (seen.has(b.name)) throw new BusinessError(`投标单位“${b.name}”重复`);
    seen.add(b.name);
  }
  if (bidders.filter((b) => b.isSelf).length > 1) throw new BusinessError('只能有一家本公司投标单位');
}

/**
 * 竞争对手分析 / 开标登记: replaces the project's bidders (ourselves and the competitors) with their analysis,
 * expected and opening prices and scores. Opening prices are taken only once the project is at the opening.
 */
export async function saveBidders({ tx, session, ip }: RequestCtx, projectId: number, bidders: BidderInput[]) {
  const t = session.tenantId;
  const p = await lockProject(tx, t, projectId);
  if (['won', 'lost', 'abandoned', 'closed'].includes(p.status)) throw new BusinessError(`项目“${p.name}”已有结果，不能修改投标单位`);
  checkNames(bidders);
  if (p.status !== 'opening' && bidders.some((b) => b.openingPrice != null)) throw new BusinessError(`项目“${p.name}”尚未开标，不能登记开标价`);
  await tx.query('delete from bid_bidder where tenant_id = $1 and project_id = $2', [t, projectId]);
  for (const b of bidders)
    await tx.query(
      `insert into bid_bidder(tenant_id, project_id, name, is_self, analysis, expected_price, opening_price, score) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [t, projectId, b.name, !!b.isSelf, b.analysis ?? null, b.expectedPrice ?? null, b.openingPrice ?? null, b.score ?? null],
    );
  const self = bidders.find((b) => b.isSelf && b.openingPrice != null);
  if (self) await tx.query('update bid_project set our_price = $3, updated_at = now() where tenant_id = $1 and id = $2', [t, projectId, self.openingPrice]);
  await logWrite(tx, session, ip, '修改', '投标单位', [projectId], { count: bidders.length });
  return { projectId, count: bidders.length };
}

/**
 * 中标结果登记: names the winning bidder (one of the registered bidders, with its opening price); the
 * project moves from the opening to won (we are the winner) or lost.
 */
export async function registerResult(c: RequestCtx, projectId: number, winnerId: number, remark?: string | null, resultDate?: string | null) {
  const t = c.session.tenantId;
  const p = await lockProject(c.tx, t, projectId);
  if (p.status !== 'opening') throw new BusinessError(`项目“${p.name}”尚未开标或已有结果，不能登记中标结果`);
  const w = await c.tx.one<{ is_self: boolean; opening_price: string | null; name: string }>(
    'select is_self, opening_price::text, name from bid_bidder where tenant_id = $1 and project_id = $2 and id = $3',
    [t, projectId, winnerId],
  );
  if (!w) throw new BusinessError('中标单位不是本项目的投标单位');
  if (w.opening_price == null) throw new BusinessError(`“${w.name}”没有开标价，请先登记开标价`);
  await c.tx.query('update bid_bidder set winner = (id = $3) where tenant_id = $1 and project_id = $2', [t, projectId, winnerId]);
  return moveProject(c, projectId, w.is_self ? 'won' : 'lost', remark ?? `中标单位：${w.name}，中标价 ${new Decimal(w.opening_price).toFixed(2)}`, resultDate);
}
