import type { Tx } from '../../../platform/db/database.ts';
import { notFound } from '../../../platform/errors.ts';
import { gridOf, stylesOf } from './size-grid.ts';

/**
 * A production task's grid: the tasks of its make order on its day and work centre whose products are variants of
 * its product's style, by colour × size (the day's share of each variant). Null grid for a product in no style.
 */
export async function taskSizes(tx: Tx, tenantId: number, id: number) {
  const task = await tx.one<{ task_no: string; material_id: number; make_order_id: number | null; plan_date: string; work_centre_id: number }>(
    `select task_no, material_id::int as material_id, make_order_id::int as make_order_id, to_char(plan_date, 'YYYY-MM-DD') as plan_date,
            work_centre_id::int as work_centre_id
       from mfg_production_task where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  if (!task) throw notFound('生产任务不存在');
  const style = (await stylesOf(tx, tenantId, [task.material_id])).byMaterial.get(task.material_id);
  if (!style) return { taskNo: task.task_no, planDate: task.plan_date, grid: null };
  const rows = await tx.query<{ material_id: number; quantity: string }>(
    `select material_id::int as material_id, quantity::text as quantity from mfg_production_task
      where tenant_id = $1 and plan_date = $2::date and work_centre_id = $3 and make_order_id is not distinct from $4 and material_id = any($5::bigint[])`,
    [tenantId, task.plan_date, task.work_centre_id, task.make_order_id, style.variants.map((v) => v.materialId)],
  );
  return { taskNo: task.task_no, planDate: task.plan_date, grid: gridOf(style, rows) };
}

/**
 * A planned make order's grid (生产需求): the latest run's planned make orders of the variants of its product's style
 * — the same need date's — by colour × size. Null grid for a product in no style.
 */
export async function proposalSizes(tx: Tx, tenantId: number, id: number) {
  const p = await tx.one<{ run_id: number; material_id: number; kind: string; need_date: string }>(
    `select run_id::int as run_id, material_id::int as material_id, kind, to_char(need_date, 'YYYY-MM-DD') as need_date
       from mfg_mrp_proposal where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  if (!p) throw notFound('MRP建议不存在');
  const style = (await stylesOf(tx, tenantId, [p.material_id])).byMaterial.get(p.material_id);
  if (!style) return { needDate: p.need_date, grid: null };
  const rows = await tx.query<{ material_id: number; quantity: string }>(
    `select material_id::int as material_id, qty::text as quantity from mfg_mrp_proposal
      where tenant_id = $1 and run_id = $2 and kind = $3 and need_date = $4::date and material_id = any($5::bigint[])`,
    [tenantId, p.run_id, p.kind, p.need_date, style.variants.map((v) => v.materialId)],
  );
  return { needDate: p.need_date, grid: gridOf(style, rows) };
}
