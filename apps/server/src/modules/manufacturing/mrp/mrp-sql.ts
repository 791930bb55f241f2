import { planningSources } from '../../inventory/index.ts';
import { PER_UNIT, PLAN_BOMS } from '../bom/bom-sql.ts';
import { INSERT_SUBSTITUTES, SUBSTITUTE_CTES } from './mrp-substitutes.ts';

/**
 * The statements of one MRP run. Every one is set-based over the whole company: the number run
 * depends on the depth of the BOMs (one group per low-level code), never on the number of items.
 * Parameters: $1 tenant, $2 run, $3 plan date, $4 level where a statement works on one level.
 */
const { OPEN_ORDER_LINES, STOCK_ON_HAND } = planningSources;
const RUN = 'tenant_id = $1 and run_id = $2';

/**
 * Each transaction of a run first: no JIT (compiling these large statements took 4 to 5 of the 6 s of
 * INSERT_ITEMS at 10,000 items, and the level statements run once each), and room to sort and hash a
 * level's demand in memory.
 */
export const SESSION = `select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`;

export const CLEAR_OLD = [
  `delete from mfg_mrp_proposal where tenant_id = $1 and run_id <> $2 and status = 'proposed'`,
  `delete from mfg_mrp_demand where tenant_id = $1 and run_id <> $2`,
  `delete from mfg_mrp_item where tenant_id = $1 and run_id <> $2`,
  // the substitutes with the edges, in one round trip: a run sends as many statements as before substitutes
  `with s as (delete from mfg_mrp_substitute where tenant_id = $1 and run_id <> $2),
        u as (delete from mfg_mrp_substitute_use where tenant_id = $1 and run_id <> $2)
   delete from mfg_mrp_edge where tenant_id = $1 and run_id <> $2`,
  `delete from mfg_mrp_workday where tenant_id = $1 and run_id <> $2`,
];

export const INSERT_WORKDAYS = `insert into mfg_mrp_workday(tenant_id, run_id, day, ord, working)
  select $1::bigint, $2::bigint, t.d::date, t.ord, t.w from unnest($3::text[], $4::int[], $5::boolean[]) as t(d, ord, w)`;

/** The items and demand of the run (edges and days were analysed before), so the level statements get plans for their real sizes. */
export const ANALYZE = 'analyze mfg_mrp_item, mfg_mrp_demand';
/** Before the items: the edges and days just written. */
export const ANALYZE_EDGES = 'analyze mfg_mrp_edge, mfg_mrp_workday';
/** Between levels only the proposals grew. */
export const ANALYZE_PROPOSALS = 'analyze mfg_mrp_proposal(tenant_id, run_id, llc, material_id, kind)';

/**
 * Parent → child per unit of parent, through the planning BOMs, phantoms flattened into their parents;
 * in the same statement, the substitutes of the planning BOMs' lines (mrp-substitutes.ts).
 */
export const INSERT_EDGES = `with recursive pb as (${PLAN_BOMS}),
  direct as (
    select pb.material_id as parent_id, l.material_id as child_id, ${PER_UNIT} as per_unit,
           l.phantom and exists (select 1 from pb p2 where p2.material_id = l.material_id) as through
      from pb join mfg_bom_line l on l.tenant_id = $1 and l.bom_id = pb.id),
  -- via: the BOM the component's line is in (its parent, or the phantom it came through), for its substitutes
  flat(parent_id, child_id, per_unit, through, depth, via) as (
    select parent_id, child_id, per_unit, through, 1, parent_id from direct
    union all
    select f.parent_id, d.child_id, f.per_unit * d.per_unit, d.through, f.depth + 1, d.parent_id
      from flat f join direct d on d.parent_id = f.child_id where f.through and f.depth < 30),
  subs as (${INSERT_SUBSTITUTES})
  insert into mfg_mrp_edge(tenant_id, run_id, parent_id, child_id, per_unit)
  select $1::bigint, $2::bigint, parent_id, child_id, sum(per_unit) from flat where not through group by parent_id, child_id`;

const LIVE_MO_LINES = `select l.material_id, l.quantity, l.product_date, l.id, o.mo_no, o.order_date, coalesce(o.status, 'draft') as status
    from mfg_make_order_line l join mfg_make_order o on o.tenant_id = l.tenant_id and o.id = l.make_order_id
   where l.tenant_id = $1 and l.line_type = 'product' and coalesce(o.status, 'draft') <> 'done'`;

