import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { chartOf } from '../finance/index.ts';
import { visibleProjectAnd } from './access.ts';

/**
 * 项目报表 · over budget: the projects the user may see whose cost and expenses in the journal (the same
 * lines as the P&L) pass their budget, worst first; with income and the share of the budget spent.
 */
export async function overBudget(tx: Tx, s: Session) {
  const chart = await chartOf(tx, s.tenantId);
  return tx.query(
    `with pm as (
       select m.project_id,
              sum(case when l.account_id = $3 then l.credit - l.debit else 0 end) as income,
              sum(case when l.account_id = any($4::bigint[]) then l.debit - l.credit else 0 end) as spent
         from proj_money m
         join fin_entry e on e.tenant_id = m.tenant_id and e.source_kind = 'project' and e.source_id = m.id
         join fin_journal_line l on l.tenant_id = e.tenant_id and l.entry_id = e.id
        where m.tenant_id = $1
        group by m.project_id)
     select p.id::int as id, p.id::int as "projectId", p.number as "projectNumber", p.name as "projectName", p.status,
            p.budget::text as budget, pm.spent::text as spent, pm.income::text as income, (pm.spent - p.budget)::text as over,
            round(pm.spent * 100 / nullif(p.budget, 0), 1)::text as "usedPct"
       from pm join proj_project p on p.tenant_id = $1 and p.id = pm.project_id and not p.delete_flag and not p.is_template ${visibleProjectAnd(s, 'p', 2)}
      where p.budget > 0 and pm.spent > p.budget
      order by pm.spent - p.budget desc, p.id desc limit 500`,
    [s.tenantId, s.userId, chart.revenue, [chart.cogs, chart.otherExpense]],
  );
}
