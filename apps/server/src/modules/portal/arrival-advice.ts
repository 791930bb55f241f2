import crypto from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { notPast, openOrderLines, PORTAL_MSG, supplierOf } from './supplier-orders.ts';

export interface AdviceInput {
  orderId: number;
  shipDate: string;
  expectedDate?: string;
  carrier?: string;
  trackingNo?: string;
  remark?: string;
  lines: Array<{ itemId: number; qty: string; batchNumber?: string; snList?: string; expirationDate?: string }>;
}

/**
 * 发货通知: the supplier declares a shipment against lines of one of its open orders. What each line may still
 * carry is ordered − received − announced in advices not yet received; more is refused and nothing is written.
 */
export async function sendAdvice(c: RequestCtx, a: AdviceInput) {
  const supplierId = supplierOf(c);
  const { tenantId } = c.session;
  notPast(a.shipDate, '发货日期');
  notPast(a.expectedDate, '预计到货日期');
  const lines = await openOrderLines(c.tx, tenantId, supplierId, a.orderId);
  const claimed = new Map<number, Decimal>();
  a.lines.forEach((l, i) => {
    const line = lines.get(l.itemId);
    if (!line) throw new BusinessError(PORTAL_MSG.line(i + 1));
    const total = (claimed.get(l.itemId) ?? new Decimal(0)).plus(l.qty);
    if (total.gt(line.open)) throw new BusinessError(PORTAL_MSG.over(i + 1, Decimal.max(line.open.minus(total).plus(l.qty), 0).toFixed()));
    claimed.set(l.itemId, total);
  });
  const number = `FHTZ${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${crypto.randomInt(100000, 999999)}`;
  const head = await c.tx.one<{ id: number }>(
    `insert into arrival_advice(tenant_id, number, supplier_id, order_id, ship_date, expected_date, carrier, tracking_no, remark, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [tenantId, number, supplierId, a.orderId, a.shipDate, a.expectedDate ?? null, a.carrier ?? null, a.trackingNo ?? null, a.remark ?? null, c.session.userId],
  );
  const id = Number(head!.id);
  await c.tx.query(
    `insert into arrival_advice_line(tenant_id, advice_id, supplier_id, item_id, line_no, qty, batch_number, sn_list, expiration_date)
     select $1, $2, $3, x.item, x.n, x.qty, x.batch, x.sn, x.exp from unnest($4::bigint[], $5::int[], $6::numeric[], $7::text[], $8::text[], $9::date[])
       as x(item, n, qty, batch, sn, exp)`,
    [
      tenantId,
      id,
      supplierId,
      a.lines.map((l) => l.itemId),
      a.lines.map((_, i) => i + 1),
      a.lines.map((l) => l.qty),
      a.lines.map((l) => l.batchNumber ?? null),
      a.lines.map((l) => l.snList ?? null),
      a.lines.map((l) => l.expirationDate ?? null),
    ],
  );
  await logWrite(c.tx, c.session, c.ip, 'add', 'arrivalAdvice', [id], { number });
  return { id, number };
}

const ADVICE_COLUMNS = `a.id, a.number, a.order_id as "orderId", h.number as "orderNumber", a.supplier_id as "supplierId", p.name as "supplierName",
  to_char(a.ship_date, 'YYYY-MM-DD') as "shipDate", to_char(a.expected_date, 'YYYY-MM-DD') as "expectedDate", a.carrier, a.tracking_no as "trackingNo",
  a.remark, a.status, a.inbound_id as "inboundId", ib.number as "inboundNumber", to_char(a.created_at, 'YYYY-MM-DD HH24:MI:SS') as "createTime"`;

const inboundJoin = (own: number | null) =>
  own ? 'cross join (select null::text as number) ib' : 'left join depot_head ib on ib.tenant_id = a.tenant_id and ib.id = a.inbound_id';

/**
 * Arrival advices, newest first: the supplier's own (supplierId given: its session's) or, for the buyer, all.
 * The inbound's number is read only on the buyer's side (erp_portal does not see inbound documents).
 */
export async function listAdvices(c: RequestCtx, q: { currentPage: number; pageSize: number; status?: string; supplierId?: number }) {
  const own = c.session.supplierId;
  const supplierId = own ?? q.supplierId ?? null;
  const where = `a.tenant_id = $1 and ($2::bigint is null or a.supplier_id = $2) and ($3::text is null or a.status = $3)`;
  const rows = await c.tx.query(
    `select ${ADVICE_COLUMNS} from arrival_advice a
       join depot_head h on h.tenant_id = a.tenant_id and h.id = a.order_id
       join partner p on p.tenant_id = a.tenant_id and p.id = a.supplier_id
       ${inboundJoin(own)}
      where ${where} order by a.id desc limit $4 offset $5`,
    [c.session.tenantId, supplierId, q.status ?? null, q.pageSize, (q.currentPage - 1) * q.pageSize],
  );
  const total = await c.tx.one<{ n: number }>(`select count(*)::int as n from arrival_advice a where ${where}`, [
    c.session.tenantId,
    supplierId,
    q.status ?? null,
  ]);
  return { rows, total: total!.n };
}

/** One advice with its lines (material, order quantity) — the supplier's own, or any for the buyer. */
export async function adviceDetail(c: RequestCtx, id: number) {
  const { rows } = await listAdvicesById(c, id);
  const head = rows[0];
  if (!head) throw new BusinessError('发货通知不存在');
  const lines = await c.tx.query(
    `select l.id, l.item_id as "itemId", l.line_no as "lineNo", m.name as "materialName", i.material_unit as "unit", i.oper_number::float8 as "orderQty",
            l.qty::float8 as qty, l.batch_number as "batchNumber", l.sn_list as "snList", to_char(l.expiration_date, 'YYYY-MM-DD') as "expirationDate"
       from arrival_advice_line l join depot_item i on i.tenant_id = l.tenant_id and i.id = l.item_id
       ${c.session.supplierId ? 'cross join lateral erp_portal_item_material(array[i.id]) m' : 'join material m on m.tenant_id = i.tenant_id and m.id = i.material_id'}
      where l.tenant_id = $1 and l.advice_id = $2 and ($3::bigint is null or l.supplier_id = $3) order by l.line_no`,
    [c.session.tenantId, id, c.session.supplierId],
  );
  return { ...head, lines };
}

async function listAdvicesById(c: RequestCtx, id: number) {
  const own = c.session.supplierId;
  const rows = await c.tx.query(
    `select ${ADVICE_COLUMNS} from arrival_advice a
       join depot_head h on h.tenant_id = a.tenant_id and h.id = a.order_id
       join partner p on p.tenant_id = a.tenant_id and p.id = a.supplier_id
       ${inboundJoin(own)}
      where a.tenant_id = $1 and a.id = $2 and ($3::bigint is null or a.supplier_id = $3)`,
    [c.session.tenantId, id, own],
  );
  return { rows };
}
