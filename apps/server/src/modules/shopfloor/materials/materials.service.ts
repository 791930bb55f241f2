import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { loadWorkOrder } from '../execution/work-order-state.ts';
import { actualCost, jobFor } from './job-cost.ts';
import { issuedOf, refreshIssued, workOrderDocument, type DocLine } from './work-order-documents.ts';

const round = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

export interface MaterialMove {
  workOrderId: number;
  depotId: number;
  lines?: Array<{ materialId: number; qty: string }>;
}

/** The job of a work order, with its requirements (on the first operation) and what was issued so far. */
async function requirements(c: RequestCtx, workOrderId: number) {
  const { tx, session } = c;
  const w = await loadWorkOrder(tx, session.tenantId, workOrderId);
  const job = await jobFor(tx, session.tenantId, w);
  const first = job.first.id === w.id ? w : await loadWorkOrder(tx, session.tenantId, job.first.id);
  const reqs = await tx.query<{ material_id: number; name: string; qty: string; backflush: boolean | null }>(
    `select m.material_id, t.name, m.qty, p.backflush from mfg_work_order_material m
       join material t on t.tenant_id = m.tenant_id and t.id = m.material_id
       left join mfg_item_plan p on p.tenant_id = m.tenant_id and p.material_id = m.material_id
      where m.tenant_id = $1 and m.work_order_id = $2 order by m.id`,
    [session.tenantId, first.id],
  );
  const issued = await issuedOf(tx, session.tenantId, job.ids);
  const byId = new Map(reqs.map((r) => [Number(r.material_id), r]));
  return { w, job, first, reqs, issued, byId };
}

/** 领料: the open requirements of a work order (or the lines given, within them) out of a warehouse. */
export async function pickMaterials(c: RequestCtx, m: MaterialMove) {
  const { w, job, first, reqs, issued, byId } = await requirements(c, m.workOrderId);
  if (job.last.status === 'done') throw new BusinessError(`工单 ${w.wo_no} 已完工，不能领料`);
  const open = (id: number) => new Decimal(byId.get(id)!.qty).minus(issued.get(id)?.qty ?? 0);
  let lines: DocLine[];
  if (m.lines?.length) {
    lines = m.lines.map((l) => {
      const r = byId.get(l.materialId);
      if (!r) throw new BusinessError(`物料 ${l.materialId} 不在工单 ${w.wo_no} 的用料中`);
      const qty = new Decimal(l.qty);
      if (qty.gt(open(l.materialId)))
        throw new BusinessError(`${r.name} 领料数量 ${qty.toFixed()} 超过未领数量 ${Decimal.max(open(l.materialId), 0).toFixed()}`);
      return { materialId: l.materialId, qty };
    });
  } else {
    lines = reqs
      .filter((r) => !r.backflush)
      .map((r) => ({ materialId: Number(r.material_id), qty: open(Number(r.material_id)) }))
      .filter((l) => l.qty.gt(0));
  }
  lines = lines.filter((l) => l.qty.gt(0));
  if (!lines.length) throw new BusinessError(`工单 ${w.wo_no} 没有待领的物料`);
  const doc = await workOrderDocument(c, 'productionPick', first.id, w.wo_no, m.depotId, lines);
  await refreshIssued(c.tx, c.session.tenantId, first.id, job.ids);
  return { ...doc, message: '领料成功' };
}

/** 退料: unused material back into a warehouse, at the cost it was issued at. */
export async function returnMaterials(c: RequestCtx, m: MaterialMove) {
  const { w, job, first, byId, issued } = await requirements(c, m.workOrderId);
  if (!m.lines?.length) throw new BusinessError('请填写退料明细');
  const lines = m.lines.map((l) => {
    const r = byId.get(l.materialId);
    const got = issued.get(l.materialId);
    const qty = new Decimal(l.qty);
    if (!r || !got || qty.gt(got.qty)) throw new BusinessError(`${r?.name ?? l.materialId} 退料数量 ${qty.toFixed()} 超过已领数量 ${got?.qty.toFixed() ?? 0}`);
    return { materialId: l.materialId, qty, unitPrice: got.value.div(got.qty) };
  });
  const doc = await workOrderDocument(c, 'productionReturn', first.id, w.wo_no, m.depotId, lines);
  await refreshIssued(c.tx, c.session.tenantId, first.id, job.ids);
  return { ...doc, message: '退料成功' };
}

/** 完工入库: the last operation's good units into stock at the job's actual cost not yet taken by earlier receipts. */
export async function receiveFinished(c: RequestCtx, r: { workOrderId: number; depotId: number; qty?: string }) {
  const { tx, session } = c;
  const w = await loadWorkOrder(tx, session.tenantId, r.workOrderId);
  // a rework order's good units are stock already (a bought lot in quarantine, re-inspected when the order is done)
  const mo = w.make_order_id
    ? await tx.one<{ order_type: string; mo_no: string }>('select order_type, mo_no from mfg_make_order where tenant_id = $1 and id = $2', [
        session.tenantId,
        w.make_order_id,
      ])
    : undefined;
  if (mo?.order_type === 'rework') throw new BusinessError(`返工单 ${mo.mo_no} 的良品仍在隔离仓待复检，不能完工入库`);
  const a = await actualCost(tx, session.tenantId, w);
  const last = a.job.last.id === w.id ? w : await loadWorkOrder(tx, session.tenantId, a.job.last.id);
  const open = a.lastGood.minus(a.received.qty);
  const qty = r.qty ? new Decimal(r.qty) : open;
  if (qty.lte(0) || qty.gt(open)) throw new BusinessError(`工单 ${last.wo_no} 可入库数量为 ${Decimal.max(open, 0).toFixed()}`);
  const value = round(a.total.minus(a.received.value).times(qty).div(open));
  const doc = await workOrderDocument(c, 'finishedIn', last.id, last.wo_no, r.depotId, [{ materialId: last.material_id, qty, unitPrice: value.div(qty) }]);
  return { ...doc, qty: qty.toFixed(), value: value.toFixed(), message: '完工入库成功' };
}
