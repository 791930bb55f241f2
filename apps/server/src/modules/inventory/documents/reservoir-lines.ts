import type { DocType } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import type { Line } from './document-lines.ts';

/**
 * Reservoir areas (库区) on lines (issue 24): a line may name one only when the company's switch 启用库区 is on and
 * the document puts goods into stock or takes them out (a transfer: its sending side); the area must be an enabled area
 * of the line's own warehouse (a transfer: the warehouse it leaves).
 */
export async function checkReservoirAreas(tx: Tx, tenantId: number, t: DocType, lines: Line[], flag: boolean) {
  const named = lines.filter((l) => l.reservoirAreaId !== null);
  if (!named.length) return;
  if (!flag) throw new BusinessError('未启用库区管理，不能指定库区');
  // inbound lines put goods into the area, outbound lines and a transfer's sending side take them from it (reservoir-stock.ts)
  if (t.stock !== 1 && t.stock !== -1 && t.stock !== 'transfer') throw new BusinessError('只有出入库单据可以指定库区');
  const areas = await tx.query<{ id: number; depot_id: number }>(
    `select id, depot_id from reservoir_area where tenant_id = $1 and id = any($2::bigint[]) and enabled and not delete_flag`,
    [tenantId, named.map((l) => l.reservoirAreaId)],
  );
  const depotOf = new Map(areas.map((a) => [Number(a.id), Number(a.depot_id)]));
  for (const l of named) {
    const depot = depotOf.get(l.reservoirAreaId!);
    if (depot === undefined) throw new BusinessError(`第${l.lineNo}行：库区不存在或已禁用`);
    if (depot !== l.depotId) throw new BusinessError(`第${l.lineNo}行：库区不属于所选仓库`);
  }
}
