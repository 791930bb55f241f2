import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { makeOrderDone } from '../../manufacturing/index.ts';

/** A work order as the shop floor reads it (locked for a change). */
export interface WoRow {
  id: number;
  wo_no: string;
  status: string | null;
  seq: number;
  quantity: string;
  good_qty: string | null;
  scrap_qty: string | null;
  material_id: number;
  make_order_id: number | null;
  make_order_line_id: number | null;
  work_centre_id: number;
  cost_per_hour: string | null;
  /** its good units get an in-process inspection (from the route operation) */
  inspect: boolean;
  /** good units waiting for their in-process inspection */
  held_qty: string;
}

const WO_COLUMNS = `w.id, w.wo_no, w.status, w.seq, w.quantity, w.good_qty, w.scrap_qty, w.material_id, w.make_order_id,
  w.make_order_line_id, w.work_centre_id, c.cost_per_hour, w.inspect, w.held_qty::text as held_qty`;

/** One work order by id, locked for update when `lock`; 404 when it is not the company's. */
export async function loadWorkOrder(tx: Tx, tenantId: number, id: number, lock = true): Promise<WoRow> {
  const w = await tx.one<WoRow>(
    `select ${WO_COLUMNS} from mfg_work_order w join mfg_work_centre c on c.tenant_id = w.tenant_id and c.id = w.work_centre_id
      where w.tenant_id = $1 and w.id = $2${lock ? ' for update of w' : ''}`,
    [tenantId, id],
  );
  if (!w) throw notFound('工单不存在');
  return { ...w, id: Number(w.id), material_id: Number(w.material_id), work_centre_id: Number(w.work_centre_id) };
}

export type JobOp = { id: number; seq: number; good_qty: string | null; status: string | null; held_qty?: string | null };

/** A backflushed material of a work order: its quantity for the whole order, and its default barcode row (a document line names it). */
export type BackflushMaterial = { material_id: number; qty: string; extend_id: number | null };

/**
 * What a report needs, in one statement: the work order locked (404 when it is not the company's), the
 * shop floor settings, the operations of its job in sequence (quantities as text: decimals stay exact), and the
 * materials it backflushes with their barcode rows.
 */
export async function loadForReport(tx: Tx, tenantId: number, id: number) {
  const r = await tx.one<
    WoRow & { over_report_pct: string | null; backflush_depot_id: number | null; job: JobOp[] | null; backflush: BackflushMaterial[] | null }
  >(
    `select ${WO_COLUMNS}, s.over_report_pct, s.backflush_depot_id,
            (select json_agg(json_build_object('id', o.id, 'seq', o.seq, 'good_qty', o.good_qty::text, 'status', o.status, 'held_qty', o.held_qty::text) order by o.seq, o.id)
               from mfg_work_order o where o.tenant_id = w.tenant_id and o.make_order_line_id = w.make_order_line_id) as job,
            (select json_agg(json_build_object('material_id', m.material_id, 'qty', m.qty::text, 'extend_id',
                    (select e.id from material_extend e where e.tenant_id = m.tenant_id and e.material_id = m.material_id and not e.delete_flag
                      order by e.default_flag desc, e.id limit 1)) order by m.id)
               from mfg_work_order_material m
               join mfg_item_plan p on p.tenant_id = m.tenant_id and p.material_id = m.material_id and p.backflush
              where m.tenant_id = w.tenant_id and m.work_order_id = w.id) as backflush
       from mfg_work_order w join mfg_work_centre c on c.tenant_id = w.tenant_id and c.id = w.work_centre_id
       left join sf_setting s on s.tenant_id = w.tenant_id
      where w.tenant_id = $1 and w.id = $2 for update of w`,
    [tenantId, id],
  );
  if (!r) throw notFound('工单不存在');
  const { over_report_pct, backflush_depot_id, job, backflush, ...rest } = r;
  const w: WoRow = { ...rest, id: Number(rest.id), material_id: Number(rest.material_id), work_centre_id: Number(rest.work_centre_id) };
  return {
    w,
    settings: { overReportPct: new Decimal(over_report_pct ?? 0).toFixed(), backflushDepotId: backflush_depot_id ? Number(backflush_depot_id) : null },
    // a work order without a make order line is its own job
    job:
      w.make_order_line_id && job
        ? job.map((o) => ({ ...o, id: Number(o.id) }))
        : [{ id: w.id, seq: w.seq, good_qty: w.good_qty, status: w.status, held_qty: w.held_qty }],
    backflush: backflush ?? [],
  };
}

