import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { addDays, today } from '../../platform/clock.ts';
import { depositSummary } from './money.queries.ts';

/** Won ÷ (won + lost) as a percentage with two decimals; null before any result. */
const rate = (won: number, lost: number) =>
  won + lost
    ? new Decimal(won)
        .times(100)
        .div(won + lost)
        .toFixed(2)
    : null;

/**
 * Win rate and price gap across the projects with a result: per project our opening price, the winning
 * price, the lowest price and our gap to the winner in percent; the win rate overall and per tendering party.
 */
export async function bidAnalysis(tx: Tx, tenantId: number) {
  const projects = await tx.query<Record<string, any>>(
    `select p.id, p.name, p.status, pt.name as "tendererName", to_char(p.result_date, 'YYYY-MM-DD') as "resultDate",
            s.opening_price::text as "ourPrice", w.name as "winnerName", w.opening_price::text as "winningPrice",
            (select min(b.opening_price)::text from bid_bidder b where b.tenant_id = p.tenant_id and b.project_id = p.id) as "lowestPrice",
            (select count(*)::int from bid_bidder b where b.tenant_id = p.tenant_id and b.project_id = p.id) as bidders
       from bid_project p join partner pt on pt.tenant_id = p.tenant_id and pt.id = p.tenderer_id
       left join bid_bidder s on s.tenant_id = p.tenant_id and s.project_id = p.id and s.is_self
       left join bid_bidder w on w.tenant_id = p.tenant_id and w.project_id = p.id and w.winner
      where p.tenant_id = $1 and not p.delete_flag
        and (p.status in ('won', 'lost') or exists (select 1 from bid_status_log l where l.tenant_id = p.tenant_id and l.project_id = p.id and l.to_status in ('won', 'lost')))
      order by p.result_date desc nulls last, p.id desc`,
    [tenantId],
  );
  const rows = projects.map((p) => ({
    ...p,
    id: Number(p.id),
    gapPercent:
      p.ourPrice != null && p.winningPrice != null && !new Decimal(p.winningPrice).isZero()
        ? new Decimal(p.ourPrice).minus(p.winningPrice).times(100).div(p.winningPrice).toFixed(2)
        : null,
  }));
  const won = await tx.query<{ party: string; won: number; lost: number }>(
    `select pt.name as party, count(*) filter (where l.to_status = 'won')::int as won, count(*) filter (where l.to_status = 'lost')::int as lost
       from bid_status_log l join bid_project p on p.tenant_id = l.tenant_id and p.id = l.project_id and not p.delete_flag
       join partner pt on pt.tenant_id = p.tenant_id and pt.id = p.tenderer_id
      where l.tenant_id = $1 and l.to_status in ('won', 'lost') group by pt.name order by pt.name`,
    [tenantId],
  );
  const totalWon = won.reduce((s, r) => s + r.won, 0);
  const totalLost = won.reduce((s, r) => s + r.lost, 0);
  return {
    won: totalWon,
    lost: totalLost,
    winRate: rate(totalWon, totalLost),
    byParty: won.map((r) => ({ ...r, winRate: rate(r.won, r.lost) })),
    projects: rows,
  };
}

/** The bidding dashboard: the pipeline by status, the win rate, the deposits outstanding and overdue. */
export async function bidDashboard(tx: Tx, tenantId: number) {
  const pipeline = await tx.query<{ status: string; count: number; budget: string }>(
    `select status, count(*)::int as count, coalesce(sum(budget), 0)::text as budget from bid_project
      where tenant_id = $1 and not delete_flag group by status`,
    [tenantId],
  );
  const a = await bidAnalysis(tx, tenantId);
  const d = await depositSummary(tx, tenantId);
  return { pipeline, won: a.won, lost: a.lost, winRate: a.winRate, depositOutstanding: d.total, depositOverdue: d.overdue, byParty: a.byParty };
}

/** The bid workbench: what needs doing in the next `days` days — registrations and openings due, approvals, deposits to recover. */
export async function bidWorkbench(tx: Tx, tenantId: number, days = 14) {
  const from = today();
  const to = addDays(from, days);
  const due = await tx.query(
    `select id, name, status, to_char(registration_deadline, 'YYYY-MM-DD') as "registrationDeadline", to_char(opening_date, 'YYYY-MM-DD') as "openingDate"
       from bid_project where tenant_id = $1 and not delete_flag and status in ('info', 'survey', 'qualification', 'registration', 'proposal', 'opening')
        and (registration_deadline between $2::date and $3::date or opening_date between $2::date and $3::date)
      order by least(coalesce(registration_deadline, opening_date), coalesce(opening_date, registration_deadline)), id`,
    [tenantId, from, to],
  );
  const pending = await tx.query(
    `select m.id, m.number, m.kind, m.amount::text, m.status, p.name as "projectName" from bid_money m
       join bid_project p on p.tenant_id = m.tenant_id and p.id = m.project_id
      where m.tenant_id = $1 and not m.delete_flag and m.pay_state = 'unpaid' order by m.id`,
    [tenantId],
  );
  const d = await depositSummary(tx, tenantId);
  const counts = await tx.query<{ status: string; count: number }>(
    `select status, count(*)::int as count from bid_project where tenant_id = $1 and not delete_flag group by status`,
    [tenantId],
  );
  return { from, to, due, pending, recover: d.rows.filter((r) => r.resultDate), depositOutstanding: d.total, depositOverdue: d.overdue, counts };
}
