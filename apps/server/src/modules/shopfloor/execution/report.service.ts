import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import { logInsertSql, logValues, logWrite } from '../../../platform/audit.ts';
import type { Tx } from '../../../platform/db/database.ts';
import {
  closeMakeOrderWhenDone,
  loadForReport,
  loadWorkOrder,
  nextStatus,
  receivedOf,
  reportRefusal,
  type BackflushMaterial,
  type ExecAction,
  type JobOp,
  type WoRow,
} from './work-order-state.ts';
import { saveWoDocument } from '../materials/work-order-documents.ts';
import { inspectReport } from './in-process.ts';
import { reportOnTask } from '../../manufacturing/index.ts';
import { checkBackdate, pastMoment } from './backdate.ts';

const round = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

export interface ReportInput {
  workOrderId: number;
  goodQty: string;
  scrapQty?: string;
  defectTypeId?: number;
  person?: string;
  teamId?: number;
  workstationId?: number;
  hours?: string;
  taskId?: number;
  /** 补报: when the units were made ('YYYY-MM-DD HH:mm:ss', not in the future); the report, its documents and entries are dated then */
  reportTime?: string;
}

/** Start, pause, resume or finish an operation (a workstation's scan, then a button). */
export async function execute(c: RequestCtx, workOrderId: number, action: ExecAction, workstationId?: number, time?: string) {
  const { tx, session } = c;
  if (time) pastMoment(time, '补报时间');
  const w = await loadWorkOrder(tx, session.tenantId, workOrderId);
  const to = nextStatus(w, action);
  if (workstationId) await checkRefs(tx, session.tenantId, { workstationId });
  // a back-dated start (补报): not before the release, not in a closed period
  if (time) await checkBackdate(tx, session.tenantId, w, time, '补报时间', false);
  await tx.query('update mfg_work_order set status = $3, updater = $4, updated_at = now() where tenant_id = $1 and id = $2', [
    session.tenantId,
    w.id,
    to,
    session.userId,
  ]);
  await tx.query(
    'insert into sf_event(tenant_id, work_order_id, action, workstation_id, creator, created_at) values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()))',
    [session.tenantId, w.id, action, workstationId ?? null, session.userId, time ?? null],
  );
  if (to === 'done') await closeMakeOrderWhenDone(c, w.make_order_id ? Number(w.make_order_id) : null);
  await logWrite(tx, session, c.ip, action, 'workOrder', [w.id], { woNo: w.wo_no });
  return { id: w.id, woNo: w.wo_no, status: to, message: '操作成功' };
}

/** Other records a report names must be the company's own. */
async function checkRefs(tx: Tx, tenantId: number, r: { defectTypeId?: number; teamId?: number; workstationId?: number }) {
  const found = await tx.one<{ d: boolean; t: boolean; w: boolean }>(
    `select exists(select 1 from defect_type where tenant_id = $1 and id = $2 and not delete_flag) as d,
            exists(select 1 from mfg_team where tenant_id = $1 and id = $3 and not delete_flag) as t,
            exists(select 1 from mfg_work_centre where tenant_id = $1 and id = $4 and not delete_flag) as w`,
    [tenantId, r.defectTypeId ?? 0, r.teamId ?? 0, r.workstationId ?? 0],
  );
  if (r.defectTypeId && !found!.d) throw new BusinessError('不良类型不存在');
  if (r.teamId && !found!.t) throw new BusinessError('班组不存在');
  if (r.workstationId && !found!.w) throw new BusinessError('工位不存在');
}

/** Backflushes the materials of the operation holding the job's materials (read with the work order): per unit × what was reported. */
async function backflush(c: RequestCtx, w: WoRow, mats: BackflushMaterial[], units: Decimal, depotId: number | null, at?: string): Promise<number | null> {
  const lines = mats
    .map((m) => ({ materialId: Number(m.material_id), qty: round(new Decimal(m.qty).times(units).div(w.quantity)) }))
    .filter((l) => l.qty.gt(0));
  if (!lines.length) return null;
  if (!depotId) throw new BusinessError('请先在报工设置中选择倒冲仓库');
  const ext = new Map(mats.filter((m) => m.extend_id).map((m) => [Number(m.material_id), Number(m.extend_id)]));
  const doc = await saveWoDocument(c, 'backflush', w.wo_no, depotId, lines, ext, at);
  return doc.id;
}

/**
 * Refuses a report beyond what the operation received (plus the company's tolerance); true when it takes the operation
 * through. Units of the previous operation still waiting for their in-process inspection are not received yet.
 */
export function checkQuantity(w: WoRow, job: JobOp[], overReportPct: string, units: Decimal): boolean {
  const prev = job.filter((o) => o.seq < w.seq).pop();
  const { received, held } = receivedOf(w, job);
  const allowed = received.times(new Decimal(100).plus(overReportPct)).div(100);
  const before = new Decimal(w.good_qty ?? 0).plus(w.scrap_qty ?? 0);
  if (before.plus(units).gt(allowed)) {
    const left = Decimal.max(allowed.minus(before), 0);
    const waiting = held.gt(0) ? `（上道工序另有 ${held.toFixed()} 待制程检验放行）` : '';
    throw new BusinessError(`工单 ${w.wo_no} 报工数量超过可报数量：本次 ${units.toFixed()}，最多还可报 ${left.toFixed()}${waiting}`);
  }
  // the operation is through once its predecessor is (nothing of it waiting for inspection) and everything it received is reported
  const prevDone = !prev || (prev.status === 'done' && held.isZero());
  return prevDone && before.plus(units).gte(received);
}

