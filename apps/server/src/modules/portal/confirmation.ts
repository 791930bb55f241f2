import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { notPast, openOrderLines, PORTAL_MSG, supplierOf } from './supplier-orders.ts';

export interface ConfirmInput {
  orderId: number;
  lines: Array<{ itemId: number; action: 'confirm' | 'propose'; qty?: string; date?: string; remark?: string }>;
}

/** The supplier confirms order lines as they stand, or proposes another quantity and/or date per line. */
export async function confirmLines(c: RequestCtx, input: ConfirmInput) {
  const supplierId = supplierOf(c);
  const { tenantId } = c.session;
  const lines = await openOrderLines(c.tx, tenantId, supplierId, input.orderId);
  input.lines.forEach((l, i) => {
    if (!lines.has(l.itemId)) throw new BusinessError(PORTAL_MSG.line(i + 1));
    if (l.action === 'propose' && !l.qty && !l.date) throw new BusinessError(PORTAL_MSG.proposal(i + 1));
    notPast(l.date, '建议交期');
  });
  for (const l of input.lines) {
    const propose = l.action === 'propose';
    await c.tx.query(
      `insert into portal_line(tenant_id, item_id, header_id, supplier_id, confirm_status, proposed_qty, proposed_date, confirm_remark, decided_by, decided_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, null, null, now())
       on conflict (tenant_id, item_id) do update set confirm_status = excluded.confirm_status, proposed_qty = excluded.proposed_qty,
         proposed_date = excluded.proposed_date, confirm_remark = excluded.confirm_remark, decided_by = null, decided_at = null, updated_at = now()`,
      [
        tenantId,
        l.itemId,
        input.orderId,
        supplierId,
        propose ? 'proposed' : 'confirmed',
        propose ? (l.qty ?? null) : null,
        propose ? (l.date ?? null) : null,
        l.remark ?? null,
      ],
    );
  }
  await logWrite(
    c.tx,
    c.session,
    c.ip,
    'confirm',
    'portalLine',
    input.lines.map((l) => l.itemId),
    input,
  );
  return { count: input.lines.length };
}

export interface ProgressInput {
  itemId: number;
  percent: string;
  expectedShipDate?: string;
  remark?: string;
  files?: string;
}

/** The supplier reports how far a line is: percent, expected ship date, remarks, file names. */
export async function reportProgress(c: RequestCtx, p: ProgressInput) {
  const supplierId = supplierOf(c);
  const { tenantId } = c.session;
  const item = await c.tx.one<{ header_id: number }>(
    `select i.header_id from depot_item i join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
      where i.tenant_id = $1 and i.id = $2 and h.organ_id = $3 and h.doc_key = 'purchaseOrder' and h.status in ('1', '3') and not h.delete_flag`,
    [tenantId, p.itemId, supplierId],
  );
  if (!item) throw new BusinessError(PORTAL_MSG.order);
  notPast(p.expectedShipDate, '预计发货日期');
  await c.tx.query(
    `insert into portal_line(tenant_id, item_id, header_id, supplier_id, progress_percent, expected_ship_date, progress_remark, progress_files, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now())
     on conflict (tenant_id, item_id) do update set progress_percent = excluded.progress_percent, expected_ship_date = excluded.expected_ship_date,
       progress_remark = excluded.progress_remark, progress_files = excluded.progress_files, updated_at = now()`,
    [tenantId, p.itemId, item.header_id, supplierId, p.percent, p.expectedShipDate ?? null, p.remark ?? null, p.files ?? null],
  );
  await c.tx.query(
    `insert into portal_progress_log(tenant_id, item_id, supplier_id, percent, expected_ship_date, remark, files) values ($1, $2, $3, $4, $5, $6, $7)`,
    [tenantId, p.itemId, supplierId, p.percent, p.expectedShipDate ?? null, p.remark ?? null, p.files ?? null],
  );
  return { itemId: p.itemId };
}

/** The buyer's side: the lines whose proposals wait for an answer. */
export async function pendingProposals(c: RequestCtx) {
  return c.tx.query(
    `select pl.item_id as "itemId", h.id as "orderId", h.number as "orderNumber", p.name as "supplierName", i.line_no as "lineNo", m.name as "materialName",
            i.oper_number::float8 as "qty", to_char(h.delivery_date, 'YYYY-MM-DD') as "deliveryDate", pl.proposed_qty::float8 as "proposedQty",
            to_char(pl.proposed_date, 'YYYY-MM-DD') as "proposedDate", pl.confirm_remark as "remark"
       from portal_line pl
       join depot_item i on i.tenant_id = pl.tenant_id and i.id = pl.item_id
       join depot_head h on h.tenant_id = pl.tenant_id and h.id = pl.header_id
       join partner p on p.tenant_id = pl.tenant_id and p.id = pl.supplier_id
       join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
      where pl.tenant_id = $1 and pl.confirm_status = 'proposed' order by pl.updated_at limit 500`,
    [c.session.tenantId],
  );
}

/** The buyer accepts or rejects proposals; an accepted proposal is the line's agreed quantity and date. */
export async function decideProposals(c: RequestCtx, body: { itemIds: number[]; accept: boolean }) {
  const rows = await c.tx.query<{ item_id: number }>(
    `update portal_line set confirm_status = $3, decided_by = $4, decided_at = now(), updated_at = now()
      where tenant_id = $1 and item_id = any($2::bigint[]) and confirm_status = 'proposed' returning item_id`,
    [c.session.tenantId, body.itemIds, body.accept ? 'accepted' : 'rejected', c.session.userId],
  );
  if (rows.length !== body.itemIds.length) throw new BusinessError('所选明细没有待处理的建议');
  await logWrite(c.tx, c.session, c.ip, body.accept ? 'accept' : 'reject', 'portalLine', body.itemIds);
  return { count: rows.length };
}
