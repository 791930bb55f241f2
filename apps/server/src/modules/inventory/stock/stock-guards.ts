import type { Tx } from '../../../platform/db/database.ts';
import type { Movement } from './stock-ledger.ts';

/**
 * Rules other areas add to every stock post (quality: quarantined stock cannot leave; docs/decisions.md
 * "Quarantine"). A guard throws a BusinessError to refuse the whole post; a shortage note adds a
 * sentence to the oversell refusal (why the stock the user sees is not available).
 */
export type StockGuard = (tx: Tx, tenantId: number, moves: Movement[]) => Promise<void>;
export type ShortageNote = (tx: Tx, tenantId: number, materialId: number, depotId: number) => Promise<string>;

const guards: StockGuard[] = [];
const notes: ShortageNote[] = [];

export const registerStockGuard = (g: StockGuard) => void guards.push(g);
export const registerShortageNote = (n: ShortageNote) => void notes.push(n);

export async function runStockGuards(tx: Tx, tenantId: number, moves: Movement[]): Promise<void> {
  for (const g of guards) await g(tx, tenantId, moves);
}

export async function shortageNotes(tx: Tx, tenantId: number, materialId: number, depotId: number): Promise<string> {
  let s = '';
  for (const n of notes) s += await n(tx, tenantId, materialId, depotId);
  return s;
}
