/**
 * Substitutes in MRP netting (issue 16). A BOM line's substitutes (its own 替代料 first, then the BOM's
 * substitutes of that component by priority) cover a shortage of the component from their free stock
 * before the component is proposed. Parameters as in mrp-sql.ts: $1 tenant, $2 run, $4 level.
 */

/** At most this many substitutes of one component under one parent are drawn on, in rank order. */
export const SUBSTITUTE_RANKS = 3;

/**
 * A CTE body (inside INSERT_EDGES, over its `pb` and `flat`): the run's substitutes per parent and component, ranked.
 * A component under a phantom is the parent's (the edges flatten phantoms), with the substitutes its phantom's BOM
 * gives it (`flat.via`). Written in the edges' statement, so the run sends no statement more for them.
 */
export const INSERT_SUBSTITUTES = `insert into mfg_mrp_substitute(tenant_id, run_id, parent_id, child_id, substitute_id, rank)
    select $1::bigint, $2::bigint, parent_id, child_id, sub_id, rank from (
      select f.parent_id, c.child_id, c.sub_id, row_number() over (partition by f.parent_id, c.child_id order by min(c.priority), c.sub_id)::int as rank
        from (select pb.material_id as bom_of, l.material_id as child_id, l.substitute_id as sub_id, 0 as priority
                from pb join mfg_bom_line l on l.tenant_id = $1 and l.bom_id = pb.id where l.substitute_id is not null
              union all
              select pb.material_id, s.material_id, s.substitute_id, s.priority
                from pb join mfg_bom_substitute s on s.tenant_id = $1 and s.bom_id = pb.id) c
        join (select distinct parent_id, via, child_id from flat where not through) f on f.via = c.bom_of and f.child_id = c.child_id
       where c.sub_id <> c.child_id
       group by f.parent_id, c.child_id, c.sub_id) r
     where rank <= ${SUBSTITUTE_RANKS}
    returning 1`;

const USED_NONE = `select null::bigint as main_id, null::date as bucket, null::bigint as sub_id, null::date as day, 0::numeric as got where false`;

/**
 * One round: each shortage bucket of a component claims from its substitute of this rank what is
 * still short (at most the bucket's demand from parents whose line names that substitute); a
 * substitute's free stock goes to the claims by need date, then component, what earlier rounds took
 * already gone.
 */
const round = (k: number) => `
  c${k} as (
    select c.main_id, c.bucket, c.sub_id, n.day,
           greatest(0, least(n.n - coalesce((select sum(u.got) from used${k - 1} u where u.main_id = c.main_id and u.bucket = c.bucket), 0), c.allowed)) as want
      from claimable c join net n on n.material_id = c.main_id and n.bucket = c.bucket
     where c.rank = ${k} and n.n > 0),
  g${k} as (
    select c.main_id, c.bucket, c.sub_id, c.day,
           least(c.want, greatest(0, f.free - coalesce((select sum(u.got) from used${k - 1} u where u.sub_id = c.sub_id), 0)
                 - (sum(c.want) over (partition by c.sub_id order by c.day, c.main_id, c.bucket) - c.want))) as got
      from c${k} c join free f on f.sub_id = c.sub_id),
  used${k} as (select * from used${k - 1} union all select main_id, bucket, sub_id, day, got from g${k} where got > 0)`;

/**
 * CTEs after INSERT_PROPOSALS' `base` (a level's demand rows with the parent they come from) and `net`
 * (each item's shortfall per bucket): what substitutes cover (`covered`, per component and bucket),
 * recorded in mfg_mrp_substitute_use. A substitute is drawn on only once all its own demand is known
 * (its low-level code not below the level's), and only its free stock: the stock on hand not needed by
 * its own demand (safety stock included) less its receipts' shortfall, less what earlier levels took.
 */
export const SUBSTITUTE_CTES = (bucket: (day: string) => string) => `
  claimable as (
    select b.material_id as main_id, ${bucket('b.day')} as bucket, s.substitute_id as sub_id, s.rank, sum(b.qty) as allowed
      from base b
      join mfg_mrp_substitute s on s.tenant_id = $1 and s.run_id = $2 and s.parent_id = b.parent_id and s.child_id = b.material_id
      join mfg_mrp_item si on si.tenant_id = $1 and si.run_id = $2 and si.material_id = s.substitute_id and si.llc <= $4
     group by 1, 2, 3, 4),
  free as (
    select si.material_id as sub_id,
           greatest(0, least(si.on_hand, si.on_hand + si.receipts
             - coalesce((select sum(d.qty) from mfg_mrp_demand d where d.tenant_id = $1 and d.run_id = $2 and d.material_id = si.material_id), 0)
             - coalesce((select sum(round(p.qty * e.per_unit, 6)) from mfg_mrp_edge e
                           join mfg_mrp_proposal p on p.tenant_id = $1 and p.run_id = $2 and p.material_id = e.parent_id and p.kind = 'make' and p.llc < $4
                          where e.tenant_id = $1 and e.run_id = $2 and e.child_id = si.material_id), 0)
             - coalesce((select sum(u.qty) from mfg_mrp_substitute_use u where u.tenant_id = $1 and u.run_id = $2 and u.substitute_id = si.material_id), 0))) as free
      from mfg_mrp_item si where si.tenant_id = $1 and si.run_id = $2 and si.material_id in (select sub_id from claimable)),
  used0 as (${USED_NONE}),${Array.from({ length: SUBSTITUTE_RANKS }, (_, i) => round(i + 1)).join(',')},
  saved as (
    insert into mfg_mrp_substitute_use(tenant_id, run_id, llc, material_id, substitute_id, need_date, qty)
    select $1::bigint, $2::bigint, $4, main_id, sub_id, min(day), sum(got) from used${SUBSTITUTE_RANKS} group by main_id, bucket, sub_id
    returning 1),
  covered as (select main_id, bucket, sum(got) as got from used${SUBSTITUTE_RANKS} group by 1, 2)`;
