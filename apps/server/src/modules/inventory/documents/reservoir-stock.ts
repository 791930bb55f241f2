import { Decimal } from 'decimal.js';
import type { DocType } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import type { Movement } from '../stock/stock-ledger.ts';

/**
 * Stock by reservoir area (库区, issue 24; db/migrations/152). With the switch 启用库区 on, a post moves goods into the
 * area an inbound line names and out of the area an outbound line (or a transfer's sending side) names; an outbound
 * line naming none takes from the areas holding the material, oldest receipt first, and what they lack from
 * "未指定库区" (the warehouse's balance less what its areas hold). Runs after postMovements in the same transaction:
 * the post then holds the (material, warehouse) stock_cost rows, so posts touching the same areas queue there, and
 * an area is never taken below zero (refused, nothing written).
 */
export type Delta = { itemId: number | null; areaId: number; materialId: number; depotId: number; batch: string; qty: Decimal; lineNo?: number };
/**
 * What wrote the moves: a document's post (header_id = its depot_head id) or an area transfer (移库, area-transfer.ts:
 * header_id = −its stock_area_transfer id, db/migrations/145).
 */
export type AreaSource = { headerId: number; transferId?: undefined } | { transferId: number; headerId?: undefined };
type AreaRow = { area_id: number; material_id: number; depot_id: number; batch_number: string; qty: string };

const keyOf = (d: { areaId: number; materialId: number; depotId: number; batch: string }) => `${d.materialId}:${d.depotId}:${d.areaId}:${d.batch}`;

/** Whether a movement leaves or enters the area its line names (the other side of a transfer lands in 未指定库区). */
function takesArea(t: DocType, mv: Movement): boolean {
  if (mv.qty.gt(0)) return t.stock === 1;
  return t.stock === -1 || mv.reason === 'transfer-out';
}

/**
 * What a post does to areas: the moves into or out of the areas their lines name, and the outbound moves taken from the
 * areas holding them (`free`), whose read is sent at once (`held`) — a post sends it behind its ledger write, in that
 * round trip (issue 13) — unless a named move shares a free move's goods, whose read must see the named write first.
 */
export interface AreaPlan {
  named: Delta[];
  free: Movement[];
  held?: Promise<AreaRow[]>;
}
export function planAreas(tx: Tx, tenantId: number, t: DocType, moves: Movement[], areaOf: Map<number, number>): AreaPlan {
  const named: Delta[] = [];
  const free: Movement[] = [];
  for (const mv of moves) {
    const areaId = mv.itemId !== null ? areaOf.get(mv.itemId) : undefined;
    if (areaId !== undefined && takesArea(t, mv))
      named.push({ itemId: mv.itemId, areaId, materialId: mv.materialId, depotId: mv.depotId, batch: mv.batch, qty: mv.qty });
    else if (mv.qty.lt(0)) free.push(mv);
  }
  const goods = (m: { materialId: number; depotId: number; batch: string }) => `${m.materialId}:${m.depotId}:${m.batch}`;
  const namedGoods = new Set(named.map(goods));
  if (!free.length || free.some((m) => namedGoods.has(goods(m)))) return { named, free };
  const held = heldRows(tx, tenantId, free);
  held.catch(() => undefined); // a failed statement before it fails it too: that statement's error is the one thrown
  return { named, free, held };
}

/** Moves the post's goods into and out of areas; `areaOf`: each line's (id) named area; `plan`: planAreas's, when the caller made it earlier. */
export async function postAreas(
  tx: Tx,
  tenantId: number,
  headerId: number,
  t: DocType,
  moves: Movement[],
  areaOf: Map<number, number>,
  plan: AreaPlan = planAreas(tx, tenantId, t, moves, areaOf),
): Promise<void> {
  const { named, free } = plan;
  if (named.length) await writeDeltas(tx, tenantId, { headerId }, named, false);
  if (free.length) await writeDeltas(tx, tenantId, { headerId }, takeOldestFirst(await (plan.held ?? heldRows(tx, tenantId, free)), free), false);
}

/** The areas holding the free moves' material and batch, oldest receipt first. */
function heldRows(tx: Tx, tenantId: number, free: Movement[]): Promise<AreaRow[]> {
  return tx.query<AreaRow>(
    `select b.area_id, b.material_id, b.depot_id, b.batch_number, b.qty from stock_area_balance b
       join reservoir_area a on a.tenant_id = b.tenant_id and a.id = b.area_id
      where b.tenant_id = $1 and b.qty > 0 and (b.material_id, b.depot_id, b.batch_number) in (select * from unnest($2::bigint[], $3::bigint[], $4::text[]))
      order by b.first_in nulls last, a.sort nulls last, a.code nulls last, b.area_id`,
    [tenantId, free.map((m) => m.materialId), free.map((m) => m.depotId), free.map((m) => m.batch)],
  );
}

