import type { Tx } from '../../../platform/db/database.ts';
import { bucketOf } from './mrp-sql.ts';

/** The latest run of the company with its job's state and progress. */
export async function latestRun(tx: Tx, tenantId: number) {
  return (
    (await tx.one(
      `select r.id::int as id, r.status, to_char(r.plan_date, 'YYYY-MM-DD') as "planDate", r.bucket, r.items, r.demands, r.proposals, r.levels,
              r.statements, r.millis, r.error, r.started_at as "startedAt", r.finished_at as "finishedAt",
              j.id::int as "jobId", j.state as "jobState", j.progress::float8 as progress, j.progress_message as "progressMessage"
         from mfg_mrp_run r left join job j on j.tenant_id = r.tenant_id and j.id = r.job_id
        where r.tenant_id = $1 order by r.id desc limit 1`,
      [tenantId],
    )) ?? null
  );
}

/** Proposals of the latest finished run (and every confirmed one that is still there), filtered and paged. */
export async function listProposals(tx: Tx, tenantId: number, q: { kind?: string; status?: string; currentPage: number; pageSize: number }) {
  const where = [
    'p.tenant_id = $1',
    `p.run_id = (select max(id) from mfg_mrp_run where tenant_id = $1 and status = 'done')`,
    '($2::text is null or p.kind = $2)',
    '($3::text is null or p.status = $3)',
  ].join(' and ');
  const rows = await tx.query(
    `select p.id::int as id, p.kind, p.llc, p.material_id::int as "materialId", m.name as "materialName", m.standard, m.color, m.unit,
            trim_scale(p.qty)::text as qty, trim_scale(p.net_qty)::text as "netQty",
            to_char(p.need_date, 'YYYY-MM-DD') as "needDate", to_char(p.due_date, 'YYYY-MM-DD') as "dueDate",
            to_char(p.start_date, 'YYYY-MM-DD') as "startDate", p.late, p.status, p.doc_no as "docNo", count(*) over ()::int as total
       from mfg_mrp_proposal p join material m on m.tenant_id = p.tenant_id and m.id = p.material_id
      where ${where}
      order by p.llc, m.name, p.due_date, p.id
      limit $4 offset $5`,
    [tenantId, q.kind ?? null, q.status ?? null, q.pageSize, (q.currentPage - 1) * q.pageSize],
  );
  const total = rows.length ? Number((rows[0] as { total: number }).total) : 0;
  return { rows: rows.map(({ total: _t, ...r }: Record<string, unknown>) => r), total };
}

/** What substitutes covered in the latest finished run: component, substitute, need date, quantity. */
export async function substituteUses(tx: Tx, tenantId: number) {
  return tx.query(
    `select u.llc, u.material_id::int as "materialId", m.name as "materialName", u.substitute_id::int as "substituteId",
            s.name as "substituteName", to_char(u.need_date, 'YYYY-MM-DD') as "needDate", trim_scale(u.qty)::text as qty
       from mfg_mrp_substitute_use u
       join material m on m.tenant_id = u.tenant_id and m.id = u.material_id
       join material s on s.tenant_id = u.tenant_id and s.id = u.substitute_id
      where u.tenant_id = $1 and u.run_id = (select max(id) from mfg_mrp_run where tenant_id = $1 and status = 'done')
      order by u.llc, m.name, u.need_date, s.name`,
    [tenantId],
  );
}

/**
 * Pegging: the demand a proposal serves (sales order lines, safety stock, make orders, or the planned
 * make orders above it), computed when asked: the demand of its item in its bucket (day or week), by
 * need date, on one date independent rows first (in their order) then the parent proposals'
 * components (by proposal); the proposal covers the last net units of it, as the run netted them.
 */
export async function pegging(tx: Tx, tenantId: number, proposalId: number) {
  return tx.query(
    `with p as (
       select p.run_id, p.material_id, p.llc, p.need_date, p.net_qty, r.plan_date, r.bucket
         from mfg_mrp_proposal p join mfg_mrp_run r on r.tenant_id = p.tenant_id and r.id = p.run_id
        where p.tenant_id = $1 and p.id = $2),
     d as (
       select 0 as src, d.id as seq, d.id as demand_id, d.kind, d.ref_no, d.ref_id, d.need_date, d.qty, null::bigint as parent_material, null::date as parent_start
         from p join mfg_mrp_demand d on d.tenant_id = $1 and d.run_id = p.run_id and d.material_id = p.material_id
        where ${bucketOf('greatest(d.need_date, p.plan_date)', 'p.bucket')} = ${bucketOf('p.need_date', 'p.bucket')}
       union all
       select 1, pp.id, null, 'planned', null, pp.id, pp.start_date, round(pp.qty * e.per_unit, 6), pp.material_id, pp.start_date
         from p join mfg_mrp_edge e on e.tenant_id = $1 and e.run_id = p.run_id and e.child_id = p.material_id
         join mfg_mrp_proposal pp on pp.tenant_id = $1 and pp.run_id = p.run_id and pp.llc < p.llc and pp.material_id = e.parent_id and pp.kind = 'make'
        where ${bucketOf('greatest(pp.start_date, p.plan_date)', 'p.bucket')} = ${bucketOf('p.need_date', 'p.bucket')} and round(pp.qty * e.per_unit, 6) > 0),
     c as (select d.*, sum(d.qty) over (order by greatest(d.need_date, p.plan_date), d.src, d.seq) as c, sum(d.qty) over () as total from d cross join p)
     select (case when c.src = 0 then 'd' else 'p' end) || c.seq as key, c.demand_id::int as "demandId", c.kind, c.ref_no as "refNo",
            c.ref_id::int as "refId", to_char(c.need_date, 'YYYY-MM-DD') as "needDate",
            trim_scale(least(c.qty, c.c - (c.total - p.net_qty)))::text as qty, pm.name as "parentName", to_char(c.parent_start, 'YYYY-MM-DD') as "parentStart"
       from c cross join p
       left join material pm on pm.tenant_id = $1 and pm.id = c.parent_material
      where c.c - (c.total - p.net_qty) > 0
      order by c.need_date, c.src, c.seq`,
    [tenantId, proposalId],
  );
}
