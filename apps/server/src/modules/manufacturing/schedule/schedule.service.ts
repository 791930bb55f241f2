import Decimal from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { loadCalendars } from '../calendar/calendar-store.ts';
import { Load, scheduleBackward, scheduleForward, type Centre, type Op } from './scheduler.ts';
import { findConflicts, type Bar } from './conflicts.ts';
import { capacityBlocks } from './capacity-blocks.ts';

export const toDate = (s: string) => new Date(`${s.replace(' ', 'T')}Z`);
export const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const DAY_MS = 86_400_000;

interface WoRow {
  id: number;
  job: string;
  seq: number;
  centre: number;
  qty: string;
  setup: string;
  run: string;
  tb: string | null;
  start: string | null;
  end: string | null;
  due: string | null;
  status: string;
}

const WO_COLUMNS = `w.id::int as id, coalesce(w.make_order_line_id::text, 'wo' || w.id) as job, w.seq, w.work_centre_id::int as centre,
  w.quantity::text as qty, w.setup_minutes::text as setup, w.run_minutes::text as run, w.transfer_batch::text as tb,
  to_char(w.planned_start, 'YYYY-MM-DD HH24:MI:SS') as start, to_char(w.planned_end, 'YYYY-MM-DD HH24:MI:SS') as "end",
  to_char(w.due_date, 'YYYY-MM-DD') as due, coalesce(w.status, 'planned') as status`;

/** Working minutes of a work order: setup plus run per unit times quantity, whole minutes up. */
export const minutesOf = (w: Pick<WoRow, 'qty' | 'setup' | 'run'>, qty = w.qty) => new Decimal(w.setup).plus(new Decimal(w.run).times(qty)).ceil().toNumber();

export async function loadCentres(tx: Tx, tenantId: number): Promise<Map<number, Centre>> {
  const cals = await loadCalendars(tx, tenantId);
  const rows = await tx.query<{ id: number; capacity: number }>('select id::int as id, capacity from mfg_work_centre where tenant_id = $1', [tenantId]);
  return new Map(rows.map((r) => [r.id, { capacity: r.capacity, calendar: cals.byCentre.get(r.id) ?? cals.default }]));
}

const toBar = (w: WoRow): Bar | undefined =>
  w.start && w.end
    ? {
        id: w.id,
        job: w.job,
        seq: w.seq,
        centre: w.centre,
        start: toDate(w.start),
        end: toDate(w.end),
        due: w.due ? new Date(Date.parse(`${w.due}T00:00:00Z`) + DAY_MS) : undefined,
      }
    : undefined;

/** The open work orders of the company (not done), as bars where they are scheduled. */
async function openWorkOrders(tx: Tx, tenantId: number): Promise<WoRow[]> {
  return tx.query<WoRow>(`select ${WO_COLUMNS} from mfg_work_order w where w.tenant_id = $1 and coalesce(w.status, 'planned') <> 'done' order by w.id`, [
    tenantId,
  ]);
}

export async function conflictsOf(tx: Tx, tenantId: number, centres?: Map<number, Centre>) {
  const all = await openWorkOrders(tx, tenantId);
  return findConflicts(
    all.map(toBar).filter((b): b is Bar => !!b),
    centres ?? (await loadCentres(tx, tenantId)),
  );
}

/**
 * Schedules work orders not yet started (those of the given make orders, or all) on finite
 * capacity: forward from `from`, or backward from each one's due date; the other open work orders
 * keep their times and occupy their centres. Returns the conflicts left (e.g. a due date missed).
 */
