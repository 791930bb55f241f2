import type { BidStatus } from '@erp/entities';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';

export interface BidProject {
  id: number;
  name: string;
  status: BidStatus;
  tendererId: number;
}

/** The project locked for a change (a refusal naming it when missing). */
export async function lockProject(tx: Tx, tenantId: number, id: number): Promise<BidProject> {
  const p = await tx.one<{ id: number; name: string; status: BidStatus; tenderer_id: number }>(
    'select id, name, status, tenderer_id from bid_project where tenant_id = $1 and id = $2 and not delete_flag for update',
    [tenantId, id],
  );
  if (!p) throw notFound('投标项目不存在或已删除');
  return { id: Number(p.id), name: p.name, status: p.status, tendererId: Number(p.tenderer_id) };
}
