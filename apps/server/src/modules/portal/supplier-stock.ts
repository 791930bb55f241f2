import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { supplierOf } from './supplier-orders.ts';

/**
 * Supplier inventory (issue 22): the stock a supplier holds for us, reported by the supplier per material of its
 * order lines (one row per material, the last report wins); the buyer reads every supplier's reports. And the data
 * panel: open orders, late lines, on-time rate, quality pass rate (erp_portal_panel, db/migrations/202).
 */
export const STOCK_MSG = { line: (n: number) => `第${n}行：订单明细不存在或不属于本供应商` } as const;

export async function reportStock(c: RequestCtx, body: { rows: Array<{ itemId: number; qty: string; remark?: string }> }) {
  const supplierId = supplierOf(c);
  const { tenantId } = c.session;
  const lines = await c.tx.query<{ id: number; material_id: number }>(
    `select i.id, i.material_id from depot_item i join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
      where i.tenant_id = $1 and i.id = any($2::bigint[]) and not i.delete_flag and h.organ_id = $3
        and h.doc_key = 'purchaseOrder' and h.status in ('1', '2', '3') and not h.delete_flag`,
    [tenantId, body.rows.map((r) => r.itemId), supplierId],
  );
  const materialOf = new Map(lines.map((l) => [Number(l.id), Number(l.material_id)]));
  const byMaterial = new Map<number, { itemId: number; qty: string; remark: string | null }>();
  body.rows.forEach((r, i) => {
    const material = materialOf.get(r.itemId);
    if (!material) throw new BusinessError(STOCK_MSG.line(i + 1));
    byMaterial.set(material, { itemId: r.itemId, qty: new Decimal(r.qty).toFixed(), remark: r.remark ?? null });
  });
  const rows = [...byMaterial.entries()];
  await c.tx.query(
    `insert into portal_supplier_stock(tenant_id, supplier_id, material_id, item_id, qty, remark, reported_by, reported_at)
     select $1, $2, x.m, x.item, x.qty, x.remark, $3, now() from unnest($4::bigint[], $5::bigint[], $6::numeric[], $7::text[]) as x(m, item, qty, remark)
     on conflict (tenant_id, supplier_id, material_id) do update set item_id = excluded.item_id, qty = excluded.qty, remark = excluded.remark,
       reported_by = excluded.reported_by, reported_at = now()`,
    [tenantId, supplierId, c.session.userId, rows.map(([m]) => m), rows.map(([, r]) => r.itemId), rows.map(([, r]) => r.qty), rows.map(([, r]) => r.remark)],
  );
  await logWrite(
    c.tx,
    c.session,
    c.ip,
    'report',
    'supplierStock',
    rows.map(([m]) => m),
    body,
  );
  return { count: rows.length };
}

/** Reported stock, newest report first: the supplier's own, or for the buyer all suppliers' (or one's). */
export async function listStock(c: RequestCtx, q: { currentPage: number; pageSize: number; supplierId?: number }) {
  const own = c.session.supplierId ?? null;
  const supplierId = own ?? q.supplierId ?? null;
  const where = `s.tenant_id = $1 and ($2::bigint is null or s.supplier_id = $2)`;
  const params = [c.session.tenantId, supplierId];
  const rows = await c.tx.query(
    `select s.id, s.supplier_id as "supplierId", p.name as "supplierName", s.item_id as "itemId", m.name as "materialName", m.standard, m.model,
            s.qty::float8 as qty, s.remark, to_char(s.reported_at, 'YYYY-MM-DD HH24:MI:SS') as "reportedAt"
       from portal_supplier_stock s join partner p on p.tenant_id = s.tenant_id and p.id = s.supplier_id
       ${own ? 'cross join lateral erp_portal_item_material(array[s.item_id]) m' : 'join material m on m.tenant_id = s.tenant_id and m.id = s.material_id'}
      where ${where} order by s.reported_at desc, s.id desc limit $3 offset $4`,
    [...params, q.pageSize, (q.currentPage - 1) * q.pageSize],
  );
  const total = await c.tx.one<{ n: number }>(`select count(*)::int as n from portal_supplier_stock s where ${where}`, params);
  return { rows, total: total!.n };
}

type PanelRow = {
  open_orders: number;
  open_lines: number;
  late_lines: number;
  received_lines: number;
  on_time_lines: number;
  inspected: number;
  passed: number;
};
const rate = (part: number, whole: number) => (whole ? new Decimal(part).div(whole).times(100).toDecimalPlaces(1).toNumber() : null);
const figures = (r: PanelRow) => ({
  openOrders: r.open_orders,
  openLines: r.open_lines,
  lateLines: r.late_lines,
  receivedLines: r.received_lines,
  onTimeRate: rate(r.on_time_lines, r.received_lines),
  inspected: r.inspected,
  passRate: rate(r.passed, r.inspected),
});

/** The supplier's own panel (the function answers for the session's supplier whatever it is given). */
export async function supplierPanel(c: RequestCtx) {
  const row = await c.tx.one<PanelRow>('select * from erp_portal_panel($1)', [supplierOf(c)]);
  return figures(row!);
}

/** The buyer's panel: one row per supplier with audited purchase orders (or the one asked for). */
export async function buyerPanel(c: RequestCtx, q: { supplierId?: number }) {
  const rows = await c.tx.query<PanelRow & { id: number; name: string }>(
    `select p.id, p.name, x.* from partner p cross join lateral erp_portal_panel(p.id) x
      where p.tenant_id = $1 and ($2::bigint is null or p.id = $2) and exists (
        select 1 from depot_head h where h.tenant_id = p.tenant_id and h.organ_id = p.id and h.doc_key = 'purchaseOrder' and h.status in ('1', '2', '3') and not h.delete_flag)
      order by p.id limit 200`,
    [c.session.tenantId, q.supplierId ?? null],
  );
  return rows.map((r) => ({ supplierId: Number(r.id), supplierName: r.name, ...figures(r) }));
}
