import crypto from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { notPast, supplierOf } from './supplier-orders.ts';

/**
 * Shipping plans (issue 22): the buyer publishes to one supplier which quantity of which of its open order lines to
 * ship on which day; the supplier sees its own plans in the portal and acknowledges them. A plan carries no price:
 * neither the buyer's list nor the supplier's shows one (like the open page /extra/shippingPlan/{id}).
 */
export const PLAN_MSG = {
  missing: '发货计划不存在',
  line: (n: number) => `第${n}行：订单明细不存在、不属于该供应商或订单已完成`,
  over: (n: number, open: string) => `第${n}行：计划数量超出订单未收数量 ${open}`,
  acknowledged: '发货计划已确认，不能重复确认',
  cancelledAck: '发货计划已取消，不能确认',
} as const;

export interface PlanInput {
  supplierId: number;
  remark?: string;
  lines: Array<{ itemId: number; planDate: string; qty: string }>;
}

/** Each line must be an open line of that supplier's audited orders, lines on one order line together within what is still to receive. */
export async function checkPlanLines(c: RequestCtx, supplierId: number, lines: PlanInput['lines']) {
  const open = await c.tx.query<{ id: number; open: string }>(
    `select i.id, i.oper_number - i.finished_number * case when i.basic_number = 0 then 1 else i.oper_number / i.basic_number end as open
       from depot_item i join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
      where i.tenant_id = $1 and i.id = any($2::bigint[]) and not i.delete_flag and h.organ_id = $3
        and h.doc_key = 'purchaseOrder' and h.status in ('1', '3') and not h.delete_flag`,
    [c.session.tenantId, lines.map((l) => l.itemId), supplierId],
  );
  const openOf = new Map(open.map((o) => [Number(o.id), new Decimal(o.open)]));
  const claimed = new Map<number, Decimal>();
  lines.forEach((l, i) => {
    const left = openOf.get(l.itemId);
    if (!left) throw new BusinessError(PLAN_MSG.line(i + 1));
    notPast(l.planDate, '计划发货日期');
    const total = (claimed.get(l.itemId) ?? new Decimal(0)).plus(l.qty);
    if (total.gt(left)) throw new BusinessError(PLAN_MSG.over(i + 1, Decimal.max(left.minus(total).plus(l.qty), 0).toFixed()));
    claimed.set(l.itemId, total);
  });
}

/** Writes a plan's lines, numbered in the order given. */
export async function insertPlanLines(c: RequestCtx, planId: number, supplierId: number, lines: PlanInput['lines']) {
  await c.tx.query(
    `insert into portal_shipping_plan_line(tenant_id, plan_id, supplier_id, item_id, line_no, plan_date, qty)
     select $1, $2, $3, x.item, x.n, x.d, x.qty from unnest($4::bigint[], $5::int[], $6::date[], $7::numeric[]) as x(item, n, d, qty)`,
    [c.session.tenantId, planId, supplierId, lines.map((l) => l.itemId), lines.map((_, i) => i + 1), lines.map((l) => l.planDate), lines.map((l) => l.qty)],
  );
}

/** The buyer publishes a plan to one supplier. */
export async function publishPlan(c: RequestCtx, p: PlanInput) {
  const { tenantId } = c.session;
  await checkPlanLines(c, p.supplierId, p.lines);
  const number = `FHJH${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${crypto.randomInt(100000, 999999)}`;
  const head = await c.tx.one<{ id: number }>(
    `insert into portal_shipping_plan(tenant_id, number, supplier_id, remark, created_by) values ($1, $2, $3, $4, $5) returning id`,
    [tenantId, number, p.supplierId, p.remark ?? null, c.session.userId],
  );
  const id = Number(head!.id);
  await insertPlanLines(c, id, p.supplierId, p.lines);
  await logWrite(c.tx, c.session, c.ip, 'add', 'shippingPlan', [id], { number });
  return { id, number };
}

const PLAN_COLUMNS = `s.id, s.number, s.supplier_id as "supplierId", p.name as "supplierName", s.remark, s.status, s.ack_remark as "ackRemark",
  to_char(s.acknowledged_at, 'YYYY-MM-DD HH24:MI:SS') as "acknowledgedAt", s.cancel_reason as "cancelReason",
  to_char(s.cancelled_at, 'YYYY-MM-DD HH24:MI:SS') as "cancelledAt", to_char(s.updated_at, 'YYYY-MM-DD HH24:MI:SS') as "updateTime", to_char(s.created_at, 'YYYY-MM-DD HH24:MI:SS') as "createTime",
  (select count(*)::int from portal_shipping_plan_line l where l.tenant_id = s.tenant_id and l.plan_id = s.id) as "lineCount",
  (select to_char(min(l.plan_date), 'YYYY-MM-DD') from portal_shipping_plan_line l where l.tenant_id = s.tenant_id and l.plan_id = s.id) as "firstDate"`;

