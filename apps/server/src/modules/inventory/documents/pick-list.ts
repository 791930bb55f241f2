import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { DOC_TYPE_BY_KEY } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { checkAccess } from '../../../platform/auth/access.ts';
import { ownDocumentAnd } from '../../../platform/auth/own-data.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { defineRoute } from '../../../platform/http/route.ts';

/**
 * The pick list (拣货单, issue 24) of one or more outbound documents: their lines grouped by warehouse and reservoir
 * area in walking order (area sort, code; 未指定库区 last). A posted document shows where its post took the goods
 * from (its area moves); a document not posted yet shows the area a line names, and for a line naming none the areas
 * holding its material and batch, oldest receipt first (what its post will take), the rest from 未指定库区.
 */
export interface PickRow {
  depotId: number;
  depotName: string;
  areaId: number | null;
  areaName: string;
  areaCode: string | null;
  number: string;
  lineNo: number;
  materialName: string;
  model: string | null;
  unit: string | null;
  batchNumber: string | null;
  qty: number;
  /** the area is a suggestion (not named by the line, not yet posted) */
  suggested: boolean;
}

type LineRow = {
  item_id: number;
  doc_key: string;
  number: string;
  posted: boolean;
  line_no: number;
  material_id: number;
  material_name: string;
  model: string | null;
  unit: string | null;
  depot_id: number;
  depot_name: string;
  batch_number: string | null;
  qty: string;
  area_id: number | null;
};
type AreaQty = { item_id: number | null; area_id: number; material_id: number; depot_id: number; batch_number: string; qty: string };
type Area = { id: number; name: string; code: string | null; sort: string | null };

const OUTBOUND = (key: string) => DOC_TYPE_BY_KEY[key]?.stock === -1 || DOC_TYPE_BY_KEY[key]?.stock === 'transfer';

export async function pickList(c: RequestCtx, ids: number[]): Promise<{ rows: PickRow[] }> {
  const { tx, session } = c;
  const lines = await tx.query<LineRow>(
    `select i.id as item_id, h.doc_key, h.number, h.posted, i.line_no, i.material_id, m.name as material_name, m.model, coalesce(m.unit, u.basic_unit) as unit,
            i.depot_id, d.name as depot_name, i.batch_number, i.basic_number as qty, i.reservoir_area_id as area_id
       from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
       join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
       left join unit u on u.tenant_id = m.tenant_id and u.id = m.unit_id
       join depot d on d.tenant_id = i.tenant_id and d.id = i.depot_id
      where h.tenant_id = $1 and h.id = any($2::bigint[]) and not h.delete_flag${ownDocumentAnd(session, 'h', 3)}
      order by h.number, i.line_no`,
    ownDocumentAnd(session, 'h', 3) ? [session.tenantId, ids, session.userId] : [session.tenantId, ids],
  );
  if (!lines.length) throw notFound('单据不存在或已删除');
  for (const key of new Set(lines.map((l) => l.doc_key))) {
    if (!OUTBOUND(key)) throw new BusinessError('只有出库单据可以生成拣货单');
    checkAccess(session, { menu: DOC_TYPE_BY_KEY[key].menu });
  }
  const posted = lines.filter((l) => l.posted).map((l) => l.item_id);
  const open = lines.filter((l) => !l.posted && l.area_id === null);
  // posted lines: where their posts took the goods from; open lines: what the areas hold now
  const [moved, held] = await Promise.all([
    posted.length
      ? tx.query<AreaQty>(
          `select item_id, area_id, material_id, depot_id, batch_number, -sum(qty_change) as qty from stock_area_move
            where tenant_id = $1 and item_id = any($2::bigint[]) group by 1, 2, 3, 4, 5 having sum(qty_change) <> 0`,
          [session.tenantId, posted],
        )
      : [],
    open.length
      ? tx.query<AreaQty>(
          `select null as item_id, b.area_id, b.material_id, b.depot_id, b.batch_number, b.qty from stock_area_balance b
             join reservoir_area a on a.tenant_id = b.tenant_id and a.id = b.area_id
            where b.tenant_id = $1 and b.qty > 0 and (b.material_id, b.depot_id) in (select * from unnest($2::bigint[], $3::bigint[]))
            order by b.first_in nulls last, a.sort nulls last, a.code nulls last, b.area_id`,
          [session.tenantId, open.map((l) => l.material_id), open.map((l) => l.depot_id)],
        )
      : [],
  ]);
  const portions = splitLines(lines, moved, held);
  const areaIds = [...new Set(portions.map((p) => p.areaId).filter((a): a is number => a !== null))];
  const areas = new Map(
    (await tx.query<Area>('select id, name, code, sort from reservoir_area where tenant_id = $1 and id = any($2::bigint[])', [session.tenantId, areaIds])).map(
      (a) => [Number(a.id), a],
    ),
  );
  return { rows: walkingOrder(portions, areas) };
}

