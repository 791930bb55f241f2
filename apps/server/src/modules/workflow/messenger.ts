import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../platform/db/database.ts';
import type { NewMessage } from '../message/index.ts';

/**
 * How the engine sends its messages (type 0) and pushes them: the message module's `sendMessage` and
 * `publishMessage`, handed over by app.ts. Importing them here would close a loop (message → inventory →
 * workflow → message), as a module's controllers are handed over for the same reason (docs/decisions.md).
 */
export interface Messenger {
  send(tx: Tx, tenantId: number, senderId: number | null, m: NewMessage): Promise<number>;
  publish(db: Database, log: FastifyBaseLogger, tenantId: number, msgId: number, userIds: number[]): Promise<void>;
}

let current: Messenger | undefined;

export function useMessenger(m: Messenger): void {
  current = m;
}

export function messenger(): Messenger {
  if (!current) throw new Error('workflow: useMessenger() was not called (app.ts)');
  return current;
}
