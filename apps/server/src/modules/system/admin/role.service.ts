import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { logWrite } from '../../../platform/audit.ts';
import { badRequest } from '../../../platform/errors.ts';
import { bulkGrants, grantsOf, loadRole, planGrants, storeGrants } from './role-grants.ts';

const OK = { message: '操作成功' };
type BulkMode = Parameters<typeof bulkGrants>[3];

const SCOPE = {
  depot: { table: 'depot', extra: '', label: '仓库', field: 'depotIds' },
  customer: { table: 'partner', extra: `and type = '客户'`, label: '客户', field: 'customerIds' },
} as const;

/** Replaces one kind of the role's data scope; every id must be a live row of that kind in the company. */
async function setScope(tx: Tx, s: Session, roleId: number, kind: keyof typeof SCOPE, ids: number[]) {
  const k = SCOPE[kind];
  const found = await tx.query<{ id: number }>(`select id from ${k.table} where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag ${k.extra}`, [
    s.tenantId,
    ids,
  ]);
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`参数错误 ${k.field}: ${k.label} ${missing.join(',')} 不存在`);
  await tx.query('delete from role_data_scope where tenant_id = $1 and role_id = $2 and kind = $3', [s.tenantId, roleId, kind]);
  await tx.query(`insert into role_data_scope(tenant_id, role_id, kind, target_id) select $1, $2, $3, unnest($4::bigint[])`, [s.tenantId, roleId, kind, ids]);
}

/** Enabled roles of the company (pickers of the role and user screens). */
export async function enabledRoles(tx: Tx, tenantId: number) {
  return tx.query(
    `select id, name, type, price_masking as "priceMasking", board, sort, description
       from role where tenant_id = $1 and enabled and not delete_flag order by sort nulls last, id`,
    [tenantId],
  );
}

export async function roleGrants(tx: Tx, session: Session, id: number) {
  await loadRole(tx, session, id);
  return grantsOf(tx, session, id);
}

/** Replaces the role's menu and button grants. */
export async function setRoleGrants({ tx, session, ip }: RequestCtx, body: { roleId: number; grants: Array<{ functionId: number; btnStr: string }> }) {
  await loadRole(tx, session, body.roleId, true);
  const rows = await planGrants(tx, session, body.roleId, body.grants);
  await storeGrants(tx, session, body.roleId, rows);
  await logWrite(tx, session, ip, 'setGrants', 'role', [body.roleId], Object.fromEntries(rows));
  return OK;
}

export async function setRoleGrantsBulk({ tx, session, ip }: RequestCtx, body: { roleId: number; mode: BulkMode; checked: boolean }) {
  await loadRole(tx, session, body.roleId, true);
  await bulkGrants(tx, session, body.roleId, body.mode, body.checked);
  await logWrite(tx, session, ip, 'setGrantsBulk', 'role', [body.roleId], { mode: body.mode, checked: body.checked });
  return OK;
}

/** The warehouses and customers this role may see when the company switches those scopes on. */
export async function roleDataScope(tx: Tx, session: Session, id: number) {
  await loadRole(tx, session, id);
  const rows = await tx.query<{ kind: 'depot' | 'customer'; target_id: number }>(
    'select kind, target_id from role_data_scope where tenant_id = $1 and role_id = $2 order by kind, target_id',
    [session.tenantId, id],
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.target_id);
  return { roleId: id, depotIds: of('depot'), customerIds: of('customer') };
}

/** Replaces the role's warehouses and/or customers (a list left out stays as it is). */
export async function setRoleDataScope({ tx, session, ip }: RequestCtx, body: { roleId: number; depotIds?: number[]; customerIds?: number[] }) {
  await loadRole(tx, session, body.roleId, true);
  if (body.depotIds) await setScope(tx, session, body.roleId, 'depot', body.depotIds);
  if (body.customerIds) await setScope(tx, session, body.roleId, 'customer', body.customerIds);
  await logWrite(tx, session, ip, 'setDataScope', 'role', [body.roleId], { depotIds: body.depotIds, customerIds: body.customerIds });
  return OK;
}
