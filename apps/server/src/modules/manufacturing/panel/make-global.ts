import type { Tx } from '../../../platform/db/database.ts';
import { workbenchFigures } from '../workbench.routes.ts';

/**
 * The production head's overall view (make-global): the planner's figures of 生产工作台 plus what waits on the shop
 * floor — units held for in-process inspection, today's production tasks — and today's and this week's output.
 */
export async function makeGlobal(tx: Tx, tenantId: number) {
  const planner = await workbenchFigures(tx, tenantId);
  const floor = await tx.one(
    `select (select count(*) from mfg_work_order where tenant_id = $1 and held_qty > 0)::int as "heldWorkOrders",
            (select trim_scale(coalesce(sum(held_qty), 0))::text from mfg_work_order where tenant_id = $1 and held_qty > 0) as "heldQty",
            (select count(*) from mfg_production_task where tenant_id = $1 and plan_date = current_date)::int as "tasksToday",
            (select count(*) from mfg_production_task where tenant_id = $1 and plan_date = current_date and status = 'done')::int as "tasksTodayDone",
            (select count(*) from mfg_make_order where tenant_id = $1 and status = 'released' and promised_date < current_date)::int as "lateOrders",
            (select trim_scale(coalesce(sum(r.good_qty) filter (where r.report_day = current_date), 0))::text
               from sf_report r join mfg_work_order w on w.tenant_id = r.tenant_id and w.id = r.work_order_id
              where r.tenant_id = $1 and r.report_day >= current_date - 6
                and not exists (select 1 from mfg_work_order n where n.tenant_id = w.tenant_id and n.make_order_line_id = w.make_order_line_id and n.seq > w.seq)) as "outputToday",
            (select trim_scale(coalesce(sum(r.good_qty), 0))::text
               from sf_report r join mfg_work_order w on w.tenant_id = r.tenant_id and w.id = r.work_order_id
              where r.tenant_id = $1 and r.report_day >= current_date - 6
                and not exists (select 1 from mfg_work_order n where n.tenant_id = w.tenant_id and n.make_order_line_id = w.make_order_line_id and n.seq > w.seq)) as "outputWeek"`,
    [tenantId],
  );
  return { ...(planner as object), ...(floor as object), today: new Date().toISOString().slice(0, 10) };
}
