import type { Centre } from './scheduler.ts';

export interface Bar {
  id: number;
  job: string;
  seq: number;
  centre: number;
  start: Date;
  end: Date;
  /** The end of the day it is due, when it has a due date. */
  due?: Date;
}
export type ConflictKind = 'offShift' | 'overCapacity' | 'sequence' | 'late';
export interface Conflict {
  id: number;
  kind: ConflictKind;
}

/**
 * What is wrong with a schedule, per work order: starting outside working time, more work at once
 * than the centre's capacity, starting before the previous operation of its job, ending after its due date.
 */
export function findConflicts(bars: Bar[], centres: Map<number, Centre>): Conflict[] {
  const out: Conflict[] = [];
  const byCentre = new Map<number, Bar[]>();
  for (const b of bars) {
    const c = centres.get(b.centre);
    if (c && c.calendar.nextWorkingTime(b.start).getTime() !== b.start.getTime()) out.push({ id: b.id, kind: 'offShift' });
    if (b.due && b.end > b.due) out.push({ id: b.id, kind: 'late' });
    byCentre.set(b.centre, [...(byCentre.get(b.centre) ?? []), b]);
  }
  for (const [centre, list] of byCentre) {
    const cap = centres.get(centre)?.capacity ?? 1;
    const events = list.flatMap((b) => [
      { t: b.start.getTime(), d: 1, b },
      { t: b.end.getTime(), d: -1, b },
    ]);
    // ends before starts at the same moment: back-to-back work is no overlap
    events.sort((x, y) => x.t - y.t || x.d - y.d);
    const open = new Set<Bar>();
    for (const e of events) {
      if (e.d < 0) open.delete(e.b);
      else {
        open.add(e.b);
        if (open.size > cap) for (const b of open) out.push({ id: b.id, kind: 'overCapacity' });
      }
    }
  }
  const jobs = new Map<string, Bar[]>();
  for (const b of bars) jobs.set(b.job, [...(jobs.get(b.job) ?? []), b]);
  for (const list of jobs.values()) {
    list.sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < list.length; i++) if (list[i].start < list[i - 1].start) out.push({ id: list[i].id, kind: 'sequence' });
  }
  const seen = new Set<string>();
  return out.filter((c) => !seen.has(`${c.id}:${c.kind}`) && seen.add(`${c.id}:${c.kind}`));
}
