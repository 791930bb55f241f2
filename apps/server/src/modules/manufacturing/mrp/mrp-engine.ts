import type { Tx } from '../../../platform/db/database.ts';
import { loadCalendars } from '../calendar/calendar-store.ts';
import type { WorkCalendar } from '../calendar/work-calendar.ts';
import {
  ANALYZE,
  ANALYZE_EDGES,
  ANALYZE_PROPOSALS,
  CLEAR_OLD,
  COUNT_DEMAND,
  INSERT_DEMAND,
  INSERT_EDGES,
  INSERT_ITEMS,
  INSERT_PROPOSALS,
  INSERT_WORKDAYS,
  LEVELS,
  SESSION,
} from './mrp-sql.ts';

/** Counts the statements a run sends, for the run record and the benchmark. */
class CountingTx implements Tx {
  count = 0;
  constructor(private readonly inner: Tx) {}
  query<T>(sql: string, params?: unknown[]) {
    this.count += 1;
    return this.inner.query<T>(sql, params);
  }
  one<T>(sql: string, params?: unknown[]) {
    this.count += 1;
    return this.inner.one<T>(sql, params);
  }
  exec(sql: string) {
    this.count += 1;
    return this.inner.exec(sql);
  }
}

export interface MrpHost {
  tenantId: number;
  /** Refreshes the planner's statistics of the run's working tables (as their owner): without it fresh rows look like none. */
  analyze?: (sql: string) => Promise<void>;
  /** A transaction in the company's scope (a job's ctx.tenant, or the test database's). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  progress(percent: number, message: string): Promise<void>;
  jobId?: number;
  creator?: number;
}

export interface MrpResult {
  runId: number;
  items: number;
  demands: number;
  proposals: number;
  levels: number;
  statements: number;
  millis: number;
}

const NEW_RUN = 'insert into mfg_mrp_run(tenant_id, job_id, plan_date, creator, bucket) values ($1, $2, $3, $4, $5) returning id::int as id';

/** How a run groups each item's demand before netting it: per day, or per ISO week (Monday to Sunday). */
export type MrpBucket = 'day' | 'week';

/** How far ahead the working days are numbered: three years covers any lead time and order date. */
const HORIZON_DAYS = 1100;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Every day of the horizon with the ordinal of the working day on or before it, and whether it works. */
function numberDays(cal: WorkCalendar, planDate: string): [string[], number[], boolean[]] {
  const days: string[] = [];
  const ords: number[] = [];
  const working: boolean[] = [];
  let ord = 0;
  for (let i = 0; i <= HORIZON_DAYS; i++) {
    const d = addDays(planDate, i);
    const w = cal.isWorkingDay(d);
    if (w) ord += 1;
    days.push(d);
    ords.push(ord);
    working.push(w);
  }
  return [days, ords, working];
}

/**
 * One MRP run (issue 16): low-level codes, then level by level — net requirements against stock,
 * receipts and safety stock, proposals with dates on the company calendar, pegging, explosion into
 * the next levels' demand. Each level commits on its own, with progress in between; a failure
 * marks the run failed and leaves the previous run's proposals replaced by nothing half-made.
 */
export async function runMrp(host: MrpHost, planDate: string, bucket: MrpBucket = 'week'): Promise<MrpResult> {
  const t0 = Date.now();
  let statements = 0;
  const inTx = <T>(fn: (tx: CountingTx) => Promise<T>) =>
    host.tenant(async (raw) => {
      const tx = new CountingTx(raw);
      try {
        await tx.query(SESSION);
        return await fn(tx);
      } finally {
        statements += tx.count;
      }
    });
  const { tenantId } = host;
  const runId = await inTx(async (tx) => (await tx.one<{ id: number }>(NEW_RUN, [tenantId, host.jobId ?? null, planDate, host.creator ?? null, bucket]))!.id);
  try {
    const analyze = async (sql: string) => {
      if (!host.analyze) return;
      await host.analyze(sql);
      statements += 1;
    };
    await inTx(async (tx) => {
      for (const sql of CLEAR_OLD) await tx.query(sql, [tenantId, runId]);
      const cal = (await loadCalendars(tx, tenantId)).default;
      await tx.query(INSERT_WORKDAYS, [tenantId, runId, ...numberDays(cal, planDate)]);
      await tx.query(INSERT_EDGES, [tenantId, runId]);
    });
    // the low-level codes walk the edges: without statistics of them the walk is planned for none (90 s at 10,000 items)
    await analyze(ANALYZE_EDGES);
    const prep = await inTx(async (tx) => {
      await tx.query(INSERT_ITEMS, [tenantId, runId]);
      await tx.query(INSERT_DEMAND, [tenantId, runId, planDate]);
      return (await tx.one<{ maxLevel: number; items: number }>(LEVELS, [tenantId, runId]))!;
    });
    await host.progress(10, `物料 ${prep.items}，层级 ${prep.maxLevel + 1}`);
    for (let level = 0; level <= prep.maxLevel; level++) {
      await analyze(level === 0 ? ANALYZE : ANALYZE_PROPOSALS);
      await inTx((tx) => tx.query(INSERT_PROPOSALS, [tenantId, runId, planDate, level, bucket]));
      await host.progress(10 + Math.round((80 * (level + 1)) / (prep.maxLevel + 1)), `第 ${level + 1} 层已计算`);
    }
    return await inTx(async (tx) => {
      const c = (await tx.one<{ demands: number; proposals: number }>(COUNT_DEMAND, [tenantId, runId]))!;
      const result = {
        runId,
        items: prep.items,
        demands: c.demands,
        proposals: c.proposals,
        levels: prep.maxLevel + 1,
        statements: statements + tx.count + 1,
        millis: Date.now() - t0,
      };
      await tx.query(
        `update mfg_mrp_run set status = 'done', items = $3, demands = $4, proposals = $5, levels = $6, statements = $7, millis = $8, finished_at = now()
          where tenant_id = $1 and id = $2`,
        [tenantId, runId, result.items, result.demands, result.proposals, result.levels, result.statements, result.millis],
      );
      return result;
    });
  } catch (err) {
    await host.tenant((tx) =>
      tx.query(`update mfg_mrp_run set status = 'failed', error = $3, finished_at = now() where tenant_id = $1 and id = $2`, [
        tenantId,
        runId,
        String(err).slice(0, 1000),
      ]),
    );
    throw err;
  }
}
