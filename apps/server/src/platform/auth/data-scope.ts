import type { Tx } from '../db/database.ts';
import type { Session } from './session.ts';

export type ScopeKind = 'depot' | 'customer';
const SWITCH: Record<ScopeKind, string> = { depot: 'depot_flag', customer: 'customer_flag' };

/**
 * The warehouses (or customers) a user may see, from their roles' data scope (SPEC §6).
 * null means no restriction: the company's switch for that kind is off, or the user is admin.
 * Queries of later modules filter with `= any($ids)` when this is not null.
 */
export async function allowedIds(tx: Tx, s: Session, kind: ScopeKind): Promise<number[] | null> {
  if (s.admin) return null;
  const cfg = await tx.one<{ on: boolean }>(`select ${SWITCH[kind]} as on from system_config where tenant_id = $1`, [s.tenantId]);
  if (!cfg?.on) return null;
  const rows = await tx.query<{ target_id: number }>(
    `select distinct ds.target_id from user_role ur
       join role_data_scope ds on ds.tenant_id = ur.tenant_id and ds.role_id = ur.role_id
      where ur.tenant_id = $1 and ur.user_id = $2 and ds.kind = $3 order by 1`,
    [s.tenantId, s.userId, kind],
  );
  return rows.map((r) => r.target_id);
}
