import type { Tx } from '../../../platform/db/database.ts';

/** Time a work centre cannot work although its calendar says it could (a device down for repair). */
export interface CapacityBlock {
  centre: number;
  start: Date;
  end: Date;
}
export type CapacityBlocker = (tx: Tx, tenantId: number) => Promise<CapacityBlock[]>;

const blockers: CapacityBlocker[] = [];

/** Another area adds what blocks capacity (shop floor: repair orders' downtime); scheduling books it before placing work. */
export function addCapacityBlocker(fn: CapacityBlocker): void {
  blockers.push(fn);
}

export async function capacityBlocks(tx: Tx, tenantId: number): Promise<CapacityBlock[]> {
  const all: CapacityBlock[] = [];
  // one after the other: PGlite has one connection
  for (const b of blockers) all.push(...(await b(tx, tenantId)));
  return all;
}
