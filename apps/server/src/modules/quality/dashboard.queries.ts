import type { Tx } from '../../platform/db/database.ts';

/** Pass rate rows of one grouping: decided inspections, passed ones, and the rate in percent (two decimals). */
const rateBy = (key: string, name: string, join: string, only = '') => `
  select ${name} as name, count(*)::int as total, count(*) filter (where q.status = 'pass')::int as passed,
         round(100.0 * count(*) filter (where q.status = 'pass') / count(*), 2)::float8 as rate
    from quality_inspection q ${join}
   where q.tenant_id = $1 and q.status <> 'pending' and q.inspected_at >= $2::timestamptz ${only}
   group by ${key}, ${name} order by total desc, name limit 20`;

/**
 * The quality-check dashboard (SPEC §9: the last 3 days): inspections per day by verdict, pass rate by
 * supplier, material and inspector, and the defect Pareto (defective results by defect type, with the cumulative share).
 */
export async function qualityDashboard(tx: Tx, tenantId: number, days: number) {
  const since = new Date(Date.now() - days * 86_400_000);
  since.setHours(0, 0, 0, 0);
  const from = since.toISOString();
  const byDay = await tx.query(
    `select to_char(q.created_at, 'YYYY-MM-DD') as day, count(*)::int as total,
            count(*) filter (where q.status = 'pass')::int as pass, count(*) filter (where q.status = 'fail')::int as fail,
            count(*) filter (where q.status = 'concession')::int as concession, count(*) filter (where q.status = 'pending')::int as pending
       from quality_inspection q where q.tenant_id = $1 and q.created_at >= $2::timestamptz group by 1 order by 1`,
    [tenantId, from],
  );
  const bySupplier = await tx.query(
    // suppliers: the incoming lots (in-process lots have none, outgoing ones a customer)
    rateBy('q.partner_id', `coalesce(p.name, '—')`, 'left join partner p on p.tenant_id = q.tenant_id and p.id = q.partner_id', `and q.stage = 'incoming'`),
    [tenantId, from],
  );
  const byMaterial = await tx.query(rateBy('q.material_id', 'm.name', 'join material m on m.tenant_id = q.tenant_id and m.id = q.material_id'), [
    tenantId,
    from,
  ]);
  const byInspector = await tx.query(
    rateBy('q.inspector_id', `coalesce(u.username, '—')`, 'left join sys_user u on u.tenant_id = q.tenant_id and u.id = q.inspector_id'),
    [tenantId, from],
  );
  const defects = await tx.query<{ name: string; count: number }>(
    `select coalesce(t.name, d.name) as name, count(*)::int as count
       from quality_inspection_result r
       join quality_inspection q on q.tenant_id = r.tenant_id and q.id = r.inspection_id
       join quality_detection_item d on d.tenant_id = r.tenant_id and d.id = r.item_id
       left join defect_type t on t.tenant_id = r.tenant_id and t.id = r.defect_type_id
      where r.tenant_id = $1 and not r.ok and q.created_at >= $2::timestamptz
      group by 1 order by 2 desc, 1 limit 20`,
    [tenantId, from],
  );
  const all = defects.reduce((s, d) => s + d.count, 0);
  let run = 0;
  const pareto = defects.map((d) => ({ ...d, cumulative: Math.round((10000 * (run += d.count)) / all) / 100 }));
  return { since: from.slice(0, 10), days, byDay, bySupplier, byMaterial, byInspector, pareto };
}
