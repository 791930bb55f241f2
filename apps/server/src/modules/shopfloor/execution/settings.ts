import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';

export interface ShopfloorSettings {
  /** how far beyond what it received an operation may report, in percent */
  overReportPct: string;
  /** the warehouse backflushed materials come from */
  backflushDepotId: number | null;
}

export async function readSettings(tx: Tx, tenantId: number): Promise<ShopfloorSettings> {
  const r = await tx.one<{ over_report_pct: string; backflush_depot_id: number | null }>(
    'select over_report_pct, backflush_depot_id from sf_setting where tenant_id = $1',
    [tenantId],
  );
  return {
    overReportPct: new Decimal(r?.over_report_pct ?? 0).toFixed(),
    backflushDepotId: r?.backflush_depot_id ? Number(r.backflush_depot_id) : null,
  };
}

export async function saveSettings(tx: Tx, tenantId: number, s: { overReportPct: string; backflushDepotId?: number | null }) {
  if (s.backflushDepotId) {
    const ok = await tx.one('select 1 from depot where tenant_id = $1 and id = $2 and not delete_flag', [tenantId, s.backflushDepotId]);
    if (!ok) throw new BusinessError('仓库不存在');
  }
  await tx.query(
    `insert into sf_setting(tenant_id, over_report_pct, backflush_depot_id) values ($1, $2, $3)
     on conflict (tenant_id) do update set over_report_pct = excluded.over_report_pct, backflush_depot_id = excluded.backflush_depot_id, updated_at = now()`,
    [tenantId, s.overReportPct, s.backflushDepotId ?? null],
  );
  return { ...(await readSettings(tx, tenantId)), message: '保存成功' };
}