/** An outbound movement without an area: from the areas holding its material and batch (`held`), oldest receipt first. */
function takeOldestFirst(held: AreaRow[], free: Movement[]): Delta[] {
  const left = held.map((h) => ({ ...h, left: new Decimal(h.qty) }));
  const out: Delta[] = [];
  for (const mv of free) {
    let need = mv.qty.neg();
    for (const h of left) {
      if (need.lte(0)) break;
      if (Number(h.material_id) !== mv.materialId || Number(h.depot_id) !== mv.depotId || h.batch_number !== mv.batch || h.left.lte(0)) continue;
      const take = Decimal.min(need, h.left);
      h.left = h.left.minus(take);
      need = need.minus(take);
      out.push({ itemId: mv.itemId, areaId: Number(h.area_id), materialId: mv.materialId, depotId: mv.depotId, batch: mv.batch, qty: take.neg() });
    }
  }
  return out;
}

/**
 * One statement: the move rows and the balance rows (upserted in key order, summed per key). A balance left below
 * zero refuses the whole post with the line, area and quantities; so does an area left over its capacity by what
 * this call puts in (not by a reversal: undoing an outbound puts back what was there).
 */
export async function writeDeltas(tx: Tx, tenantId: number, src: AreaSource, deltas: Delta[], reversal: boolean): Promise<void> {
  if (!deltas.length) return;
  const sums = new Map<string, Delta>();
  for (const d of deltas) {
    const s = sums.get(keyOf(d));
    if (s) s.qty = s.qty.plus(d.qty);
    else sums.set(keyOf(d), { ...d });
  }
  const keyed = [...sums.values()].sort(
    (a, b) => a.materialId - b.materialId || a.depotId - b.depotId || a.areaId - b.areaId || (a.batch < b.batch ? -1 : a.batch > b.batch ? 1 : 0),
  );
  const after = await tx.query<AreaRow>(
    `with mv as (
       insert into stock_area_move(tenant_id, header_id, item_id, area_id, material_id, depot_id, batch_number, qty_change, reversal)
       select $1, coalesce($2, -$15::bigint), i, a, m, d, b, q, $3
         from unnest($4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::text[], $9::numeric[]) as x(i, a, m, d, b, q)
     ), day as (
       select coalesce((select oper_time::date from depot_head where tenant_id = $1 and id = $2),
                       (select oper_time::date from stock_area_transfer where tenant_id = $1 and id = $15), current_date) as day
     )
     insert into stock_area_balance as s (tenant_id, material_id, depot_id, area_id, batch_number, qty, first_in)
     select $1, m, d, a, b, q, case when q > 0 then (select day from day) end
       from unnest($10::bigint[], $11::bigint[], $12::bigint[], $13::text[], $14::numeric[]) with ordinality as x(m, d, a, b, q, o) order by o
     on conflict (tenant_id, material_id, depot_id, area_id, batch_number) do update
        set qty = s.qty + excluded.qty, updated_at = now(),
            first_in = case when s.qty + excluded.qty <= 0 then null when s.qty <= 0 then excluded.first_in else s.first_in end
     returning area_id, material_id, depot_id, batch_number, qty`,
    [
      tenantId,
      src.headerId ?? null,
      reversal,
      deltas.map((d) => d.itemId),
      deltas.map((d) => d.areaId),
      deltas.map((d) => d.materialId),
      deltas.map((d) => d.depotId),
      deltas.map((d) => d.batch),
      deltas.map((d) => d.qty.toFixed()),
      keyed.map((d) => d.materialId),
      keyed.map((d) => d.depotId),
      keyed.map((d) => d.areaId),
      keyed.map((d) => d.batch),
      keyed.map((d) => d.qty.toFixed()),
      src.transferId ?? null,
    ],
  );
  const short = after.find((r) => new Decimal(r.qty).lt(0));
  if (short) {
    const k = { areaId: Number(short.area_id), materialId: Number(short.material_id), depotId: Number(short.depot_id), batch: short.batch_number };
    const sum = sums.get(keyOf(k))!;
    const first = deltas.find((d) => keyOf(d) === keyOf(k))!;
    throw await areaShortage(tx, tenantId, first, sum, new Decimal(short.qty).minus(sum.qty));
  }
  if (!reversal) await checkCapacity(tx, tenantId, deltas, keyed);
}

