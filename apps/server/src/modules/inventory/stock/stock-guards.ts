import type { Tx } from '../../../platform/db/database.ts';
import type { Movement } from './stock-ledger.ts';

/**
 * Rules other areas add to every stock post (quality: quarantined stock cannot leave; docs/decisions.md
 * "Quarantine"). A guard throws a BusinessError to refuse the whole post; a shortage note adds a
 * sentence to the oversell refusal (why the stock the user sees is not available).
 */
export interface StockGuard {
  /**
   * A scalar SQL expression over the tenant (`$1`) whose value the post reads with its first statement (the one
   * creating missing stock rows), so a guard costs no round trip of its own; what it read goes to `check`.
   */
  probe: string;
  check: (tx: Tx, tenantId: number, moves: Movement[], probed: unknown) => Promise<void>;
}
export type ShortageNote = (tx: Tx, tenantId: number, materialId: number, depotId: number) => Promise<string>;

const guards: StockGuard[] = [];
const notes: ShortageNote[] = [];

export const registerStockGuard = (g: StockGuard) => void guards.push(g);
export const registerShortageNote = (n: ShortageNote) => void notes.push(n);

/** A JSON object of every guard's probe (`g0`, `g1`, …), as one SQL expression. */
export const guardProbes = (): string => `json_build_object(${guards.map((g, i) => `'g${i}', ${g.probe}`).join(', ')})`;

export async function runStockGuards(tx: Tx, tenantId: number, moves: Movement[], probed: Record<string, unknown>): Promise<void> {
  for (const [i, g] of guards.entries()) await g.check(tx, tenantId, moves, probed[`g${i}`]);
}

export async function shortageNotes(tx: Tx, tenantId: number, materialId: number, depotId: number): Promise<string> {
  let s = '';
  for (const n of notes) s += await n(tx, tenantId, materialId, depotId);
  return s;
}
