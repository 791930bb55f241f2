import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { loadCalendars, type WorkCalendar } from '../../manufacturing/index.ts';
import { computeCpm, type CpmLink, type CpmTask, type LinkKind } from './cpm.ts';

interface TaskRow {
  id: number;
  parent_id: number | null;
  name: string;
  duration: number;
  pinned_start: string | null;
  start_date: string | null;
  end_date: string | null;
  total_float: number | null;
  critical: boolean;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Working days from the project start, numbered 0, 1, …: ordinal ↔ date on the company calendar. */
export class WorkdayIndex {
  private days: string[] = [];
  private next: number;
  constructor(
    private cal: WorkCalendar,
    readonly start: string,
  ) {
    this.next = Date.parse(`${start}T00:00:00Z`);
  }
  /** The date of working day `n` (n ≥ 0). */
  date(n: number): string {
    while (this.days.length <= n) {
      if (this.days.length > 40_000) throw new BusinessError('计划超出日历范围（一百年），请检查工期与延隔');
      if (this.cal.isWorkingDay(new Date(this.next))) this.days.push(iso(this.next));
      this.next += DAY_MS;
    }
    return this.days[n]!;
  }
  /** The ordinal of a day: the working day on or after it. */
  ordinal(day: string): number {
    if (day < this.start) throw new BusinessError(`固定开始日期 ${day} 早于项目开始日期 ${this.start}`);
    // walk only past the days already known, then halve (the days are sorted): many pinned tasks stay linear
    let hi = Math.max(0, this.days.length - 1);
    while (this.date(hi) < day) hi++;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Schedules a project: the leaf tasks by the critical-path method on the company's default working
 * calendar (ordinal working days from the project start), summary tasks spanning their children.
 * Writes only the tasks whose dates, float or criticality changed, and returns their ids.
 */
export async function rescheduleProject(tx: Tx, tenantId: number, projectId: number): Promise<{ moved: number[]; finish: string | null }> {
  const p = await tx.one<{ start_date: string }>("select to_char(start_date, 'YYYY-MM-DD') as start_date from proj_project where tenant_id = $1 and id = $2", [
    tenantId,
    projectId,
  ]);
  if (!p) throw new BusinessError('项目不存在');
  const tasks = await tx.query<TaskRow>(
    `select id::int as id, parent_id::int as parent_id, name, duration, to_char(pinned_start, 'YYYY-MM-DD') as pinned_start,
            to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, total_float, critical
       from proj_task where tenant_id = $1 and project_id = $2`,
    [tenantId, projectId],
  );
  const links = await tx.query<{ pred: number; succ: number; kind: LinkKind; lag: number }>(
    'select pred_id::int as pred, succ_id::int as succ, kind, lag from proj_task_link where tenant_id = $1 and project_id = $2',
    [tenantId, projectId],
  );
  const { default: cal } = await loadCalendars(tx, tenantId);
  const idx = new WorkdayIndex(cal, p.start_date);
  const result = scheduleTasks(tasks, links, idx);
  const changed = tasks.filter((t) => {
    const n = result.get(t.id)!;
    return n.start !== t.start_date || n.end !== t.end_date || n.float !== t.total_float || n.critical !== t.critical;
  });
  if (changed.length) {
    const val = (f: (r: Planned) => unknown) => changed.map((t) => f(result.get(t.id)!));
    await tx.query(
      `update proj_task t set start_date = x.s, end_date = x.e, total_float = x.f, critical = x.c
         from unnest($3::bigint[], $4::date[], $5::date[], $6::int[], $7::boolean[]) as x(id, s, e, f, c)
        where t.tenant_id = $1 and t.project_id = $2 and t.id = x.id`,
      [tenantId, projectId, changed.map((t) => t.id), val((r) => r.start), val((r) => r.end), val((r) => r.float), val((r) => r.critical)],
    );
  }
  const finish = [...result.values()].reduce<string | null>((m, r) => (r.end && (!m || r.end > m) ? r.end : m), null);
  await tx.query('update proj_project set end_date = $3 where tenant_id = $1 and id = $2 and end_date is distinct from $3::date', [
    tenantId,
    projectId,
    finish,
  ]);
  return { moved: changed.map((t) => t.id), finish };
}

interface Planned {
  start: string | null;
  end: string | null;
  float: number | null;
  critical: boolean;
}

/** Leaf tasks by CPM, summaries (tasks with children) from their leaves. Pure apart from the calendar. */
export function scheduleTasks(tasks: readonly TaskRow[], links: readonly CpmLink[], idx: WorkdayIndex): Map<number, Planned> {
  const parents = new Set(tasks.filter((t) => t.parent_id != null).map((t) => t.parent_id!));
  const leaves: CpmTask[] = tasks
    .filter((t) => !parents.has(t.id))
    .map((t) => ({ id: t.id, name: t.name, duration: t.duration, pinned: t.pinned_start ? idx.ordinal(t.pinned_start) : null }));
  const cpm = computeCpm(leaves, links);
  const out = new Map<number, Planned>();
  for (const t of leaves) {
    const es = cpm.es.get(t.id)!;
    const float = cpm.float.get(t.id)!;
    out.set(t.id, { start: idx.date(es), end: idx.date(Math.max(es, es + t.duration - 1)), float, critical: float <= 0 });
  }
  // summaries: from the leaves below them, deepest first (walk each leaf's ancestors)
  const parentOf = new Map(tasks.map((t) => [t.id, t.parent_id]));
  for (const t of leaves) {
    const leaf = out.get(t.id)!;
    for (let p = parentOf.get(t.id); p != null; p = parentOf.get(p)) {
      const cur = out.get(p);
      if (!cur) out.set(p, { start: leaf.start, end: leaf.end, float: null, critical: leaf.critical });
      else {
        if (leaf.start! < cur.start!) cur.start = leaf.start;
        if (leaf.end! > cur.end!) cur.end = leaf.end;
        cur.critical ||= leaf.critical;
      }
    }
  }
  return out;
}
