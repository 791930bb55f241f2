import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { cellKey, gridOf, stylesOf } from './size-grid.ts';

interface OrderLine {
  id: number;
  material_id: number;
  quantity: string;
}

async function orderOf(tx: Tx, tenantId: number, id: number, lock = false) {
  const head = await tx.one<{ mo_no: string; status: string }>(
    `select mo_no, coalesce(status, 'draft') as status from mfg_make_order where tenant_id = $1 and id = $2 ${lock ? 'for update' : ''}`,
    [tenantId, id],
  );
  if (!head) throw notFound('制造订单不存在');
  const lines = await tx.query<OrderLine>(
    `select id::int as id, material_id::int as material_id, quantity::text as quantity from mfg_make_order_line
      where tenant_id = $1 and make_order_id = $2 and line_type = 'product' order by id`,
    [tenantId, id],
  );
  return { head, lines };
}

/** A make order's colour × size grids (尺码横排): one per style among its product lines, a cell per variant line. */
export async function makeOrderSizes(tx: Tx, tenantId: number, id: number) {
  const { head, lines } = await orderOf(tx, tenantId, id);
  const { styles } = await stylesOf(
    tx,
    tenantId,
    lines.map((l) => l.material_id),
  );
  return { id, moNo: head.mo_no, status: head.status, grids: styles.map((st) => gridOf(st, lines)) };
}

/**
 * Types a style's quantities into a draft make order: each colour × size cell becomes the product line of that variant
 * (changed when the order has one, added otherwise); the style's lines of cells left empty or zero are removed.
 * Refused, nothing written: a released order, a material in no style, a colour and size the style does not have,
 * a cell given twice, a negative quantity, a grid with nothing in it.
 */
export async function saveSizes(
  { tx, session, ip }: RequestCtx,
  id: number,
  materialId: number,
  given: Array<{ colour: string; size: string; quantity: string }>,
) {
  const tenantId = session.tenantId;
  const { head, lines } = await orderOf(tx, tenantId, id, true);
  if (head.status !== 'draft') throw new BusinessError(`制造订单 ${head.mo_no} 已下达，不能修改`);
  const style = (await stylesOf(tx, tenantId, [materialId])).byMaterial.get(materialId);
  if (!style) throw new BusinessError('该物料没有颜色和尺码（规格），不能按尺码录入');
  const at = new Map(style.variants.map((v) => [cellKey(v.colour, v.size), v]));
  const wanted = new Map<number, string>();
  for (const c of given) {
    const [colour, size] = [c.colour.trim(), c.size.trim()];
    const v = at.get(cellKey(colour, size));
    if (!v) throw new BusinessError(`${style.name} 没有颜色 ${colour} 尺码 ${size}`);
    if (wanted.has(v.materialId)) throw new BusinessError(`颜色 ${colour} 尺码 ${size} 重复`);
    const q = new Decimal(c.quantity);
    if (q.isNegative()) throw new BusinessError(`颜色 ${colour} 尺码 ${size} 的数量不能为负数`);
    wanted.set(v.materialId, q.toFixed());
  }
  const total = [...wanted.values()].reduce((s, q) => s.plus(q), new Decimal(0));
  if (total.lte(0)) throw new BusinessError('尺码数量合计必须大于0');
  const inStyle = new Set(style.variants.map((v) => v.materialId));
  const styleLines = lines.filter((l) => inStyle.has(l.material_id));
  const kept = new Map<number, OrderLine>();
  for (const l of styleLines) if (!kept.has(l.material_id) && new Decimal(wanted.get(l.material_id) ?? 0).gt(0)) kept.set(l.material_id, l);
  const gone = styleLines.filter((l) => kept.get(l.material_id) !== l).map((l) => l.id);
  const changes = [...wanted].filter(([, q]) => new Decimal(q).gt(0)).map(([m, q]) => ({ line: kept.get(m)?.id ?? null, material: m, quantity: q }));
  if (gone.length) await tx.query('delete from mfg_make_order_line where tenant_id = $1 and id = any($2::bigint[])', [tenantId, gone]);
  // one statement: the kept lines take their cell's quantity, the new cells become lines (in grid order)
  await tx.query(
    `with c as (select * from jsonb_to_recordset($3::jsonb) as c(line bigint, material bigint, quantity numeric)),
          upd as (update mfg_make_order_line l set quantity = c.quantity, updater = $4, updated_at = now()
                    from c where l.tenant_id = $1 and l.id = c.line and l.quantity <> c.quantity returning l.id)
     insert into mfg_make_order_line(tenant_id, make_order_id, line_type, source, material_id, quantity, creator, updater)
     select $1, $2, 'product', 'manual', c.material, c.quantity, $4, $4 from c where c.line is null`,
    [tenantId, id, JSON.stringify(changes), session.userId],
  );
  await logWrite(tx, session, ip, 'sizes', 'makeOrder', [id], { style: style.name, cells: changes.length, total: total.toFixed() });
  const after = await makeOrderSizes(tx, tenantId, id);
  return { ...after.grids.find((g) => g.key === style.key)!, message: '保存成功' };
}
