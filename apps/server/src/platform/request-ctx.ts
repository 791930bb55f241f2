import type { Tx } from './db/database.ts';
import type { Session } from './auth/session.ts';

/**
 * What a service needs from a signed-in request: its one transaction (tenant-scoped), the caller and
 * the caller's address (for the operation log). Routes build it; services never see the HTTP layer.
 */
export interface RequestCtx {
  tx: Tx;
  session: Session;
  ip: string;
}
