import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { readSettings } from './settings.ts';
import { findByCode, loadWorkOrder, receivedQty } from './work-order-state.ts';

/** What a workstation shows after a scan: the operation, what it received, what it may still report, its progress. */
export async function scanWorkOrder(tx: Tx, tenantId: number, code: string) {
  const id = await findByCode(tx, tenantId, code);
  return workOrderCard(tx, tenantId, id);
}

export async function workOrderCard(tx: Tx, tenantId: number, id: number) {
  const w = await loadWorkOrder(tx, tenantId, id, false);
  const names = await tx.one<{ product: string; centre: string; process: string | null; mo_no: string | null }>(
    `select m.name as product, c.name as centre, p.name as process, o.mo_no
       from mfg_work_order w join material m on m.tenant_id = w.tenant_id and m.id = w.material_id
       join mfg_work_centre c on c.tenant_id = w.tenant_id and c.id = w.work_centre_id
       left join mfg_process p on p.tenant_id = w.tenant_id and p.id = w.process_id
       left join mfg_make_order o on o.tenant_id = w.tenant_id and o.id = w.make_order_id
      where w.tenant_id = $1 and w.id = $2`,
    [tenantId, id],
  );
  const received = await receivedQty(tx, tenantId, w);
  const { overReportPct } = await readSettings(tx, tenantId);
  const good = new Decimal(w.good_qty ?? 0);
  const scrap = new Decimal(w.scrap_qty ?? 0);
  const allowed = received.times(new Decimal(100).plus(overReportPct)).div(100);
  return {
    id: w.id,
    woNo: w.wo_no,
    moNo: names?.mo_no ?? null,
    seq: w.seq,
    status: w.status ?? 'planned',
    product: names?.product ?? '',
    workCentre: names?.centre ?? '',
    process: names?.process ?? null,
    quantity: new Decimal(w.quantity).toFixed(),
    received: received.toFixed(),
    goodQty: good.toFixed(),
    scrapQty: scrap.toFixed(),
    available: Decimal.max(allowed.minus(good).minus(scrap), 0).toFixed(),
    progress: Number(good.div(w.quantity).times(100).toDecimalPlaces(1)),
  };
}
