import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';

interface SerialLine {
  id: number;
  material_id: number;
  depot_id: number | null;
  another_depot_id?: number | null;
  sn_list: string | null;
}
const list = (l: SerialLine) => (l.sn_list ?? '').split(',').filter(Boolean);

/** Posting an inbound line registers its serial numbers (a returned, sold number comes back to stock). */
export async function serialsIn(tx: Tx, tenantId: number, lines: SerialLine[]) {
  for (const l of lines) {
    const sns = list(l);
    if (!sns.length) continue;
    const done = await tx.query<{ serial_number: string }>(
      `insert into serial_number(tenant_id, material_id, serial_number, depot_id, in_item_id)
       select $1, $2, sn, $3, $4 from unnest($5::text[]) sn
       on conflict (tenant_id, material_id, serial_number) do update
          set is_sell = false, depot_id = excluded.depot_id, in_item_id = excluded.in_item_id, out_item_id = null, updated_at = now()
        where serial_number.is_sell
       returning serial_number`,
      [tenantId, l.material_id, l.depot_id, l.id, sns],
    );
    if (done.length !== sns.length) {
      const ok = new Set(done.map((d) => d.serial_number));
      throw new BusinessError(`序列号已在库存中: ${sns.filter((s) => !ok.has(s)).join(', ')}`);
    }
  }
}

/** Posting an outbound line sells its serial numbers: each must be in that warehouse and not sold yet. */
export async function serialsOut(tx: Tx, tenantId: number, lines: SerialLine[]) {
  for (const l of lines) {
    const sns = list(l);
    if (!sns.length) continue;
    const done = await tx.query<{ serial_number: string }>(
      `update serial_number set is_sell = true, out_item_id = $5, updated_at = now()
        where tenant_id = $1 and material_id = $2 and depot_id = $3 and serial_number = any($4::text[]) and not is_sell
       returning serial_number`,
      [tenantId, l.material_id, l.depot_id, sns, l.id],
    );
    if (done.length !== sns.length) {
      const ok = new Set(done.map((d) => d.serial_number));
      throw new BusinessError(`序列号不在该仓库库存中或已售出: ${sns.filter((s) => !ok.has(s)).join(', ')}`);
    }
  }
}

/**
 * Posting a transfer line moves its serial numbers to the receiving warehouse (`back`: undoing it
 * moves them back). Each must be unsold and in the warehouse it leaves, else a later sale from the
 * receiving warehouse would not find it.
 */
export async function serialsMove(tx: Tx, tenantId: number, lines: SerialLine[], back = false) {
  for (const l of lines) {
    const sns = list(l);
    if (!sns.length) continue;
    const [from, to] = back ? [l.another_depot_id, l.depot_id] : [l.depot_id, l.another_depot_id];
    const done = await tx.query<{ serial_number: string }>(
      `update serial_number set depot_id = $5, updated_at = now()
        where tenant_id = $1 and material_id = $2 and depot_id = $3 and serial_number = any($4::text[]) and not is_sell
       returning serial_number`,
      [tenantId, l.material_id, from, sns, to],
    );
    if (done.length !== sns.length) {
      const ok = new Set(done.map((d) => d.serial_number));
      throw new BusinessError(`序列号不在该仓库库存中或已售出: ${sns.filter((s) => !ok.has(s)).join(', ')}`);
    }
  }
}

/** Undoing a post: sold numbers return to stock, registered ones leave it (unless sold since). */
export async function serialsUndo(tx: Tx, tenantId: number, lineIds: number[]) {
  await tx.query(`update serial_number set is_sell = false, out_item_id = null, updated_at = now() where tenant_id = $1 and out_item_id = any($2::bigint[])`, [
    tenantId,
    lineIds,
  ]);
  const sold = await tx.query<{ serial_number: string }>(
    `select serial_number from serial_number where tenant_id = $1 and in_item_id = any($2::bigint[]) and is_sell`,
    [tenantId, lineIds],
  );
  if (sold.length) throw new BusinessError(`序列号已售出，不能撤销入库: ${sold.map((s) => s.serial_number).join(', ')}`);
  await tx.query('delete from serial_number where tenant_id = $1 and in_item_id = any($2::bigint[])', [tenantId, lineIds]);
}
