import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError, badRequest } from '../../../platform/errors.ts';
import { refuseClosedPeriod } from '../../finance/index.ts';

/**
 * 补报: a shop-floor record (a report, a start) dated in the past, as a supervisor enters yesterday's paper reports.
 * Times are the company's wall clock 'YYYY-MM-DD HH:mm:ss', as documents' oper_time carries it.
 */
export const DATETIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const text = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** A real moment not in the future (a minute's grace for the client's clock), else a refusal naming the field. */
export function pastMoment(s: string, label: string): string {
  const d = new Date(`${s.replace(' ', 'T')}Z`);
  if (Number.isNaN(d.getTime()) || text(d) !== s || d.getUTCFullYear() < 2000) throw badRequest(`${label}不是有效的时间`);
  if (d.getTime() > Date.now() + 60_000) throw new BusinessError(`${label}不能晚于当前时间`);
  return s;
}

/**
 * Refusals of a back-dated record of a work order, before anything is written: not before the work order was released
 * (`sinceStart`: not before its operation was first started either), not in a closed account period (finance's check
 * and message: the documents and journal entries it writes are dated that day).
 */
export async function checkBackdate(tx: Tx, tenantId: number, w: { id: number; wo_no: string }, at: string, label: string, sinceStart: boolean) {
  const r = await tx.one<{ released: string; started: string | null }>(
    `select to_char(w.created_at, 'YYYY-MM-DD HH24:MI:SS') as released,
            to_char((select min(e.created_at) from sf_event e where e.tenant_id = w.tenant_id and e.work_order_id = w.id and e.action = 'start'),
                    'YYYY-MM-DD HH24:MI:SS') as started
       from mfg_work_order w where w.tenant_id = $1 and w.id = $2`,
    [tenantId, w.id],
  );
  if (at < r!.released) throw new BusinessError(`${label}不能早于工单 ${w.wo_no} 的下达时间 ${r!.released}`);
  if (sinceStart && r!.started && at < r!.started) throw new BusinessError(`${label}不能早于工单 ${w.wo_no} 的开工时间 ${r!.started}`);
  await refuseClosedPeriod(tx, tenantId, at);
}