/** The items of the run: low-level code, make or buy, lot rules, stock on hand and scheduled receipts. */
export const INSERT_ITEMS = `insert into mfg_mrp_item(tenant_id, run_id, material_id, llc, make, lead_days, safety, min_lot, lot_multiple, on_hand, receipts)
  with recursive lv(material_id, depth) as (
    select distinct parent_id, 0 from mfg_mrp_edge where ${RUN}
    union
    select e.child_id, lv.depth + 1 from lv join mfg_mrp_edge e on e.tenant_id = $1 and e.run_id = $2 and e.parent_id = lv.material_id
     where lv.depth < 40),
  llc as (select material_id, max(depth) as llc from lv group by 1),
  open_lines as (${OPEN_ORDER_LINES}),
  mo as (${LIVE_MO_LINES}),
  universe as (
    select material_id from llc
    union select material_id from open_lines where doc_key = 'saleOrder'
    union select material_id from mfg_item_plan where tenant_id = $1 and safety_stock > 0
    union select material_id from mo
    union select substitute_id from mfg_mrp_substitute where ${RUN}),
  stock as (${STOCK_ON_HAND}),
  receipts as (
    select material_id, sum(q) as q from (
      select material_id, open_qty as q from open_lines where doc_key in ('purchaseOrder', 'purchaseApply')
      union all select material_id, quantity from mo) r group by 1),
  parents as (select distinct parent_id from mfg_mrp_edge where ${RUN})
  select $1::bigint, $2::bigint, u.material_id, coalesce(l.llc, 0),
         case when p.source is not null then p.source = 'make' else exists (select 1 from parents x where x.parent_id = u.material_id) end,
         coalesce(p.lead_days, 0), coalesce(p.safety_stock, 0), coalesce(p.min_lot, 0), coalesce(p.lot_multiple, 0),
         coalesce(s.qty, 0), coalesce(r.q, 0)
    from universe u left join llc l on l.material_id = u.material_id
    left join mfg_item_plan p on p.tenant_id = $1 and p.material_id = u.material_id
    left join stock s on s.material_id = u.material_id
    left join receipts r on r.material_id = u.material_id`;

/** Independent demand: open sales orders, safety stock (due on the plan date), make orders' components. */
export const INSERT_DEMAND = `insert into mfg_mrp_demand(tenant_id, run_id, material_id, need_date, qty, kind, ref_no, ref_id)
  with open_lines as (${OPEN_ORDER_LINES}), mo as (${LIVE_MO_LINES})
  select $1::bigint, $2::bigint, material_id, due_date, open_qty, 'sale', number, line_id from open_lines where doc_key = 'saleOrder'
  union all
  select $1::bigint, $2::bigint, material_id, $3::date, safety, 'safety', null, null from mfg_mrp_item where ${RUN} and safety > 0
  union all
  select $1::bigint, $2::bigint, e.child_id, coalesce(mo.product_date, mo.order_date), mo.quantity * e.per_unit, 'makeOrder', mo.mo_no, mo.id
    from mo join mfg_mrp_edge e on e.tenant_id = $1 and e.run_id = $2 and e.parent_id = mo.material_id
   where mo.status = 'draft' and round(mo.quantity * e.per_unit, 6) > 0
  union all
  select $1::bigint, $2::bigint, m.material_id, coalesce(w.planned_start::date, w.due_date, $3::date), m.qty - coalesce(m.issued_qty, 0), 'workOrder', w.wo_no, w.id
    from mfg_work_order_material m join mfg_work_order w on w.tenant_id = m.tenant_id and w.id = m.work_order_id
   where m.tenant_id = $1 and coalesce(w.status, 'planned') <> 'done' and m.qty > coalesce(m.issued_qty, 0)`;

export const LEVELS = `select coalesce(max(llc), -1)::int as "maxLevel", count(*)::int as items from mfg_mrp_item where ${RUN}`;

/**
 * The demand of one level's items: their independent demand rows, and the components of every planned
 * make order of the levels above (quantity × per unit, rounded as a stored quantity, needed on the
 * parent's start date). Dependent demand is not stored: it is these proposals × BOM edges, so pegging
 * (mrp.queries.ts) reads it the same way.
 */