/**
 * An area with a capacity (库区容量, a quantity over every material) may not hold more after this call: the areas
 * receiving are locked (in id order) before their totals are read, so two posts filling one area queue there.
 */
async function checkCapacity(tx: Tx, tenantId: number, deltas: Delta[], keyed: Delta[]): Promise<void> {
  const into = new Map<number, Decimal>();
  for (const d of keyed) into.set(d.areaId, (into.get(d.areaId) ?? new Decimal(0)).plus(d.qty));
  const filled = [...into].filter(([, q]) => q.gt(0)).map(([a]) => a);
  if (!filled.length) return;
  const capped = await tx.query<{ id: number; name: string; capacity: string }>(
    `select id, name, capacity from reservoir_area where tenant_id = $1 and id = any($2::bigint[]) and capacity is not null order by id for update`,
    [tenantId, filled],
  );
  if (!capped.length) return;
  const held = await tx.query<{ area_id: number; qty: string }>(
    `select area_id, sum(qty) as qty from stock_area_balance where tenant_id = $1 and area_id = any($2::bigint[]) group by area_id`,
    [tenantId, capped.map((c) => c.id)],
  );
  for (const c of capped) {
    const now = new Decimal(held.find((h) => Number(h.area_id) === Number(c.id))?.qty ?? 0);
    if (now.lte(c.capacity)) continue;
    const put = into.get(Number(c.id))!;
    const first = deltas.find((d) => d.areaId === Number(c.id) && d.qty.gt(0));
    const line = await lineLabel(tx, tenantId, first);
    throw new BusinessError(
      `${line}库区“${c.name}”容量不足：容量 ${new Decimal(c.capacity).toFixed()}，已存 ${now.minus(put).toFixed()}，放入 ${put.toFixed()}`,
    );
  }
}

/** 第N行： for the line a delta came from (a document line or an area transfer's row), or nothing. */
async function lineLabel(tx: Tx, tenantId: number, d: Delta | undefined): Promise<string> {
  if (d?.lineNo) return `第${d.lineNo}行：`;
  if (!d?.itemId) return '';
  const r = await tx.one<{ line_no: number | null }>(`select line_no from depot_item where tenant_id = $1 and id = $2`, [tenantId, d.itemId]);
  return r?.line_no ? `第${r.line_no}行：` : '';
}

/** 第N行：库区“X”库存不足 (the line when the post has one), with what the area holds and what was asked. */
async function areaShortage(tx: Tx, tenantId: number, first: Delta, d: Delta, have: Decimal): Promise<BusinessError> {
  const r = await tx.one<{ area: string; material: string }>(
    `select a.name as area, m.name as material from reservoir_area a, material m where a.tenant_id = $1 and a.id = $2 and m.tenant_id = $1 and m.id = $3`,
    [tenantId, d.areaId, d.materialId],
  );
  const line = await lineLabel(tx, tenantId, first);
  const batch = d.batch ? `（批号 ${d.batch}）` : '';
  return new BusinessError(`${line}库区“${r?.area}”库存不足：商品“${r?.material}”${batch}当前库存 ${have.toFixed()}，需要 ${d.qty.neg().toFixed()}`);
}

/** Undoes what a document's posts moved between areas (whatever the switch says now): the opposite of each net row. */
export async function reverseAreas(tx: Tx, tenantId: number, headerId: number): Promise<void> {
  const net = await tx.query<{ item_id: number | null; area_id: number; material_id: number; depot_id: number; batch_number: string; qty: string }>(
    `select item_id, area_id, material_id, depot_id, batch_number, sum(qty_change) as qty from stock_area_move
      where tenant_id = $1 and header_id = $2 group by item_id, area_id, material_id, depot_id, batch_number having sum(qty_change) <> 0`,
    [tenantId, headerId],
  );
  const deltas = net.map((n) => ({
    itemId: n.item_id === null ? null : Number(n.item_id),
    areaId: Number(n.area_id),
    materialId: Number(n.material_id),
    depotId: Number(n.depot_id),
    batch: n.batch_number,
    qty: new Decimal(n.qty).neg(),
  }));
  await writeDeltas(tx, tenantId, { headerId }, deltas, true);
}
