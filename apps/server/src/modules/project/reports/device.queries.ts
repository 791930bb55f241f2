import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { visibleProjectAnd } from '../access.ts';
import type { ReportPage } from './progress.queries.ts';

/**
 * 设备进度 (device progress): per project and device (the material of its procurement needs), how far the
 * equipment has come — needed, requested (needs in a 请购单), ordered (purchase order lines made from those
 * request lines: the request lines' finished quantity) and received (purchase inbound lines against those order
 * lines: the order lines' finished quantity), the received share, the first needed-by date and the stage. A line
 * is late when its first needed-by date is before `asOf` and not everything has arrived. Grouped joins over the
 * needs, their request lines and the order lines that link to them (indexed by header and link), no per-row subquery.
 */
export interface DeviceFilter {
  asOf?: string;
  projectId?: number;
  keyword?: string;
  lateOnly?: boolean;
}

export type DeviceStage = 'open' | 'requested' | 'ordered' | 'partial' | 'received';

export async function deviceProgress(tx: Tx, s: Session, f: DeviceFilter, page: { currentPage: number; pageSize: number }): Promise<ReportPage> {
  const asOf = f.asOf ?? new Date().toISOString().slice(0, 10);
  const rows = await tx.query<Record<string, unknown> & { total: number }>(
    `with n as (
       select n.project_id, n.material_id, n.qty, n.need_date, n.status, n.request_id, n.request_number
         from proj_procurement_need n join proj_project p on p.tenant_id = n.tenant_id and p.id = n.project_id
        where n.tenant_id = $1 and not p.delete_flag ${visibleProjectAnd(s, 'p', 2)} and ($4::bigint is null or n.project_id = $4)),
     need as (
       select project_id, material_id, sum(qty) as qty, sum(qty) filter (where status = 'requested') as requested,
              min(need_date) as first_need, string_agg(distinct request_number, ', ') as requests
         from n group by project_id, material_id),
     req as (select distinct project_id, material_id, request_id from n where request_id is not null),
     ri as (
       select r.project_id, r.material_id, i.id as item_id, i.finished_number
         from req r join depot_item i on i.tenant_id = $1 and i.header_id = r.request_id and i.material_id = r.material_id and not i.delete_flag),
     ordered as (select project_id, material_id, sum(finished_number) as q from ri group by project_id, material_id),
     received as (
       select ri.project_id, ri.material_id, sum(o.finished_number) as q
         from ri join depot_item o on o.tenant_id = $1 and o.link_id = ri.item_id and not o.delete_flag
        group by ri.project_id, ri.material_id)
     select p.id::int as "projectId", p.number as "projectNumber", p.name as "projectName", m.id::int as "materialId",
            m.name as "materialName", m.standard, m.unit, need.qty::text as qty, coalesce(need.requested, 0)::numeric(24,6)::text as requested,
            coalesce(o.q, 0)::numeric(24,6)::text as ordered, coalesce(r.q, 0)::numeric(24,6)::text as received,
            round(least(coalesce(r.q, 0), need.qty) * 100 / need.qty, 1)::text as percent,
            to_char(need.first_need, 'YYYY-MM-DD') as "needDate", need.requests,
            case when coalesce(r.q, 0) >= need.qty then 'received' when coalesce(r.q, 0) > 0 then 'partial'
                 when coalesce(o.q, 0) > 0 then 'ordered' when coalesce(need.requested, 0) > 0 then 'requested' else 'open' end as stage,
            (need.first_need < $3::date and coalesce(r.q, 0) < need.qty) as late,
            count(*) over ()::int as total
       from need
       join proj_project p on p.tenant_id = $1 and p.id = need.project_id
       join material m on m.tenant_id = $1 and m.id = need.material_id
       left join ordered o on o.project_id = need.project_id and o.material_id = need.material_id
       left join received r on r.project_id = need.project_id and r.material_id = need.material_id
      where ($5::text is null or m.name ilike $5 or p.name ilike $5 or p.number ilike $5)
        and (not $6::boolean or (need.first_need < $3::date and coalesce(r.q, 0) < need.qty))
      order by (need.first_need < $3::date and coalesce(r.q, 0) < need.qty) desc, need.first_need, p.id desc, m.id
      limit $7 offset $8`,
    [
      s.tenantId,
      s.userId,
      asOf,
      f.projectId ?? null,
      f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
      !!f.lateOnly,
      page.pageSize,
      (page.currentPage - 1) * page.pageSize,
    ],
  );
  const total: number = rows[0]?.total ?? (page.currentPage > 1 ? (await deviceProgress(tx, s, { ...f, asOf }, { currentPage: 1, pageSize: 1 })).total : 0);
  return { rows: rows.map(({ total: _t, ...r }) => r), total, asOf };
}
