import type { Database, Tx } from '../../../platform/db/database.ts';
import { defineJob } from '../../../platform/jobs/queue.ts';
import { loadCalendars } from '../../manufacturing/index.ts';
import { dueDates, type PlanRule } from './inspection-dates.ts';

export const INSPECTION_JOB = 'sf.inspection';
export const todayKey = () => new Date().toISOString().slice(0, 10);

interface PlanRow extends PlanRule {
  id: number;
  deviceId: number;
  workCentreId: number | null;
  deviceTypeId: number | null;
  last: string | null;
}

/**
 * Creates the inspection tasks of every enabled plan due up to `asOf`, each with one empty result per
 * inspection item of the device's type. Only dates after a plan's latest task are considered, and the
 * unique (plan, due date) index makes a concurrent run on another instance insert nothing twice.
 */
export async function generateInspectionTasks(tx: Tx, tenantId: number, asOf: string): Promise<{ created: number }> {
  const plans = await tx.query<PlanRow>(
    `select p.id::int as id, p.device_id::int as "deviceId", p.every, p.unit, to_char(p.start_date, 'YYYY-MM-DD') as "startDate",
            d.work_centre_id::int as "workCentreId", d.device_type_id::int as "deviceTypeId",
            (select to_char(max(t.due_date), 'YYYY-MM-DD') from sf_inspection_task t where t.tenant_id = p.tenant_id and t.plan_id = p.id) as last
       from sf_inspection_plan p join sf_device d on d.tenant_id = p.tenant_id and d.id = p.device_id
      where p.tenant_id = $1 and p.enabled and p.start_date <= $2::date and d.status <> 'scrapped'`,
    [tenantId, asOf],
  );
  if (!plans.length) return { created: 0 };
  const cals = await loadCalendars(tx, tenantId);
  let created = 0;
  for (const p of plans) {
    const cal = (p.workCentreId && cals.byCentre.get(p.workCentreId)) || cals.default;
    for (const due of dueDates(p, cal, p.last, asOf)) {
      const task = await tx.one<{ id: number }>(
        `insert into sf_inspection_task(tenant_id, task_no, plan_id, device_id, due_date, status)
         values ($1, $2, $3, $4, $5::date, 'open') on conflict do nothing returning id::int as id`,
        [tenantId, `DJ-${p.id}-${due.replaceAll('-', '')}`, p.id, p.deviceId, due],
      );
      if (!task) continue;
      created++;
      await tx.query(
        `insert into sf_inspection_result(tenant_id, task_id, item_id)
         select $1, $2, i.id from sf_inspection_item i where i.tenant_id = $1 and i.device_type_id = $3 order by i.id`,
        [tenantId, task.id, p.deviceTypeId],
      );
    }
  }
  return { created };
}

/** Companies with an enabled inspection plan: the daily run fires for each. */
async function planTenants(db: Database): Promise<number[]> {
  const rows = await db.system((tx) =>
    tx.query<{ id: string }>(
      `select distinct p.tenant_id::text as id from sf_inspection_plan p join tenant t on t.id = p.tenant_id
        where p.enabled and t.enabled and not t.delete_flag and t.expire_time > now() order by 1`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

/** Inspection tasks as a background job (one per company at a time): daily at 00:10, and on demand. */
defineJob<{ asOf?: string }>(INSPECTION_JOB, (ctx) => ctx.tenant((tx) => generateInspectionTasks(tx, ctx.tenantId, ctx.payload.asOf ?? todayKey())), {
  singletonPerTenant: true,
  schedule: { cron: '0 10 0 * * *', tenants: planTenants },
});
