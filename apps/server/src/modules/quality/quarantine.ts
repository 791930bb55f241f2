import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';
import { postMovements, registerShortageNote, registerStockGuard, type Movement } from '../inventory/index.ts';

/**
 * Quarantine on the ledger (docs/decisions.md "Quarantine"): goods under inspection sit in the company's
 * quarantine warehouse, moved there and back by ledger postings whose reasons start with `quality-`.
 * No other posting may take stock out of it or put stock into it.
 */
export const QUARANTINE_NAME = '待检隔离仓';
const REASON = /^quality-/;

/** The company's quarantine warehouse, created on first need. */
export async function quarantineDepot(tx: Tx, tenantId: number): Promise<number> {
  const have = await tx.one<{ id: number }>('select quarantine_depot_id as id from quality_setting where tenant_id = $1', [tenantId]);
  if (have) return Number(have.id);
  const taken = await tx.one<{ id: number }>('select id from depot where tenant_id = $1 and name = $2 and not delete_flag', [tenantId, QUARANTINE_NAME]);
  const id =
    taken?.id ??
    (await tx.one<{ id: number }>(
      `insert into depot(tenant_id, name, remark, sort) values ($1, $2, '质检待检货物，检验放行后转回原仓库', '999') returning id`,
      [tenantId, QUARANTINE_NAME],
    ))!.id;
  await tx.query('insert into quality_setting(tenant_id, quarantine_depot_id) values ($1, $2) on conflict do nothing', [tenantId, id]);
  return Number(id);
}

// no posting but quality's own moves stock out of or into the quarantine warehouse (the setting is read with the
// post's first statement: the probe)
registerStockGuard({
  probe: '(select quarantine_depot_id from quality_setting where tenant_id = $1)',
  check: async (tx, tenantId, moves, probed) => {
    if (probed === null || probed === undefined) return;
    const q = Number(probed);
    const bad = moves.find((m) => m.depotId === q && !REASON.test(m.reason));
    if (!bad) return;
    const m = await tx.one<{ name: string }>('select name from material where tenant_id = $1 and id = $2', [tenantId, bad.materialId]);
    throw new BusinessError(
      bad.qty.lt(0)
        ? `商品“${m?.name}”在待检隔离仓中，检验合格或让步放行前不能出库、调拨或领用`
        : `不能直接入库到待检隔离仓“${QUARANTINE_NAME}”：货物由来料检验自动转入`,
    );
  },
});

// an oversell refusal says when part of what the user expects is under inspection
registerShortageNote(async (tx, tenantId, materialId, depotId) => {
  const r = await tx.one<{ held: string | null }>(
    `select sum(held_qty)::text as held from quality_inspection where tenant_id = $1 and material_id = $2 and depot_id = $3 and held_qty > 0`,
    [tenantId, materialId, depotId],
  );
  return r?.held ? `（另有 ${new Decimal(r.held).toFixed()} 在待检隔离中，检验放行后可用）` : '';
});

export interface Lot {
  id: number;
  material_id: number;
  depot_id: number;
  batch_number: string;
}

/** Moves qty of a lot from its warehouse into quarantine, at the value it came in with (value: that of the inbound line). */
export async function hold(tx: Tx, tenantId: number, lot: Lot, qty: Decimal, value: Decimal | null) {
  const q = await quarantineDepot(tx, tenantId);
  const out: Movement = { itemId: null, materialId: lot.material_id, depotId: lot.depot_id, batch: lot.batch_number, qty: qty.neg(), reason: 'quality-hold' };
  if (value) out.fixedValue = value.neg();
  await postMovements(tx, tenantId, null, [out, { ...out, depotId: q, qty, fixedValue: undefined, costFrom: { movements: [0], share: new Decimal(1) } }], {
    allowNegative: false,
  });
}

/** Moves qty of a lot back from quarantine to its warehouse (release on pass or concession, or before a return). */
export async function release(tx: Tx, tenantId: number, lot: Lot, qty: Decimal, reason: 'quality-release' | 'quality-return') {
  if (qty.isZero()) return;
  const q = await quarantineDepot(tx, tenantId);
  const out: Movement = { itemId: null, materialId: lot.material_id, depotId: q, batch: lot.batch_number, qty: qty.neg(), reason };
  await postMovements(tx, tenantId, null, [out, { ...out, depotId: lot.depot_id, qty, costFrom: { movements: [0], share: new Decimal(1) } }], {
    allowNegative: false,
  });
  await tx.query('update quality_inspection set held_qty = held_qty - $3, updated_at = now() where tenant_id = $1 and id = $2', [
    tenantId,
    lot.id,
    qty.toFixed(),
  ]);
}
