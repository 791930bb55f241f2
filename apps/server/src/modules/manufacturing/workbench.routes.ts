import type { Tx } from '../../platform/db/database.ts';
import { defineRoute, type RouteSpec } from '../../platform/http/route.ts';

/** The manufacturing workbench's figures (生产工作台, issue 16): what waits on a planner, in one statement. */
export async function workbenchFigures(tx: Tx, tenantId: number) {
  return tx.one(
    `with run as (select id, plan_date, finished_at from mfg_mrp_run where tenant_id = $1 and status = 'done' order by id desc limit 1),
          wo as (select w.status, w.planned_end, w.due_date from mfg_work_order w where w.tenant_id = $1 and coalesce(w.status, 'planned') <> 'done')
     select (select count(*) from mfg_make_order where tenant_id = $1 and coalesce(status, 'draft') = 'draft')::int as "draftOrders",
            (select count(*) from mfg_make_order where tenant_id = $1 and status = 'released')::int as "releasedOrders",
            (select count(*) from wo)::int as "openWorkOrders",
            (select count(*) from wo where status in ('started', 'paused'))::int as "startedWorkOrders",
            (select count(*) from wo where due_date is not null and (planned_end::date > due_date or due_date < current_date))::int as "lateWorkOrders",
            (select count(*) from mfg_mrp_proposal p, run where p.tenant_id = $1 and p.run_id = run.id and p.status = 'proposed' and p.kind = 'make')::int as "plannedMake",
            (select count(*) from mfg_mrp_proposal p, run where p.tenant_id = $1 and p.run_id = run.id and p.status = 'proposed' and p.kind = 'buy')::int as "plannedBuy",
            (select to_char(plan_date, 'YYYY-MM-DD') from run) as "lastPlanDate"`,
    [tenantId],
  );
}

export const workbenchRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/manufacture/workbenchData',
    summary:
      'Manufacturing workbench: make orders in draft and released, open, started and late work orders, MRP proposals awaiting confirmation, the last run',
    tags: ['manufacturing'],
    access: { menu: '/manufacture/workbench' },
    handler: ({ tx, session }) => workbenchFigures(tx, session.tenantId),
  }),
];
