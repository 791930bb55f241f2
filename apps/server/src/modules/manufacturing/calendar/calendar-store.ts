import type { Tx } from '../../../platform/db/database.ts';
import { shiftWindow, STANDARD_CALENDAR, WorkCalendar, type CalendarSpec, type Window } from './work-calendar.ts';

interface CalendarRow {
  id: number;
  is_default: boolean;
  workdays: string;
  s1a: string;
  s1b: string;
  s2a: string | null;
  s2b: string | null;
  s3a: string | null;
  s3b: string | null;
}
interface DayRow {
  calendar_id: number;
  day: string;
  kind: 'holiday' | 'overtime';
  start_time: string | null;
  end_time: string | null;
}

function toSpec(c: CalendarRow, days: DayRow[]): CalendarSpec {
  const pairs: Array<[string | null, string | null]> = [
    [c.s1a, c.s1b],
    [c.s2a, c.s2b],
    [c.s3a, c.s3b],
  ];
  const shifts = pairs.filter((p): p is [string, string] => !!p[0] && !!p[1]).map(([a, b]) => shiftWindow(a, b));
  return {
    workdays: new Set(c.workdays.split(',').map(Number)),
    shifts,
    days: new Map(
      days.map((d) => {
        const own: Window[] = d.kind === 'overtime' && d.start_time && d.end_time ? [shiftWindow(d.start_time, d.end_time)] : [];
        return [d.day, { kind: d.kind, shifts: own }] as const;
      }),
    ),
  };
}

/**
 * The company's calendars in two statements, whatever their number: by work centre id (each work
 * centre's own calendar, else the company default), and `default` for work without a centre.
 */
export async function loadCalendars(tx: Tx, tenantId: number): Promise<{ default: WorkCalendar; byCentre: Map<number, WorkCalendar> }> {
  const cals = await tx.query<CalendarRow & { centres: number[] | null }>(
    `select c.id, c.is_default, c.workdays, c.shift1_start as s1a, c.shift1_end as s1b, c.shift2_start as s2a, c.shift2_end as s2b,
            c.shift3_start as s3a, c.shift3_end as s3b,
            (select array_agg(w.id::int) from mfg_work_centre w where w.tenant_id = c.tenant_id and w.calendar_id = c.id and not w.delete_flag) as centres
       from mfg_calendar c where c.tenant_id = $1 and not c.delete_flag`,
    [tenantId],
  );
  const days = await tx.query<DayRow>(
    `select d.calendar_id::int as calendar_id, to_char(d.day, 'YYYY-MM-DD') as day, d.kind, d.start_time, d.end_time
       from mfg_calendar_day d join mfg_calendar c on c.tenant_id = d.tenant_id and c.id = d.calendar_id and not c.delete_flag
      where d.tenant_id = $1`,
    [tenantId],
  );
  const centres = await tx.query<{ id: number }>('select id::int as id from mfg_work_centre where tenant_id = $1 and not delete_flag', [tenantId]);
  let def = new WorkCalendar(STANDARD_CALENDAR);
  const own = new Map<number, WorkCalendar>();
  for (const c of cals) {
    const cal = new WorkCalendar(
      toSpec(
        c,
        days.filter((d) => d.calendar_id === Number(c.id)),
      ),
    );
    if (c.is_default) def = cal;
    for (const w of c.centres ?? []) own.set(w, cal);
  }
  const byCentre = new Map(centres.map((w) => [w.id, own.get(w.id) ?? def]));
  return { default: def, byCentre };
}

/** The calendar of one work centre (its own, else the company's), or the company's when no centre is given. */
export async function loadWorkCalendar(tx: Tx, tenantId: number, workCentreId?: number): Promise<WorkCalendar> {
  const all = await loadCalendars(tx, tenantId);
  return (workCentreId && all.byCentre.get(workCentreId)) || all.default;
}
