import type { Tx } from '../../../platform/db/database.ts';
import { can, type Session } from '../../../platform/auth/session.ts';
import { visibleProjectAnd } from '../access.ts';

/** The list each portal of 项目工作台 opens (a portal is left out when the user's roles do not grant its list). */
export const PORTAL_LINKS = {
  myTasks: '/project/task',
  lateTasks: '/project/report',
  milestonesDue: '/project/contract',
  problemsOpen: '/project/after_sales',
  risksWarning: '/project/risk',
} as const;
export type PortalKey = keyof typeof PORTAL_LINKS;

export interface Portal {
  key: PortalKey;
  count: number;
  /** of the count: past their date (late tasks of mine, milestones past due, high-severity problems) */
  urgent?: number;
  /** milestones: what is still to collect (null for a price-masked role) */
  amount?: string | null;
  link: string;
}

/**
 * 项目工作台's portals (SPEC §2.2 workbench portals), judged on `asOf`, over the projects the user may see (templates
 * and deleted projects left out): my open leaf tasks (urgent: past their planned finish); every open leaf task past
 * its planned finish; contract payment milestones not fully collected and due within 7 days or earlier (urgent: past
 * due; amount: what is left to collect); after-sales problems still open (urgent: high severity); open risks whose
 * warning date is within 7 days or past. Each is a count and the list it opens.
 */
export async function projectPortals(tx: Tx, s: Session, asOf: string): Promise<Portal[]> {
  const vis = visibleProjectAnd(s, 'p', 2);
  const project = (alias: string) =>
    `join proj_project p on p.tenant_id = ${alias}.tenant_id and p.id = ${alias}.project_id and not p.delete_flag and not p.is_template ${vis}`;
  const r = await tx.one<{
    myTasks: number;
    myLate: number;
    lateTasks: number;
    milestones: number;
    milestonesLate: number;
    toCollect: string;
    problems: number;
    problemsHigh: number;
    risks: number;
  }>(
    `with open_leaf as (
       select t.assignee_id, t.end_date from proj_task t ${project('t')}
        where t.tenant_id = $1 and t.progress < 100
          and not exists (select 1 from proj_task c where c.tenant_id = t.tenant_id and c.parent_id = t.id)),
     ms as (
       select m.due_date, m.amount - coalesce((select sum(x.amount) from proj_money x
                                                  where x.tenant_id = m.tenant_id and x.milestone_id = m.id and not x.delete_flag), 0) as left_over
         from proj_milestone m join proj_contract k on k.tenant_id = m.tenant_id and k.id = m.contract_id ${project('k')}
        where m.tenant_id = $1 and m.due_date <= $3::date + 7)
     select (select count(*) from open_leaf where assignee_id = $2)::int as "myTasks",
            (select count(*) from open_leaf where assignee_id = $2 and end_date < $3::date)::int as "myLate",
            (select count(*) from open_leaf where end_date < $3::date)::int as "lateTasks",
            (select count(*) from ms where left_over > 0)::int as milestones,
            (select count(*) from ms where left_over > 0 and due_date < $3::date)::int as "milestonesLate",
            (select coalesce(sum(left_over), 0) from ms where left_over > 0)::numeric(24,2)::text as "toCollect",
            (select count(*) from proj_problem x ${project('x')} where x.tenant_id = $1 and x.status = 'open')::int as problems,
            (select count(*) from proj_problem x ${project('x')} where x.tenant_id = $1 and x.status = 'open' and x.severity = 'high')::int as "problemsHigh",
            (select count(*) from proj_risk x ${project('x')} where x.tenant_id = $1 and x.status = 'open' and x.warn_date <= $3::date + 7)::int as risks`,
    [s.tenantId, s.userId, asOf],
  );
  const L = PORTAL_LINKS;
  const portals: Portal[] = [
    { key: 'myTasks', count: r!.myTasks, urgent: r!.myLate, link: L.myTasks },
    { key: 'lateTasks', count: r!.lateTasks, link: L.lateTasks },
    { key: 'milestonesDue', count: r!.milestones, urgent: r!.milestonesLate, amount: s.priceMasked ? null : r!.toCollect, link: L.milestonesDue },
    { key: 'problemsOpen', count: r!.problems, urgent: r!.problemsHigh, link: L.problemsOpen },
    { key: 'risksWarning', count: r!.risks, link: L.risksWarning },
  ];
  return portals.filter((x) => can(s, x.link));
}
