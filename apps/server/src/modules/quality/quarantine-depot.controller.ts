import { defineController } from '../../platform/crud/controller.ts';
import { BusinessError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/db/database.ts';

/** The quarantine warehouse's name as it is now (a user may have renamed it), when it is among ids. */
async function quarantineAmong(tx: Tx, tenantId: number, ids: number[]): Promise<string | null> {
  const r = await tx.one<{ name: string }>(
    `select d.name from quality_setting s join depot d on d.tenant_id = s.tenant_id and d.id = s.quarantine_depot_id
      where s.tenant_id = $1 and s.quarantine_depot_id = any($2::bigint[])`,
    [tenantId, ids],
  );
  return r?.name ?? null;
}

/**
 * The quarantine warehouse (quality's, created on the first inspection) holds goods under inspection on the
 * ledger: deleting or disabling it would hide them from the inspections that release them, so both are refused
 * with a message that says why. Other warehouses are the generic engine's as before.
 */
export const quarantineDepotController = defineController({
  entity: 'depot',
  beforeDelete: async ({ tx, session }, ids) => {
    const name = await quarantineAmong(tx, session.tenantId, ids);
    if (name) throw new BusinessError(`仓库“${name}”是质检的待检隔离仓，不能删除：来料检验的货物在此等待检验放行`);
  },
  beforeStatus: async ({ tx, session }, ids, enabled) => {
    if (enabled) return;
    const name = await quarantineAmong(tx, session.tenantId, ids);
    if (name) throw new BusinessError(`仓库“${name}”是质检的待检隔离仓，不能禁用：来料检验的货物在此等待检验放行`);
  },
});
