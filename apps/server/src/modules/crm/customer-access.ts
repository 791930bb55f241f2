import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { BusinessError, forbidden, notFound } from '../../platform/errors.ts';

/** A customer (partner of type 客户) with its CRM state; no crm_customer row reads as an unheld customer. */
export interface CustomerState {
  partnerId: number;
  name: string;
  status: 'lead' | 'customer';
  ownerId: number | null;
}

export const CUSTOMER = '客户';
export const IN_POOL = '该客户在公海中，请先领取';
export const HELD_BY_OTHER = '该客户已被他人领取';

export const isManager = (s: Session) => s.admin || s.user.isManager;

/** Reads a live customer of the company, locking its CRM row so two requests do not both change its owner. */
export async function customerState(tx: Tx, tenantId: number, partnerId: number): Promise<CustomerState> {
  const row = await tx.one<{ partnerId: string; name: string; status: 'lead' | 'customer' | null; ownerId: string | null }>(
    `select p.id::text as "partnerId", p.name, c.status, c.owner_id::text as "ownerId"
       from partner p left join crm_customer c on c.tenant_id = p.tenant_id and c.partner_id = p.id
      where p.tenant_id = $1 and p.id = $2 and p.type = $3 and not p.delete_flag
      for update of p`,
    [tenantId, partnerId, CUSTOMER],
  );
  if (!row) throw notFound('客户不存在');
  return { partnerId: Number(row.partnerId), name: row.name, status: row.status ?? 'customer', ownerId: row.ownerId === null ? null : Number(row.ownerId) };
}

/** The caller may work on a customer it holds; a manager (or admin) on any held one. A pool customer must be claimed first. */
export function mayWork(s: Session, c: CustomerState): void {
  if (c.ownerId === null) throw new BusinessError(IN_POOL);
  if (c.ownerId !== s.userId && !isManager(s)) throw forbidden('只能操作自己负责的客户');
}

/** A user of the company (not deleted). */
export async function checkUser(tx: Tx, tenantId: number, userId: number): Promise<string> {
  const u = await tx.one<{ name: string }>('select username as name from sys_user where tenant_id = $1 and id = $2 and not delete_flag', [tenantId, userId]);
  if (!u) throw new BusinessError('用户不存在或不属于本公司');
  return u.name;
}
