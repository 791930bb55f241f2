import { useSyncExternalStore } from 'react';

/**
 * Filters handed from one report tab to another (drill-down). Tabs stay mounted and the router's
 * location is the active tab's, so a target screen cannot read them from the url: it watches this
 * store and applies each new request once (`seq` tells requests apart).
 */
export interface DrillRequest {
  seq: number;
  values: Record<string, unknown>;
  /** names to show for ids in the filters (e.g. the material's) */
  labels: Record<string, string>;
}

const pending = new Map<string, DrillRequest>();
const listeners = new Set<() => void>();
let seq = 0;

export function drillTo(path: string, values: Record<string, unknown>, labels: Record<string, string> = {}): void {
  pending.set(path, { seq: ++seq, values, labels });
  for (const l of listeners) l();
}

export function useDrill(path: string): DrillRequest | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending.get(path),
  );
}