type Portion = { line: LineRow; areaId: number | null; qty: Decimal; suggested: boolean };

/** Each line as the portions it is picked in, by area. */
function splitLines(lines: LineRow[], moved: AreaQty[], held: AreaQty[]): Portion[] {
  const left = held.map((h) => ({ ...h, left: new Decimal(h.qty) }));
  // what the open lines naming an area will take is not suggested to the others
  for (const l of lines.filter((x) => !x.posted && x.area_id !== null)) {
    const h = left.find(
      (a) => Number(a.area_id) === Number(l.area_id) && Number(a.material_id) === Number(l.material_id) && a.batch_number === (l.batch_number ?? ''),
    );
    if (h) h.left = Decimal.max(0, h.left.minus(l.qty));
  }
  const out: Portion[] = [];
  for (const line of lines) {
    let rest = new Decimal(line.qty);
    if (line.area_id !== null && !line.posted) {
      out.push({ line, areaId: Number(line.area_id), qty: rest, suggested: false });
      continue;
    }
    const from = line.posted
      ? moved
          .filter((m) => Number(m.item_id) === Number(line.item_id))
          .map((m) => ({ area: Number(m.area_id), qty: new Decimal(m.qty), named: line.area_id !== null }))
      : suggest(line, left, rest);
    for (const f of from) {
      out.push({ line, areaId: f.area, qty: f.qty, suggested: !line.posted });
      rest = rest.minus(f.qty);
    }
    if (rest.gt(0)) out.push({ line, areaId: null, qty: rest, suggested: false });
  }
  return out;
}

/** The areas holding a line's material and batch, oldest receipt first, taken across the pick list's lines. */
function suggest(line: LineRow, left: Array<AreaQty & { left: Decimal }>, qty: Decimal) {
  const out: Array<{ area: number; qty: Decimal }> = [];
  let need = qty;
  for (const h of left) {
    if (need.lte(0)) break;
    if (Number(h.material_id) !== Number(line.material_id) || Number(h.depot_id) !== Number(line.depot_id)) continue;
    if (h.batch_number !== (line.batch_number ?? '') || h.left.lte(0)) continue;
    const take = Decimal.min(need, h.left);
    h.left = h.left.minus(take);
    need = need.minus(take);
    out.push({ area: Number(h.area_id), qty: take });
  }
  return out;
}

const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'en', { numeric: true }));

function walkingOrder(portions: Portion[], areas: Map<number, Area>): PickRow[] {
  const rows = portions.map((p) => {
    const a = p.areaId === null ? undefined : areas.get(p.areaId);
    return {
      depotId: Number(p.line.depot_id),
      depotName: p.line.depot_name,
      areaId: p.areaId,
      areaName: a?.name ?? '未指定库区',
      areaCode: a?.code ?? null,
      number: p.line.number,
      lineNo: p.line.line_no,
      materialName: p.line.material_name,
      model: p.line.model,
      unit: p.line.unit,
      batchNumber: p.line.batch_number,
      qty: p.qty.toNumber(),
      suggested: p.suggested,
      sort: a?.sort ?? null,
    };
  });
  rows.sort(
    (x, y) =>
      x.depotId - y.depotId ||
      Number(x.areaId === null) - Number(y.areaId === null) ||
      cmp(x.sort, y.sort) ||
      cmp(x.areaCode, y.areaCode) ||
      (x.areaId ?? 0) - (y.areaId ?? 0) ||
      x.materialName.localeCompare(y.materialName) ||
      x.number.localeCompare(y.number) ||
      x.lineNo - y.lineNo,
  );
  return rows.map(({ sort: _, ...r }) => r);
}

export const pickListRoutes = [
  defineRoute({
    method: 'POST',
    url: '/depotHead/pickList',
    summary: 'The pick list (拣货单) of outbound documents: their lines by warehouse and reservoir area in walking order, with suggested areas',
    tags: ['depotHead'],
    access: 'user',
    body: z.strictObject({ ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100) }),
    handler: ({ tx, session, body, req }) => pickList({ tx, session, ip: req.ip }, [...new Set(body.ids)]),
  }),
];
