import { Decimal } from 'decimal.js';
import { convertWeight, type ScaleUnit } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { loadWorkOrder } from '../execution/work-order-state.ts';
import { loadStation, type StationRow } from './stations.service.ts';
import { PortOpenError, readerFor } from './station-reader.ts';

/** The present reading of a station's scale, in the station's unit. */
export interface StationReading {
  stationId: number;
  unit: ScaleUnit;
  tare: string;
  /** The latest frame's weight, stable or not (null before the first frame). */
  weight: string | null;
  stable: boolean;
  /** The stable gross weight now (null while the scale moves or when the last stable frame is too old). */
  stableWeight: string | null;
  net: string | null;
  frames: number;
  garbage: number;
  at: string | null;
}

async function openReader(st: StationRow, tenantId: number) {
  try {
    return await readerFor({ ...st, tenantId });
  } catch (e) {
    if (e instanceof PortOpenError) throw new BusinessError(`称重站 ${st.name} ${e.message}`);
    throw e;
  }
}

/** The station's scale now: latest weight, whether it is stable, the stable gross and net, how many frames were garbage. */
export async function stationReading(tx: Tx, tenantId: number, stationId: number): Promise<StationReading> {
  const st = await loadStation(tx, tenantId, stationId, true);
  const s = (await openReader(st, tenantId)).state();
  const inUnit = (w: string, u: ScaleUnit) => convertWeight(w, u, st.unit);
  const stableWeight = s.stableNow && s.stable ? inUnit(s.stable.weight, s.stable.unit) : null;
  return {
    stationId: st.id,
    unit: st.unit,
    tare: st.tare,
    weight: s.latest ? inUnit(s.latest.weight, s.latest.unit) : null,
    stable: stableWeight !== null,
    stableWeight,
    net: stableWeight === null ? null : new Decimal(stableWeight).minus(st.tare).toFixed(),
    frames: s.frames,
    garbage: s.garbage,
    at: s.latest ? new Date(s.latest.at).toISOString() : null,
  };
}

export interface RecordInput {
  workOrderId: number;
  reportId?: number;
  stationId?: number;
  tare?: string;
  /** A stable gross weight the browser read itself (Web Serial); without it the station's reader gives it. */
  gross?: string;
  unit?: ScaleUnit;
  takenAt?: string;
}

/** The gross weight to record and where it came from: the station's stable reading, or the browser's. */
async function grossOf(tx: Tx, tenantId: number, r: RecordInput, st: StationRow | null) {
  if (r.gross !== undefined) {
    const unit = r.unit ?? st?.unit ?? 'kg';
    return { gross: st ? convertWeight(r.gross, unit, st.unit) : r.gross, unit: st?.unit ?? unit, source: 'browser' as const };
  }
  if (!st) throw new BusinessError('请选择称重站');
  const reading = await stationReading(tx, tenantId, st.id);
  if (reading.stableWeight === null) throw new BusinessError(`称重站 ${st.name} 没有稳定的重量，请等秤稳定后再记录`);
  return { gross: reading.stableWeight, unit: st.unit, source: 'station' as const };
}

/** Records the net weight of one reported unit: net = stable gross − tare, against the work order (and its report). */
export async function recordWeighing(c: RequestCtx, r: RecordInput) {
  const { tx, session } = c;
  const tenantId = session.tenantId;
  const w = await loadWorkOrder(tx, tenantId, r.workOrderId, false);
  if (r.reportId) {
    const rep = await tx.one('select 1 from sf_report where tenant_id = $1 and id = $2 and work_order_id = $3', [tenantId, r.reportId, w.id]);
    if (!rep) throw new BusinessError(`工单 ${w.wo_no} 没有这条报工记录`);
  }
  const st = r.stationId ? await loadStation(tx, tenantId, r.stationId, r.gross === undefined) : null;
  const { gross, unit, source } = await grossOf(tx, tenantId, r, st);
  const tare = new Decimal(r.tare ?? st?.tare ?? 0);
  if (new Decimal(gross).lte(0)) throw new BusinessError(`重量须大于0（读数 ${gross} ${unit}）`);
  const net = new Decimal(gross).minus(tare);
  if (net.lte(0)) throw new BusinessError(`净重须大于0：毛重 ${gross} ${unit}，皮重 ${tare.toFixed()} ${unit}`);
  const row = await tx.one<{ id: number; taken_at: string }>(
    `insert into sf_weighing(tenant_id, station_id, work_order_id, report_id, source, gross, tare, net, unit, taken_at, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10::timestamptz, now()), $11) returning id, taken_at`,
    [tenantId, st?.id ?? null, w.id, r.reportId ?? null, source, gross, tare.toFixed(), net.toFixed(), unit, r.takenAt ?? null, session.userId],
  );
  await logWrite(tx, session, c.ip, 'weigh', 'workOrder', [w.id], { gross, tare: tare.toFixed(), net: net.toFixed(), unit });
  return { id: Number(row!.id), workOrderId: w.id, woNo: w.wo_no, gross, tare: tare.toFixed(), net: net.toFixed(), unit, source, message: '称重已记录' };
}
