import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { loadCalendars, type WorkCalendar } from '../../manufacturing/index.ts';
import { computeCpm, type CpmLink, type CpmTask, type LinkKind } from './cpm.ts';

/** A task as the re-schedule reads it: days as epoch-day numbers (days since 1970-01-01), null when unset. */
export interface TaskRow {
  id: number;
  parent_id: number | null;
  duration: number;
  pinned: number | null;
  start: number | null;
  end: number | null;
  total_float: number | null;
  critical: boolean;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** An epoch-day number as 'YYYY-MM-DD'. */
export const dayIso = (d: number) => iso(d * DAY_MS);

/** Working days from the project start, numbered 0, 1, …: ordinal ↔ date on the company calendar. */
export class WorkdayIndex {
  /** epoch-day numbers of the working days, in order */
  private days: number[] = [];
  private next: number;
  constructor(
    private cal: WorkCalendar,
    readonly start: string,
  ) {
    this.next = Date.parse(`${start}T00:00:00Z`) / DAY_MS;
  }
  /** The epoch day of working day `n` (n ≥ 0). */
  day(n: number): number {
    while (this.days.length <= n) {
      if (this.days.length > 40_000) throw new BusinessError('计划超出日历范围（一百年），请检查工期与延隔');
      if (this.cal.isWorkingDay(new Date(this.next * DAY_MS))) this.days.push(this.next);
      this.next += 1;
    }
    return this.days[n]!;
  }
  /** The date of working day `n` (n ≥ 0). */
  date(n: number): string {
    return dayIso(this.day(n));
  }
  /** The ordinal of a day (an epoch-day number or 'YYYY-MM-DD'): the working day on or after it. */
  ordinal(on: number | string): number {
    const day = typeof on === 'string' ? Date.parse(`${on}T00:00:00Z`) / DAY_MS : on;
    if (day * DAY_MS < Date.parse(`${this.start}T00:00:00Z`)) throw new BusinessError(`固定开始日期 ${dayIso(day)} 早于项目开始日期 ${this.start}`);
    // walk only past the days already known, then halve (the days are sorted): many pinned tasks stay linear
    let hi = Math.max(0, this.days.length - 1);
    while (this.day(hi) < day) hi++;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** '' → null, else the number (the packed rows below). */
const num = (v: string | undefined): number | null => (v === undefined || v === '' ? null : Number(v));

/**
 * The project's start, its tasks and its links in one statement, each list packed into one text (a row per task
 * or link costs the driver far more than the database): only the columns the schedule needs, days as epoch-day
 * numbers. Task names are read only to name a cycle.
 */
async function loadSchedule(tx: Tx, tenantId: number, projectId: number) {
  const r = await tx.one<{ start: string; tasks: string | null; links: string | null }>(
    `select to_char(p.start_date, 'YYYY-MM-DD') as start,
            (select string_agg(concat(t.id, ',', t.parent_id, ',', t.duration, ',', t.pinned_start - date '1970-01-01', ',', t.start_date - date '1970-01-01',
                                      ',', t.end_date - date '1970-01-01', ',', t.total_float, ',', t.critical::int), ';' order by t.id)
                    from proj_task t where t.tenant_id = p.tenant_id and t.project_id = p.id) as tasks,
            (select string_agg(concat(l.pred_id, ',', l.succ_id, ',', l.kind, ',', l.lag), ';')
                    from proj_task_link l where l.tenant_id = p.tenant_id and l.project_id = p.id) as links
       from proj_project p where p.tenant_id = $1 and p.id = $2`,
    [tenantId, projectId],
  );
  if (!r) throw new BusinessError('项目不存在');
  const tasks: TaskRow[] = [];
  // concat writes a null as nothing: an empty field is null
  for (const row of r.tasks ? r.tasks.split(';') : []) {
    const f = row.split(',');
    tasks.push({
      id: Number(f[0]),
      parent_id: num(f[1]),
      duration: Number(f[2]),
      pinned: num(f[3]),
      start: num(f[4]),
      end: num(f[5]),
      total_float: num(f[6]),
      critical: f[7] === '1',
    });
  }
  const links: CpmLink[] = [];
  for (const row of r.links ? r.links.split(';') : []) {
    const f = row.split(',');
    links.push({ pred: Number(f[0]), succ: Number(f[1]), kind: f[2] as LinkKind, lag: Number(f[3]) });
  }
  return { start: r.start, tasks, links };
}

/**
 * Schedules a project: the leaf tasks by the critical-path method on the company's default working
 * calendar (ordinal working days from the project start), summary tasks spanning their children.
 * Writes only the tasks whose dates, float or criticality changed, and returns their ids.
 */
export async function rescheduleProject(tx: Tx, tenantId: number, projectId: number): Promise<{ moved: number[]; finish: string | null }> {
  const { start, tasks, links } = await loadSchedule(tx, tenantId, projectId);
  const { default: cal } = await loadCalendars(tx, tenantId);
  const idx = new WorkdayIndex(cal, start);
  let result: Map<number, Planned>;
  try {
    result = scheduleTasks(tasks, links, idx);
  } catch (e) {
    // a cycle is named by the tasks' names, which the packed rows leave out: read them and schedule again to say it
    if (!(e instanceof BusinessError) || !/循环/.test(e.message)) throw e;
    const names = await tx.query<{ id: number; name: string }>('select id::int as id, name from proj_task where tenant_id = $1 and project_id = $2', [
      tenantId,
      projectId,
    ]);
    result = scheduleTasks(tasks, links, idx, new Map(names.map((n) => [n.id, n.name])));
  }
  const changed = tasks.filter((t) => {
    const n = result.get(t.id)!;
    return n.start !== t.start || n.end !== t.end || n.float !== t.total_float || n.critical !== t.critical;
  });
  let finish: number | null = null;
  for (const r of result.values()) if (r.end !== null && (finish === null || r.end > finish)) finish = r.end;
  const val = (f: (r: Planned) => unknown) => changed.map((t) => f(result.get(t.id)!));
  // the moved tasks and the project's finish in one statement
  await tx.query(
    `with moved as (
       update proj_task t set start_date = date '1970-01-01' + x.s, end_date = date '1970-01-01' + x.e, total_float = x.f, critical = x.c
         from unnest($3::bigint[], $4::int[], $5::int[], $6::int[], $7::boolean[]) as x(id, s, e, f, c)
        where t.tenant_id = $1 and t.project_id = $2 and t.id = x.id returning 1)
     update proj_project set end_date = date '1970-01-01' + $8::int where tenant_id = $1 and id = $2 and end_date is distinct from date '1970-01-01' + $8::int`,
    [tenantId, projectId, changed.map((t) => t.id), val((r) => r.start), val((r) => r.end), val((r) => r.float), val((r) => r.critical), finish],
  );
  return { moved: changed.map((t) => t.id), finish: finish === null ? null : dayIso(finish) };
}

interface Planned {
  /** epoch days */
  start: number | null;
  end: number | null;
  float: number | null;
  critical: boolean;
}

/**
 * Leaf tasks by CPM, summaries (tasks with children) from their leaves. Pure apart from the calendar. `names` only
 * matter when the links hold a cycle (the refusal names its tasks).
 */
export function scheduleTasks(tasks: readonly TaskRow[], links: readonly CpmLink[], idx: WorkdayIndex, names?: Map<number, string>): Map<number, Planned> {
  const parents = new Set<number>();
  for (const t of tasks) if (t.parent_id != null) parents.add(t.parent_id);
  const leaves: CpmTask[] = [];
  for (const t of tasks)
    if (!parents.has(t.id))
      leaves.push({ id: t.id, name: names?.get(t.id) ?? String(t.id), duration: t.duration, pinned: t.pinned !== null ? idx.ordinal(t.pinned) : null });
  const cpm = computeCpm(leaves, links);
  const out = new Map<number, Planned>();
  for (const t of leaves) {
    const es = cpm.es.get(t.id)!;
    const float = cpm.float.get(t.id)!;
    out.set(t.id, { start: idx.day(es), end: idx.day(Math.max(es, es + t.duration - 1)), float, critical: float <= 0 });
  }
  // summaries: each leaf widens its ancestors; once an ancestor is not changed by it, the ones above already hold
  // it (they took the ancestor's span when it last changed), so the walk stops there
  const parentOf = new Map<number, number | null>();
  for (const t of tasks) parentOf.set(t.id, t.parent_id);
  for (const t of leaves) {
    const leaf = out.get(t.id)!;
    for (let p = parentOf.get(t.id); p != null; p = parentOf.get(p)) {
      const cur = out.get(p);
      if (!cur) {
        out.set(p, { start: leaf.start, end: leaf.end, float: null, critical: leaf.critical });
        continue;
      }
      const start = leaf.start! < cur.start! ? leaf.start : cur.start;
      const end = leaf.end! > cur.end! ? leaf.end : cur.end;
      const critical = cur.critical || leaf.critical;
      if (start === cur.start && end === cur.end && critical === cur.critical) break;
      Object.assign(cur, { start, end, critical });
    }
  }
  return out;
}
