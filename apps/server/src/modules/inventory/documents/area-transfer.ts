import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { NUMERIC_RE } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { allowedIds } from '../../../platform/auth/data-scope.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { defineRoute } from '../../../platform/http/route.ts';
import { writeDeltas, type Delta } from './reservoir-stock.ts';

/**
 * A move between reservoir areas of one warehouse (移库 / 库位调整, issue 24; db/migrations/145): each row takes a
 * quantity of one material and batch out of an area (or 未指定库区, null) and puts it into another (or 未指定库区).
 * Only the area balances change: the warehouse's stock and cost stay as they are, so no ledger row, no journal.
 * Refused whole, nothing written: an area of another warehouse or company, the same area twice, a from-area (or
 * 未指定库区) short of stock, a to-area over its capacity. The (material, warehouse) stock_cost rows are locked first,
 * as a post locks them, so a move and a post taking from 未指定库区 queue there.
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const qty = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => NUMERIC_RE.test(v) && Number(v) > 0, '数量必须大于0，最多3位小数');

export const areaMoveSchema = z.strictObject({
  depotId: id,
  remark: z.string().trim().max(500).optional(),
  rows: z
    .array(
      z.strictObject({
        materialId: id,
        batchNumber: z.string().trim().max(100).optional(),
        /** null: 未指定库区 */
        fromAreaId: id.nullable(),
        toAreaId: id.nullable(),
        qty,
      }),
    )
    .min(1)
    .max(200),
});
type AreaMove = z.infer<typeof areaMoveSchema>;

async function checkMove(tx: Tx, s: Session, m: AreaMove): Promise<void> {
  const cfg = await tx.one<{ on: boolean }>('select reservoir_area_flag as on from system_config where tenant_id = $1', [s.tenantId]);
  if (!cfg?.on) throw new BusinessError('未启用库区管理，不能指定库区');
  const scope = await allowedIds(tx, s, 'depot');
  const depot = await tx.one('select id from depot where tenant_id = $1 and id = $2 and enabled and not delete_flag', [s.tenantId, m.depotId]);
  if (!depot || (scope && !scope.includes(m.depotId))) throw new BusinessError('仓库不存在或已禁用');
  const areaIds = [...new Set(m.rows.flatMap((r) => [r.fromAreaId, r.toAreaId]).filter((a): a is number => a !== null))];
  const areas = await tx.query<{ id: number; depot_id: number }>(
    'select id, depot_id from reservoir_area where tenant_id = $1 and id = any($2::bigint[]) and enabled and not delete_flag',
    [s.tenantId, areaIds],
  );
  const depotOf = new Map(areas.map((a) => [Number(a.id), Number(a.depot_id)]));
  const materials = await tx.query<{ id: number }>('select id from material where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [
    s.tenantId,
    [...new Set(m.rows.map((r) => r.materialId))],
  ]);
  const known = new Set(materials.map((x) => Number(x.id)));
  m.rows.forEach((r, i) => {
    const n = i + 1;
    if (r.fromAreaId === r.toAreaId) throw new BusinessError(`第${n}行：移出库区和移入库区不能相同`);
    for (const a of [r.fromAreaId, r.toAreaId]) {
      if (a === null) continue;
      const d = depotOf.get(a);
      if (d === undefined) throw new BusinessError(`第${n}行：库区不存在或已禁用`);
      if (d !== m.depotId) throw new BusinessError(`第${n}行：库区不属于所选仓库`);
    }
    if (!known.has(r.materialId)) throw new BusinessError(`第${n}行：商品不存在或已删除`);
  });
}

/** 未指定库区 (the warehouse's balance less its areas) must hold what the rows taking from it ask, per material and batch. */
async function checkLoose(tx: Tx, tenantId: number, depotId: number, deltas: Delta[]): Promise<void> {
  const asked = new Map<string, Delta>();
  for (const d of deltas) {
    const k = `${d.materialId}:${d.batch}`;
    const a = asked.get(k);
    if (a) a.qty = a.qty.plus(d.qty);
    else asked.set(k, { ...d });
  }
  for (const a of asked.values()) {
    const r = await tx.one<{ name: string; loose: string }>(
      `select m.name, coalesce((select qty from stock_balance where tenant_id = $1 and material_id = $2 and depot_id = $3 and batch_number = $4), 0)
              - coalesce((select sum(qty) from stock_area_balance where tenant_id = $1 and material_id = $2 and depot_id = $3 and batch_number = $4), 0) as loose
         from material m where m.tenant_id = $1 and m.id = $2`,
      [tenantId, a.materialId, depotId, a.batch],
    );
    const have = new Decimal(r?.loose ?? 0);
    if (have.lt(a.qty)) {
      const batch = a.batch ? `（批号 ${a.batch}）` : '';
      throw new BusinessError(
        `第${a.lineNo}行：未指定库区库存不足：商品“${r?.name}”${batch}当前库存 ${Decimal.max(have, 0).toFixed()}，需要 ${a.qty.toFixed()}`,
      );
    }
  }
}

export async function moveAreas(tx: Tx, s: Session, m: AreaMove): Promise<{ id: number }> {
  await checkMove(tx, s, m);
  const materials = [...new Set(m.rows.map((r) => r.materialId))].sort((a, b) => a - b);
  await tx.query('select 1 from stock_cost where tenant_id = $1 and depot_id = $2 and material_id = any($3::bigint[]) order by material_id for update', [
    s.tenantId,
    m.depotId,
    materials,
  ]);
  const base = (r: AreaMove['rows'][number], i: number) => ({
    itemId: null,
    materialId: r.materialId,
    depotId: m.depotId,
    batch: r.batchNumber ?? '',
    lineNo: i + 1,
  });
  const loose = m.rows.flatMap((r, i) => (r.fromAreaId === null ? [{ ...base(r, i), areaId: 0, qty: new Decimal(r.qty) }] : []));
  if (loose.length) await checkLoose(tx, s.tenantId, m.depotId, loose);
  const head = await tx.one<{ id: number }>('insert into stock_area_transfer(tenant_id, depot_id, remark, creator) values ($1, $2, $3, $4) returning id', [
    s.tenantId,
    m.depotId,
    m.remark ?? null,
    s.userId,
  ]);
  const transferId = Number(head!.id);
  const deltas: Delta[] = m.rows.flatMap((r, i) => [
    ...(r.fromAreaId === null ? [] : [{ ...base(r, i), areaId: r.fromAreaId, qty: new Decimal(r.qty).neg() }]),
    ...(r.toAreaId === null ? [] : [{ ...base(r, i), areaId: r.toAreaId, qty: new Decimal(r.qty) }]),
  ]);
  await writeDeltas(tx, s.tenantId, { transferId }, deltas, false);
  return { id: transferId };
}

export const areaTransferRoutes = [
  defineRoute({
    method: 'POST',
    url: '/reservoirArea/move',
    summary: 'Moves goods between reservoir areas of one warehouse (移库): area balances only, warehouse stock and cost unchanged',
    tags: ['reservoirArea'],
    access: { menu: ['/report/reservoir_area_stock', '/system/reservoir_area'] },
    body: areaMoveSchema,
    handler: ({ tx, session, body }) => moveAreas(tx, session, body),
  }),
];