/**
 * The report's writes in one statement: the backflush document linked to the work order, the issued quantities
 * raised by what that document took out of stock (from its ledger rows, so units convert as posted), the work
 * order's quantities and status, the operation log line and the report itself.
 */
export async function recordReport(
  c: RequestCtx,
  w: WoRow,
  r: ReportInput,
  v: { good: Decimal; scrap: Decimal; hours: Decimal; labour: Decimal; status: string | null; backflushId: number | null },
) {
  const { tx, session } = c;
  const rep = await tx.one<{ id: number }>(
    `with link as (
       insert into sf_wo_document(tenant_id, header_id, work_order_id, kind) select $1, $12::bigint, $2, 'backflush' where $12::bigint is not null
     ), issued as (
       update mfg_work_order_material m set issued_qty = coalesce(m.issued_qty, 0) + x.q, updated_at = now()
         from (select l.material_id, -sum(l.qty_change) as q from stock_ledger l where l.tenant_id = $1 and l.header_id = $12::bigint group by l.material_id) x
        where m.tenant_id = $1 and m.work_order_id = $2 and m.material_id = x.material_id
     ), wo as (
       update mfg_work_order set good_qty = coalesce(good_qty, 0) + $4::numeric, scrap_qty = coalesce(scrap_qty, 0) + $5::numeric, status = $14,
              updater = $13, updated_at = now()
        where tenant_id = $1 and id = $2
     ), log as (
       ${logInsertSql(15)}
     )
     insert into sf_report(tenant_id, work_order_id, work_centre_id, good_qty, scrap_qty, defect_type_id, person, team_id, workstation_id,
                           hours, labour_cost, backflush_header_id, creator, report_day, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, coalesce($23::timestamptz, now())::date, coalesce($23::timestamptz, now()))
     returning id`,
    [
      session.tenantId,
      w.id,
      w.work_centre_id,
      v.good.toFixed(),
      v.scrap.toFixed(),
      r.defectTypeId ?? null,
      r.person ?? null,
      r.teamId ?? null,
      r.workstationId ?? null,
      v.hours.toFixed(),
      v.labour.toFixed(),
      v.backflushId,
      session.userId,
      v.status,
      ...logValues(session, c.ip, 'report', 'workOrder', [w.id], {
        good: v.good.toFixed(),
        scrap: v.scrap.toFixed(),
        ...(r.reportTime && { reportTime: r.reportTime }),
      }),
      r.reportTime ?? null,
    ],
  );
  return Number(rep!.id);
}

/** 报工: good and scrapped units of an operation, who and where and how long; backflush; progress and status follow. */
export async function reportProduction(c: RequestCtx, r: ReportInput) {
  const { tx, session } = c;
  const good = new Decimal(r.goodQty);
  const scrap = new Decimal(r.scrapQty ?? 0);
  const units = good.plus(scrap);
  if (units.lte(0)) throw badRequest('合格数与报废数合计须大于0');
  if (scrap.gt(0) && !r.defectTypeId) throw new BusinessError('有报废数量时请选择不良类型');
  if (r.reportTime) pastMoment(r.reportTime, '补报时间');
  const { w, settings, job, backflush: mats } = await loadForReport(tx, session.tenantId, r.workOrderId);
  const refusal = reportRefusal(w);
  if (refusal) throw new BusinessError(refusal);
  // 补报: not before the operation started, not in a closed account period
  if (r.reportTime) await checkBackdate(tx, session.tenantId, w, r.reportTime, '补报时间', true);
  if (r.defectTypeId || r.teamId || r.workstationId) await checkRefs(tx, session.tenantId, r);
  const through = checkQuantity(w, job, settings.overReportPct, units);
  const hours = new Decimal(r.hours ?? 0);
  const labour = round(hours.times(w.cost_per_hour ?? 0));
  // a report on a production task adds to what the task has made and takes its team when none is named
  if (r.taskId) r = { ...r, teamId: r.teamId ?? (await reportOnTask(tx, session.tenantId, r.taskId, w.id, good.toFixed())) ?? undefined };
  const backflushId = await backflush(c, w, mats, units, settings.backflushDepotId, r.reportTime);
  const status = through ? 'done' : w.status;
  const id = await recordReport(c, w, r, { good, scrap, hours, labour, status, backflushId });
  // an operation whose route step requires inspection: its good units wait for an in-process inspection
  const inspection = w.inspect && good.gt(0) ? await inspectReport(c, w, id, good) : null;
  const goodQty = new Decimal(w.good_qty ?? 0).plus(good);
  const scrapQty = new Decimal(w.scrap_qty ?? 0).plus(scrap);
  if (status === 'done') await closeMakeOrderWhenDone(c, w.make_order_id ? Number(w.make_order_id) : null);
  return {
    id,
    workOrderId: w.id,
    goodQty: goodQty.toFixed(),
    scrapQty: scrapQty.toFixed(),
    status,
    progress: Number(goodQty.div(w.quantity).times(100).toDecimalPlaces(1)),
    backflushHeaderId: backflushId,
    inspectionNumber: inspection?.number ?? null,
    message: '报工成功',
  };
}
