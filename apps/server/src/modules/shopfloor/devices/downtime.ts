import type { Tx } from '../../../platform/db/database.ts';
import { addCapacityBlocker, type CapacityBlock } from '../../manufacturing/index.ts';

const toDate = (s: string) => new Date(`${s.replace(' ', 'T')}Z`);

/** Repair orders' downtime on devices that stand at a work centre: open ones without an end block a week. */
export async function deviceDowntime(tx: Tx, tenantId: number): Promise<CapacityBlock[]> {
  const rows = await tx.query<{ centre: number; s: string; e: string }>(
    `select d.work_centre_id::int as centre, to_char(r.down_from, 'YYYY-MM-DD HH24:MI:SS') as s,
            to_char(coalesce(r.down_to, r.down_from + interval '7 days'), 'YYYY-MM-DD HH24:MI:SS') as e
       from sf_repair_order r join sf_device d on d.tenant_id = r.tenant_id and d.id = r.device_id
      where r.tenant_id = $1 and d.work_centre_id is not null and r.down_from is not null
        and (r.down_to is not null or r.status <> 'closed') and coalesce(r.down_to, r.down_from + interval '7 days') > r.down_from`,
    [tenantId],
  );
  return rows.map((r) => ({ centre: r.centre, start: toDate(r.s), end: toDate(r.e) }));
}

addCapacityBlocker(deviceDowntime);