export async function scheduleWorkOrders(c: RequestCtx, o: { makeOrderIds?: number[]; direction: 'forward' | 'backward'; from: Date }) {
  const { tx, session } = c;
  const t = session.tenantId;
  const centres = await loadCentres(tx, t);
  const all = await openWorkOrders(tx, t);
  const ids = o.makeOrderIds
    ? new Set(
        (
          await tx.query<{ id: number }>('select id::int as id from mfg_work_order where tenant_id = $1 and make_order_id = any($2::bigint[])', [
            t,
            o.makeOrderIds,
          ])
        ).map((r) => r.id),
      )
    : undefined;
  const moving = all.filter((w) => ['planned', 'released'].includes(w.status) && (!ids || ids.has(w.id)));
  const load = new Load(centres);
  for (const w of all) if (!moving.includes(w) && w.start && w.end) load.book(w.centre, toDate(w.start).getTime(), toDate(w.end).getTime());
  // a device down for repair takes one slot of its centre for its downtime
  for (const b of await capacityBlocks(tx, t)) if (centres.has(b.centre)) load.book(b.centre, b.start.getTime(), b.end.getTime());
  const ops: Op[] = moving.map((w) => {
    const minutes = minutesOf(w);
    const tb = w.tb ? new Decimal(w.tb) : undefined;
    return { id: w.id, job: w.job, seq: w.seq, centre: w.centre, minutes, releaseAfter: tb?.gt(0) && tb.lt(w.qty) ? minutesOf(w, tb.toString()) : undefined };
  });
  const dueOf = new Map(moving.map((w) => [w.job, w.due]));
  const placed =
    o.direction === 'forward'
      ? scheduleForward(ops, load, () => o.from)
      : scheduleBackward(ops, load, (job) => {
          const due = dueOf.get(job);
          if (!due) throw new BusinessError('倒排需要工单的要求完工日期');
          return new Date(Date.parse(`${due}T00:00:00Z`) + DAY_MS);
        });
  if (placed.length) {
    await tx.query(
      `update mfg_work_order w set planned_start = x.s::timestamp, planned_end = x.e::timestamp, updated_at = now(), updater = $2
         from unnest($3::bigint[], $4::text[], $5::text[]) as x(id, s, e) where w.tenant_id = $1 and w.id = x.id`,
      [t, session.userId, placed.map((p) => p.id), placed.map((p) => fmt(p.start)), placed.map((p) => fmt(p.end))],
    );
  }
  return { scheduled: placed.length, conflicts: await conflictsOf(tx, t, centres) };
}

/** Moves one work order (a drag on the gantt): it starts at the next working time of its centre and lasts its working minutes. */
export async function rescheduleWorkOrder(c: RequestCtx, id: number, start: Date, centreId?: number) {
  const { tx, session } = c;
  const t = session.tenantId;
  const w = await tx.one<WoRow>(`select ${WO_COLUMNS} from mfg_work_order w where w.tenant_id = $1 and w.id = $2 for update`, [t, id]);
  if (!w) throw notFound('工单不存在');
  if (w.status === 'done') throw new BusinessError('已完工的工单不能调整');
  const centres = await loadCentres(tx, t);
  const centre = centreId ?? w.centre;
  const cal = centres.get(centre)?.calendar;
  if (!cal) throw notFound('工作中心不存在');
  const s = cal.nextWorkingTime(start);
  const e = cal.addWorkingMinutes(s, minutesOf(w));
  await tx.query(
    `update mfg_work_order set planned_start = $3::timestamp, planned_end = $4::timestamp, work_centre_id = $5, updated_at = now(), updater = $6
      where tenant_id = $1 and id = $2`,
    [t, id, fmt(s), fmt(e), centre, session.userId],
  );
  await logWrite(tx, session, c.ip, 'update', 'workOrder', [id], { plannedStart: fmt(s), workCentreId: centre });
  return { plannedStart: fmt(s), plannedEnd: fmt(e), conflicts: await conflictsOf(tx, t, centres) };
}

/** The gantt: work centres, the open work orders overlapping [from, to) and the conflicts among all of them. */
export async function gantt(tx: Tx, tenantId: number, from: string, to: string) {
  const centres = await tx.query(
    `select id::int as id, name, kind, capacity from mfg_work_centre where tenant_id = $1 and not delete_flag and enabled order by code nulls last, id`,
    [tenantId],
  );
  const bars = await tx.query(
    `select w.id::int as id, w.wo_no as "woNo", w.work_centre_id::int as "workCentreId", w.seq, m.name as "materialName",
            mo.mo_no as "moNo", trim_scale(w.quantity)::text as quantity, coalesce(w.status, 'planned') as status,
            to_char(w.planned_start, 'YYYY-MM-DD HH24:MI:SS') as "plannedStart", to_char(w.planned_end, 'YYYY-MM-DD HH24:MI:SS') as "plannedEnd",
            to_char(w.due_date, 'YYYY-MM-DD') as "dueDate"
       from mfg_work_order w join material m on m.tenant_id = w.tenant_id and m.id = w.material_id
       left join mfg_make_order mo on mo.tenant_id = w.tenant_id and mo.id = w.make_order_id
      where w.tenant_id = $1 and coalesce(w.status, 'planned') <> 'done' and w.planned_start < $3::timestamp and w.planned_end > $2::timestamp
      order by w.planned_start, w.id limit 20000`,
    [tenantId, from, to],
  );
  return { centres, bars, conflicts: await conflictsOf(tx, tenantId) };
}
