import type { Tx } from '../db/database.ts';
import type { Session } from './session.ts';

export type ScopeKind = 'depot' | 'customer';
const SWITCH: Record<ScopeKind, string> = { depot: 'depot_flag', customer: 'customer_flag' };
const USER_KIND: Record<ScopeKind, string> = { depot: 'UserDepot', customer: 'UserCustomer' };

/**
 * The warehouses (or customers) a user may see, from their roles' data scope (SPEC §6).
 * A user's own assignment (user_business), when there is one, replaces the roles' scope.
 * null means no restriction: the company's switch for that kind is off, the user is admin, or one of
 * their roles is of type 全部数据 and names no scope of that kind. Otherwise the union of the roles'
 * scopes. Queries of later modules filter with `= any($ids)` when this is not null.
 */
export async function allowedIds(tx: Tx, s: Session, kind: ScopeKind): Promise<number[] | null> {
  if (s.admin) return null;
  const cfg = await tx.one<{ on: boolean }>(`select ${SWITCH[kind]} as on from system_config where tenant_id = $1`, [s.tenantId]);
  if (!cfg?.on) return null;
  // the user's own assignment (user_business UserDepot / UserCustomer, issue 24) replaces what the roles give
  const own = await tx.one<{ value: string }>('select value from user_business where tenant_id = $1 and key_id = $2 and type = $3', [
    s.tenantId,
    s.userId,
    USER_KIND[kind],
  ]);
  if (own) return [...new Set([...own.value.matchAll(/\d+/g)].map((m) => Number(m[0])))].sort((a, b) => a - b);
  const rows = await tx.query<{ role_id: number; type: string; target_id: number | null }>(
    `select r.id as role_id, r.type, ds.target_id from user_role ur
       join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.enabled and not r.delete_flag
       left join role_data_scope ds on ds.tenant_id = ur.tenant_id and ds.role_id = ur.role_id and ds.kind = $3
      where ur.tenant_id = $1 and ur.user_id = $2`,
    [s.tenantId, s.userId, kind],
  );
  if (rows.some((r) => r.type === '全部数据' && r.target_id === null)) return null;
  return [...new Set(rows.filter((r) => r.target_id !== null).map((r) => r.target_id!))].sort((a, b) => a - b);
}
