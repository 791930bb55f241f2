import type { FrameFormat, ScaleUnit } from '@erp/entities';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { stopReader } from './station-reader.ts';

export interface StationInput {
  name: string;
  devicePath: string;
  baud: number;
  frameFormat: FrameFormat;
  unit: ScaleUnit;
  tare?: string;
  stableCount: number;
  tolerance?: string;
  workCentreId?: number | null;
  enabled: boolean;
}

export interface StationRow {
  id: number;
  name: string;
  devicePath: string;
  baud: number;
  frameFormat: FrameFormat;
  unit: ScaleUnit;
  tare: string;
  stableCount: number;
  tolerance: string;
  workCentreId: number | null;
  workCentre: string | null;
  enabled: boolean;
}

const COLUMNS = `s.id, s.name, s.device_path as "devicePath", s.baud, s.frame_format as "frameFormat", s.unit, s.tare::text as tare,
  s.stable_count as "stableCount", s.tolerance::text as tolerance, s.work_centre_id as "workCentreId", c.name as "workCentre", s.enabled`;
const FROM = `sf_weigh_station s left join mfg_work_centre c on c.tenant_id = s.tenant_id and c.id = s.work_centre_id`;
const norm = (r: StationRow): StationRow => ({
  ...r,
  id: Number(r.id),
  workCentreId: r.workCentreId === null ? null : Number(r.workCentreId),
  tare: trim(r.tare),
  tolerance: trim(r.tolerance),
});
const trim = (n: string) => (n.includes('.') ? n.replace(/\.?0+$/, '') : n);

export async function listStations(tx: Tx, tenantId: number): Promise<StationRow[]> {
  const rows = await tx.query<StationRow>(`select ${COLUMNS} from ${FROM} where s.tenant_id = $1 and not s.delete_flag order by s.name, s.id`, [tenantId]);
  return rows.map(norm);
}

/** One station of the company; refused when it is another company's, deleted, or (when `enabledOnly`) switched off. */
export async function loadStation(tx: Tx, tenantId: number, id: number, enabledOnly = false): Promise<StationRow> {
  const r = await tx.one<StationRow>(`select ${COLUMNS} from ${FROM} where s.tenant_id = $1 and s.id = $2 and not s.delete_flag`, [tenantId, id]);
  if (!r) throw new BusinessError('称重站不存在');
  if (enabledOnly && !r.enabled) throw new BusinessError(`称重站 ${r.name} 已停用`);
  return norm(r);
}

async function checkInput(tx: Tx, tenantId: number, s: StationInput, id = 0) {
  const found = await tx.one<{ dup: boolean; wc: boolean }>(
    `select exists(select 1 from sf_weigh_station where tenant_id = $1 and name = $2 and id <> $3 and not delete_flag) as dup,
            exists(select 1 from mfg_work_centre where tenant_id = $1 and id = $4 and not delete_flag) as wc`,
    [tenantId, s.name, id, s.workCentreId ?? 0],
  );
  if (found!.dup) throw new BusinessError(`称重站 ${s.name} 已存在`);
  if (s.workCentreId && !found!.wc) throw new BusinessError('工作中心不存在');
}

const values = (s: StationInput) => [
  s.name,
  s.devicePath,
  s.baud,
  s.frameFormat,
  s.unit,
  s.tare ?? '0',
  s.stableCount,
  s.tolerance ?? '0',
  s.workCentreId ?? null,
  s.enabled,
];

export async function addStation(c: RequestCtx, s: StationInput) {
  const { tx, session } = c;
  await checkInput(tx, session.tenantId, s);
  const r = await tx.one<{ id: number }>(
    `insert into sf_weigh_station(tenant_id, name, device_path, baud, frame_format, unit, tare, stable_count, tolerance, work_centre_id, enabled, creator, updater)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) returning id`,
    [session.tenantId, ...values(s), session.userId],
  );
  await logWrite(tx, session, c.ip, 'add', 'weighStation', [Number(r!.id)], { name: s.name });
  return { id: Number(r!.id), message: '保存成功' };
}

export async function updateStation(c: RequestCtx, id: number, s: StationInput) {
  const { tx, session } = c;
  await loadStation(tx, session.tenantId, id);
  await checkInput(tx, session.tenantId, s, id);
  await tx.query(
    `update sf_weigh_station set name = $3, device_path = $4, baud = $5, frame_format = $6, unit = $7, tare = $8, stable_count = $9,
            tolerance = $10, work_centre_id = $11, enabled = $12, updater = $13, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [session.tenantId, id, ...values(s), session.userId],
  );
  await logWrite(tx, session, c.ip, 'update', 'weighStation', [id], { name: s.name });
  // the port settings may have changed: the next reading reopens it
  stopReader(session.tenantId, id);
  return { id, message: '保存成功' };
}

export async function deleteStation(c: RequestCtx, id: number) {
  const { tx, session } = c;
  const st = await loadStation(tx, session.tenantId, id);
  await tx.query('update sf_weigh_station set delete_flag = true, updater = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    session.tenantId,
    id,
    session.userId,
  ]);
  await logWrite(tx, session, c.ip, 'delete', 'weighStation', [id], { name: st.name });
  stopReader(session.tenantId, id);
  return { id, message: '删除成功' };
}
