import { useSyncExternalStore } from 'react';

/**
 * Filters handed from one finance report tab to another (drill-down). Tabs stay mounted, so a target screen
 * watches this store and applies each new request once (`seq` tells requests apart).
 */
export interface FinDrillRequest {
  seq: number;
  values: Record<string, unknown>;
}

const pending = new Map<string, FinDrillRequest>();
const listeners = new Set<() => void>();
let seq = 0;

export function finDrillTo(path: string, values: Record<string, unknown>): void {
  pending.set(path, { seq: ++seq, values });
  for (const l of listeners) l();
}

export function useFinDrill(path: string): FinDrillRequest | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending.get(path),
  );
}