/** Plans, newest first: the supplier's own (its session's supplier) or, for the buyer, all or one supplier's. */
export async function listPlans(c: RequestCtx, q: { currentPage: number; pageSize: number; status?: string; supplierId?: number }) {
  const supplierId = c.session.supplierId ?? q.supplierId ?? null;
  const where = `s.tenant_id = $1 and ($2::bigint is null or s.supplier_id = $2) and ($3::text is null or s.status = $3)`;
  const params = [c.session.tenantId, supplierId, q.status ?? null];
  const rows = await c.tx.query(
    `select ${PLAN_COLUMNS} from portal_shipping_plan s join partner p on p.tenant_id = s.tenant_id and p.id = s.supplier_id
      where ${where} order by s.id desc limit $4 offset $5`,
    [...params, q.pageSize, (q.currentPage - 1) * q.pageSize],
  );
  const total = await c.tx.one<{ n: number }>(`select count(*)::int as n from portal_shipping_plan s where ${where}`, params);
  return { rows, total: total!.n };
}

/** One plan with its lines (order, material, quantity, date — no price). */
export async function planDetail(c: RequestCtx, id: number) {
  const own = c.session.supplierId ?? null;
  const head = await c.tx.one(
    `select ${PLAN_COLUMNS} from portal_shipping_plan s join partner p on p.tenant_id = s.tenant_id and p.id = s.supplier_id
      where s.tenant_id = $1 and s.id = $2 and ($3::bigint is null or s.supplier_id = $3)`,
    [c.session.tenantId, id, own],
  );
  if (!head) throw notFound(PLAN_MSG.missing);
  const lines = await c.tx.query(
    `select l.line_no as "lineNo", l.item_id as "itemId", h.number as "orderNumber", m.name as "materialName", m.standard, m.model,
            i.material_unit as unit, to_char(l.plan_date, 'YYYY-MM-DD') as "planDate", l.qty::float8 as qty
       from portal_shipping_plan_line l
       join depot_item i on i.tenant_id = l.tenant_id and i.id = l.item_id
       join depot_head h on h.tenant_id = i.tenant_id and h.id = i.header_id
       ${own ? 'cross join lateral erp_portal_item_material(array[i.id]) m' : 'join material m on m.tenant_id = i.tenant_id and m.id = i.material_id'}
      where l.tenant_id = $1 and l.plan_id = $2 and ($3::bigint is null or l.supplier_id = $3) order by l.line_no`,
    [c.session.tenantId, id, own],
  );
  return { ...head, lines };
}

/** The supplier acknowledges one of its plans (once). */
export async function acknowledgePlan(c: RequestCtx, body: { id: number; remark?: string }) {
  const supplierId = supplierOf(c);
  const plan = await c.tx.one<{ status: string }>(`select status from portal_shipping_plan where tenant_id = $1 and id = $2 and supplier_id = $3`, [
    c.session.tenantId,
    body.id,
    supplierId,
  ]);
  if (!plan) throw notFound(PLAN_MSG.missing);
  if (plan.status === 'cancelled') throw new BusinessError(PLAN_MSG.cancelledAck);
  if (plan.status !== 'published') throw new BusinessError(PLAN_MSG.acknowledged);
  // only a plan still published: the buyer may have edited or cancelled it since it was read
  const done = await c.tx.query(
    `update portal_shipping_plan set status = 'acknowledged', ack_remark = $4, acknowledged_by = $5, acknowledged_at = now()
      where tenant_id = $1 and id = $2 and supplier_id = $3 and status = 'published' returning id`,
    [c.session.tenantId, body.id, supplierId, body.remark ?? null, c.session.userId],
  );
  if (!done.length) throw new BusinessError(PLAN_MSG.acknowledged);
  await logWrite(c.tx, c.session, c.ip, 'acknowledge', 'shippingPlan', [body.id]);
  return { id: body.id };
}

/** The buyer's plan form: a supplier's open order lines with what is still to receive (no price). */
export async function openLinesOf(c: RequestCtx, supplierId: number) {
  return c.tx.query(
    `select i.id as "itemId", h.number as "orderNumber", i.line_no as "lineNo", m.name as "materialName", m.standard, m.model, i.material_unit as unit,
            to_char(h.delivery_date, 'YYYY-MM-DD') as "deliveryDate",
            (i.oper_number - i.finished_number * case when i.basic_number = 0 then 1 else i.oper_number / i.basic_number end)::float8 as "openQty"
       from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
       join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
      where h.tenant_id = $1 and h.organ_id = $2 and h.doc_key = 'purchaseOrder' and h.status in ('1', '3') and not h.delete_flag
        and i.finished_number < i.basic_number
      order by h.oper_time desc, h.id desc, i.line_no limit 200`,
    [c.session.tenantId, supplierId],
  );
}
