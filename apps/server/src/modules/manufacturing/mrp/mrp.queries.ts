import type { Tx } from '../../../platform/db/database.ts';

/** The latest run of the company with its job's state and progress. */
export async function latestRun(tx: Tx, tenantId: number) {
  return (
    (await tx.one(
      `select r.id::int as id, r.status, to_char(r.plan_date, 'YYYY-MM-DD') as "planDate", r.items, r.demands, r.proposals, r.levels,
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
    `select p.id::int as id, p.kind, p.llc, p.material_id::int as "materialId", m.name as "materialName", m.standard, m.unit,
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

/** Pegging: the demand a proposal serves (sales order lines, safety stock, make orders, or the parent proposals). */
export async function pegging(tx: Tx, tenantId: number, proposalId: number) {
  return tx.query(
    `select d.id::int as "demandId", d.kind, d.ref_no as "refNo", d.ref_id::int as "refId", to_char(d.need_date, 'YYYY-MM-DD') as "needDate",
            trim_scale(g.qty)::text as qty, pm.name as "parentName", to_char(pp.start_date, 'YYYY-MM-DD') as "parentStart"
       from mfg_mrp_peg g join mfg_mrp_demand d on d.tenant_id = g.tenant_id and d.id = g.demand_id
       left join mfg_mrp_proposal pp on d.kind = 'planned' and pp.tenant_id = d.tenant_id and pp.id = d.ref_id
       left join material pm on pm.tenant_id = pp.tenant_id and pm.id = pp.material_id
      where g.tenant_id = $1 and g.proposal_id = $2
      order by d.need_date, d.id`,
    [tenantId, proposalId],
  );
}
