import type { Tx } from './db/database.ts';
import type { Session } from './auth/session.ts';

/** The eight values of a log row, for `logInsertSql` in a statement that writes other rows too. */
export function logValues(s: Session, ip: string, operation: string, entity: string, ids: number[], content?: unknown): unknown[] {
  return [s.tenantId, s.userId, s.loginName, ip, operation, entity, ids.join(','), content === undefined ? null : JSON.stringify(content)];
}

const LOG_INTO = 'insert into sys_log(tenant_id, user_id, login_name, ip, operation, entity, record_ids, content)';
const logParams = (first: number) => Array.from({ length: 8 }, (_, i) => `$${first + i}`);

/** Inserts one log row whose `logValues` are the statement's parameters from `$first` on. */
export const logInsertSql = (first: number) => `${LOG_INTO}
     values (${logParams(first).join(', ')})`;

/**
 * The same as a select `from` rows of the statement (`when`: a condition on them), the content merged with the
 * jsonb `extra` (an expression over them): a log row that names what the statement itself made, a document's number.
 */
export const logSelectSql = (first: number, extra: string, from: string, when = 'true') => {
  const p = logParams(first);
  return `${LOG_INTO}
     select ${p.slice(0, 7).join(', ')}, coalesce(${p[7]}::jsonb, '{}'::jsonb) || ${extra} from ${from} where ${when}`;
};

/** Records a write with user, IP and what changed (issue: logs of every write). */
export async function logWrite(tx: Tx, s: Session, ip: string, operation: string, entity: string, ids: number[], content?: unknown): Promise<void> {
  await tx.query(logInsertSql(1), logValues(s, ip, operation, entity, ids, content));
}
