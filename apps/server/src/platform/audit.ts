import type { Tx } from './db/database.ts';
import type { Session } from './auth/session.ts';

/** Records a write with user, IP and what changed (issue: logs of every write). */
export async function logWrite(tx: Tx, s: Session, ip: string, operation: string, entity: string, ids: number[], content?: unknown): Promise<void> {
  await tx.query(
    `insert into sys_log(tenant_id, user_id, login_name, ip, operation, entity, record_ids, content)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [s.tenantId, s.userId, s.loginName, ip, operation, entity, ids.join(','), content === undefined ? null : JSON.stringify(content)],
  );
}
