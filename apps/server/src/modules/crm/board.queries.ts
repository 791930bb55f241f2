import Decimal from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { CUSTOMER, checkUser } from './customer-access.ts';
import { addDays, today } from '../../platform/clock.ts';
import { stages } from './stages.ts';
import { crmSetting } from './setting.service.ts';

/** Cards read per column: the board shows the most recently moved; the column's count and totals cover all. */
const CARDS_PER_STAGE = 100;

export interface BoardFilter {
  ownerId?: number;
  partnerId?: number;
}

/**
 * 商机看板: the open opportunities by stage, each column with its count, its total in the company currency and the
 * total weighted by the stage's probability (twentyhq/twenty#8913: per-stage totals).
 */
export async function board(tx: Tx, tenantId: number, f: BoardFilter) {
  // a filter naming someone outside the company is refused, not answered with an empty board
  if (f.ownerId) await checkUser(tx, tenantId, f.ownerId);
  if (f.partnerId) {
    const p = await tx.one('select 1 from partner where tenant_id = $1 and id = $2 and type = $3 and not delete_flag', [tenantId, f.partnerId, CUSTOMER]);
    if (!p) throw notFound('客户不存在');
  }
  const cols = await stages(tx, tenantId);
  const params = [tenantId, f.ownerId ?? null, f.partnerId ?? null];
  const match = `o.tenant_id = $1 and o.status = 'open' and not o.delete_flag and ($2::bigint is null or o.owner_id = $2) and ($3::bigint is null or o.partner_id = $3)`;
  const sums = await tx.query<{ stageId: number; n: number; total: string }>(
    `select o.stage_id::int as "stageId", count(*)::int as n, sum(o.base_amount)::text as total from crm_opportunity o where ${match} group by o.stage_id`,
    params,
  );
  const cards = await tx.query<{ stageId: number }>(
    `select s.id::int as "stageId", c.* from crm_stage s cross join lateral (
       select o.id::int as id, o.name, o.partner_id::int as "partnerId", p.name as "partnerName", o.owner_id::int as "ownerId", u.username as "ownerName",
              o.currency, o.amount::text as amount, o.base_amount::text as "baseAmount", to_char(o.expected_close, 'YYYY-MM-DD') as "expectedClose"
         from crm_opportunity o join partner p on p.tenant_id = o.tenant_id and p.id = o.partner_id
         join sys_user u on u.tenant_id = o.tenant_id and u.id = o.owner_id
        where ${match} and o.stage_id = s.id order by o.updated_at desc, o.id desc limit ${CARDS_PER_STAGE}) c
      where s.tenant_id = $1 and s.id = any($4::bigint[])`,
    [...params, cols.map((c) => c.id)],
  );
  const { baseCurrency } = await crmSetting(tx, tenantId);
  return {
    baseCurrency,
    stages: cols.map((s) => {
      const sum = sums.find((x) => x.stageId === s.id);
      const total = new Decimal(sum?.total ?? 0);
      return {
        ...s,
        count: sum?.n ?? 0,
        total: total.toFixed(2),
        weighted: total.times(s.probability).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
        cards: cards.filter((c) => c.stageId === s.id).map(({ stageId: _s, ...c }) => c),
      };
    }),
  };
}

/** One opportunity with its products and tasks. */
export async function opportunityDetail(tx: Tx, tenantId: number, id: number) {
  const o = await tx.one(
    `select o.id::int as id, o.name, o.partner_id::int as "partnerId", p.name as "partnerName", o.owner_id::int as "ownerId", u.username as "ownerName",
            o.stage_id::int as "stageId", s.name as "stageName", s.probability::text as probability, o.currency, o.amount::text as amount,
            o.rate::text as rate, o.base_amount::text as "baseAmount", to_char(o.rate_date, 'YYYY-MM-DD') as "rateDate",
            to_char(o.expected_close, 'YYYY-MM-DD') as "expectedClose", o.status, o.close_reason as "closeReason", o.remark
       from crm_opportunity o join partner p on p.tenant_id = o.tenant_id and p.id = o.partner_id
       join sys_user u on u.tenant_id = o.tenant_id and u.id = o.owner_id join crm_stage s on s.tenant_id = o.tenant_id and s.id = o.stage_id
      where o.tenant_id = $1 and o.id = $2 and not o.delete_flag`,
    [tenantId, id],
  );
  if (!o) throw notFound('商机不存在');
  const lines = await tx.query(
    `select l.material_id::int as "materialId", m.name as "materialName", l.qty::text as qty, l.price::text as price, l.amount::text as amount
       from crm_opportunity_line l join material m on m.tenant_id = l.tenant_id and m.id = l.material_id
      where l.tenant_id = $1 and l.opportunity_id = $2 order by l.id`,
    [tenantId, id],
  );
  const tasks = await tx.query(
    `select k.id::int as id, k.title, to_char(k.due_date, 'YYYY-MM-DD') as "dueDate", k.assignee_id::int as "assigneeId", u.username as "assigneeName", k.done
       from crm_task k join sys_user u on u.tenant_id = k.tenant_id and u.id = k.assignee_id
      where k.tenant_id = $1 and k.opportunity_id = $2 order by k.due_date, k.id`,
    [tenantId, id],
  );
  return { ...o, lines, tasks };
}

/** 销售仪表盘: the funnel (open opportunities by stage), won amount by month over a year, and follow-ups due. */
export async function dashboard(tx: Tx, tenantId: number, ownerId: number | null) {
  const b = await board(tx, tenantId, { ownerId: ownerId ?? undefined });
  const from = `${addDays(today(), -365).slice(0, 7)}-01`;
  const won = await tx.query<{ month: string; total: string; n: number }>(
    `select to_char(closed_at, 'YYYY-MM') as month, sum(base_amount)::text as total, count(*)::int as n from crm_opportunity
      where tenant_id = $1 and status = 'won' and not delete_flag and closed_at >= $2::date and ($3::bigint is null or owner_id = $3)
      group by 1 order by 1`,
    [tenantId, from, ownerId],
  );
  return {
    baseCurrency: b.baseCurrency,
    funnel: b.stages.map((s) => ({ stageId: s.id, name: s.name, count: s.count, total: s.total })),
    wonByMonth: won.map((w) => ({ ...w, total: new Decimal(w.total).toFixed(2) })),
  };
}