const LEVEL_DEMAND = `select d.material_id, greatest(d.need_date, $3::date) as day, d.qty, ml.material_id as parent_id
    from mfg_mrp_demand d join mfg_mrp_item i on i.tenant_id = d.tenant_id and i.run_id = d.run_id and i.material_id = d.material_id
    left join mfg_make_order_line ml on d.kind = 'makeOrder' and ml.tenant_id = $1 and ml.id = d.ref_id
   where d.tenant_id = $1 and d.run_id = $2 and i.llc = $4
  union all
  select e.child_id, greatest(p.start_date, $3::date), round(p.qty * e.per_unit, 6), e.parent_id
    from mfg_mrp_item i
    join mfg_mrp_edge e on e.tenant_id = $1 and e.run_id = $2 and e.child_id = i.material_id
    join mfg_mrp_proposal p on p.tenant_id = $1 and p.run_id = $2 and p.llc < $4 and p.material_id = e.parent_id and p.kind = 'make'
   where i.tenant_id = $1 and i.run_id = $2 and i.llc = $4 and round(p.qty * e.per_unit, 6) > 0`;

/** The bucket of a need date ($5: 'day' or 'week', the ISO week from its Monday). */
export const bucketOf = (day: string, bucket: string) => `case when ${bucket} = 'week' then date_trunc('week', ${day})::date else ${day} end`;

/**
 * Net requirements of one level, time-phased by bucket ($5: day or ISO week): cumulative demand
 * against stock plus receipts; a bucket's shortfall becomes a proposal needed on the bucket's first
 * need date, due then (the working day before when it is not one), started lead-time working days
 * earlier, lot-sized by minimum and multiple. What substitutes cover of a component's shortfall is
 * taken off it first (mrp-substitutes.ts).
 */
export const INSERT_PROPOSALS = `with base as (${LEVEL_DEMAND}),
  ev as (select material_id, ${bucketOf('day', '$5::text')} as bucket, min(day) as day, sum(qty) as q from base group by 1, 2),
  cum as (select ev.*, sum(q) over (partition by material_id order by bucket) as c from ev),
  net as (
    select c.material_id, c.bucket, c.day, i.make, i.lead_days, i.min_lot, i.lot_multiple,
           greatest(0, c.c - i.on_hand - i.receipts) - greatest(0, c.c - c.q - i.on_hand - i.receipts) as n
      from cum c join mfg_mrp_item i on i.tenant_id = $1 and i.run_id = $2 and i.material_id = c.material_id),
  ${SUBSTITUTE_CTES((day) => bucketOf(day, '$5::text'))},
  short as (
    select n.material_id, n.day, n.make, n.lead_days, n.min_lot, n.lot_multiple, n.n - coalesce(v.got, 0) as n
      from net n left join covered v on v.main_id = n.material_id and v.bucket = n.bucket),
  dated as (
    select n.*, greatest(n.n, n.min_lot) as q0, greatest(1, cd.ord) as due_ord
      from short n join mfg_mrp_workday cd on cd.tenant_id = $1 and cd.run_id = $2
       and cd.day = least(n.day, (select max(day) from mfg_mrp_workday where tenant_id = $1 and run_id = $2))
     where n.n > 0)
  insert into mfg_mrp_proposal(tenant_id, run_id, material_id, kind, llc, qty, net_qty, need_date, due_date, start_date, late)
  select $1::bigint, $2::bigint, d.material_id, case when d.make then 'make' else 'buy' end, $4,
         case when d.lot_multiple > 0 then ceil(d.q0 / d.lot_multiple) * d.lot_multiple else d.q0 end,
         d.n, d.day, wd.day, ws.day, d.due_ord - d.lead_days < 1
    from dated d
    join mfg_mrp_workday wd on wd.tenant_id = $1 and wd.run_id = $2 and wd.working and wd.ord = d.due_ord
    join mfg_mrp_workday ws on ws.tenant_id = $1 and ws.run_id = $2 and ws.working and ws.ord = greatest(1, d.due_ord - d.lead_days)`;

/** Demand rows of the run: the stored independent ones and the components of its planned make orders. */
export const COUNT_DEMAND = `select (select count(*) from mfg_mrp_demand where ${RUN})::int
  + (select count(*) from mfg_mrp_proposal p join mfg_mrp_edge e on e.tenant_id = $1 and e.run_id = $2 and e.parent_id = p.material_id
      where p.tenant_id = $1 and p.run_id = $2 and p.kind = 'make' and round(p.qty * e.per_unit, 6) > 0)::int as demands,
  (select count(*) from mfg_mrp_proposal where ${RUN})::int as proposals`;