/** A scanned code (the work order number, as a keyboard-wedge scanner types it) → the work order's id. */
export async function findByCode(tx: Tx, tenantId: number, code: string): Promise<number> {
  const r = await tx.one<{ id: number }>('select id from mfg_work_order where tenant_id = $1 and wo_no = $2', [tenantId, code.trim()]);
  if (!r) throw new BusinessError(`工单 ${code.trim()} 不存在`);
  return Number(r.id);
}

/** The operations of the same make order line (the job), in sequence; a work order without a line is its own job. */
export async function jobOf(tx: Tx, tenantId: number, w: WoRow): Promise<JobOp[]> {
  if (!w.make_order_line_id) return [{ id: w.id, seq: w.seq, good_qty: w.good_qty, status: w.status }];
  const rows = await tx.query<JobOp>(
    'select id, seq, good_qty, status, held_qty::text as held_qty from mfg_work_order where tenant_id = $1 and make_order_line_id = $2 order by seq, id',
    [tenantId, w.make_order_line_id],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * What an operation received: the order quantity for the first, the previous operation's good quantity after that,
 * less what of it still waits for its in-process inspection (docs/decisions.md "In-process inspection").
 */
export const receivedOf = (w: Pick<WoRow, 'seq' | 'quantity'>, job: JobOp[]): { received: Decimal; held: Decimal } => {
  const prev = job.filter((o) => o.seq < w.seq).pop();
  if (!prev) return { received: new Decimal(w.quantity), held: new Decimal(0) };
  const held = new Decimal(prev.held_qty ?? 0);
  return { received: new Decimal(prev.good_qty ?? 0).minus(held), held };
};

export async function receivedQty(tx: Tx, tenantId: number, w: WoRow): Promise<Decimal> {
  return receivedOf(w, await jobOf(tx, tenantId, w)).received;
}

export type ExecAction = 'start' | 'pause' | 'resume' | 'finish';

const LABEL: Record<string, string> = { planned: '已计划', released: '已下达', started: '进行中', paused: '已暂停', done: '已完工' };

/** Which statuses an action may leave from, and where it goes. */
const MOVES: Record<ExecAction, { from: string[]; to: string }> = {
  start: { from: ['planned', 'released'], to: 'started' },
  pause: { from: ['started'], to: 'paused' },
  resume: { from: ['paused'], to: 'started' },
  finish: { from: ['started', 'paused'], to: 'done' },
};
const VERB: Record<ExecAction, string> = { start: '开工', pause: '暂停', resume: '恢复', finish: '完工' };

/** The refusal of an action in the work order's status, or the status it leads to. */
export function nextStatus(w: Pick<WoRow, 'wo_no' | 'status'>, action: ExecAction): string {
  const status = w.status ?? 'planned';
  const m = MOVES[action];
  if (!m.from.includes(status)) throw new BusinessError(`工单 ${w.wo_no} ${LABEL[status] ?? status}，不能${VERB[action]}`);
  return m.to;
}

/** Reporting is possible only while the operation runs. */
export function reportRefusal(w: Pick<WoRow, 'wo_no' | 'status'>): string | undefined {
  const status = w.status ?? 'planned';
  if (status === 'started') return undefined;
  if (status === 'done') return `工单 ${w.wo_no} 已完工，不能报工`;
  if (status === 'paused') return `工单 ${w.wo_no} 已暂停，请先恢复再报工`;
  return `工单 ${w.wo_no} 未开工，请先开工再报工`;
}

/** When every operation of a make order is done, so is the make order (and the area that hears its type, e.g. quality for a rework order). */
export async function closeMakeOrderWhenDone(c: RequestCtx, makeOrderId: number | null) {
  if (!makeOrderId) return;
  const mo = await c.tx.one<{ id: number; mo_no: string; order_type: string }>(
    `update mfg_make_order set status = 'done', updated_at = now() where tenant_id = $1 and id = $2
        and not exists (select 1 from mfg_work_order where tenant_id = $1 and make_order_id = $2 and coalesce(status, '') <> 'done')
     returning id, mo_no, order_type`,
    [c.session.tenantId, makeOrderId],
  );
  if (mo) await makeOrderDone(c, mo);
}
