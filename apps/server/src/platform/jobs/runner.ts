import type { FastifyBaseLogger } from 'fastify';
import { CronExpressionParser } from 'cron-parser';
import type { Database } from '../db/database.ts';
import { enqueue, jobDefinition, jobDefinitions, type JobDefinition } from './queue.ts';
import type { FileStore } from '../files/index.ts';

/** Days a finished job stays in the list. */
export const KEEP_DAYS = 30;

interface Claimed {
  tenantId: number;
  id: number;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export interface RunnerOptions {
  /** How often the queue is polled and schedules are checked (default 1 s). */
  pollMs?: number;
  /** Jobs run at once by this process (default 2). */
  concurrency?: number;
  /** Only these job names (default: every defined job). */
  names?: string[];
  /**
   * Queue again at start the jobs marked running: right when this is the only worker of the
   * database (PGlite, one process), so a job cut off by a crash reruns at once instead of when
   * its lease runs out. Never with several workers (PostgreSQL instances, tests' extra runners).
   */
  requeueRunningAtStart?: boolean;
  /** The app's file store, handed to handlers as ctx.files (jobs that store files, e.g. mail attachments). */
  files?: FileStore;
}

/**
 * Each cron text's last computed fire time and the one after it: every poll (once a second) asks for the current
 * slot, and parsing the expression each time cost the server ~2 % of a core under load (bench:posting's profile,
 * issue 13); the answer only changes when `now` reaches the next fire time.
 */
const cronSlots = new Map<string, { slot: number; next: number }>();

/** The latest fire time at or before `now`, or undefined if the schedule has none. */
export function currentSlot(def: JobDefinition, now: Date): Date | undefined {
  const s = def.schedule;
  if (!s) return undefined;
  if (s.everyMs) return new Date(Math.floor(now.getTime() / s.everyMs) * s.everyMs);
  if (s.cron) {
    const t = now.getTime();
    const known = cronSlots.get(s.cron);
    if (known && known.slot <= t && t < known.next) return new Date(known.slot);
    // prev() is strictly before currentDate: add a millisecond so a fire time equal to now counts; next() is
    // strictly after it, so from now itself (a fire time a millisecond on is the next one)
    const slot = CronExpressionParser.parse(s.cron, { currentDate: new Date(t + 1), tz: 'UTC' })
      .prev()
      .getTime();
    const next = CronExpressionParser.parse(s.cron, { currentDate: new Date(t), tz: 'UTC' })
      .next()
      .getTime();
    cronSlots.set(s.cron, { slot, next });
    return new Date(slot);
  }
  return undefined;
}

/**
 * Runs jobs in this process: polls the job table, claims due rows with SKIP LOCKED (so several
 * instances share one queue), runs their handlers in the job's company, and fires schedules.
 * The same code serves PGlite (one in-process worker) and PostgreSQL (any number of instances).
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private ticking = false;
  /** The fire time each schedule was last handled for here: the companies are tried once per fire time, not every poll. */
  private readonly handled = new Map<string, number>();
  private lastPurge = 0;
  private stopped = false;
  private readonly pollMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: RunnerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.concurrency = opts.concurrency ?? 2;
  }

  start(): this {
    let recovered: Promise<unknown> = Promise.resolve();
    if (this.opts.requeueRunningAtStart) {
      recovered = this.db
        .system((tx) => tx.query(`update job set state = 'queued', attempts = attempts - 1, locked_until = null where state = 'running'`))
        .catch((err) => this.log.error({ err }, 'could not requeue interrupted jobs'));
    }
    const loop = () => {
      if (this.stopped) return;
      void this.tick().finally(() => {
        if (!this.stopped) this.timer = setTimeout(loop, this.pollMs);
      });
    };
    void recovered.then(() => {
      if (!this.stopped) this.timer = setTimeout(loop, 0);
    });
    return this;
  }

  /** Jobs this process is running now. */
  get busy(): number {
    return this.running.size;
  }

  /**
   * Stops claiming, tells running handlers to stop after their current step, and waits for them
   * (at most `graceMs`); a job cut off is claimed again elsewhere when its lease runs out.
   */
  async stop(graceMs = 30_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => (timeout = setTimeout(r, graceMs)))]);
    clearTimeout(timeout);
    // let a tick that was mid-claim finish before the caller closes the database
    while (this.ticking) await new Promise((r) => setTimeout(r, 10));
  }

  private defs(): JobDefinition[] {
    const all = jobDefinitions();
    return this.opts.names ? all.filter((d) => this.opts.names!.includes(d.name)) : all;
  }

  /** One poll: fire due schedules, then claim as many jobs as there are free slots. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.fireSchedules();
      await this.purge();
      while (!this.stopped && this.running.size < this.concurrency) {
        const job = await this.claim();
        if (!job) break;
        // a failure is recorded on the row (and retried per its definition), not thrown here
        const p = execute(this.db, this.log, this.abort.signal, job, this.opts.files)
          .then(
            () => undefined,
            () => undefined,
          )
          .finally(() => this.running.delete(p));
        this.running.add(p);
      }
    } catch (err) {
      this.log.error({ err }, 'job runner tick failed');
    } finally {
      this.ticking = false;
    }
  }

  private async fireSchedules(): Promise<void> {
    const now = new Date();
    for (const def of this.defs()) {
      const slot = currentSlot(def, now);
      if (!slot || this.stopped || this.handled.get(def.name) === slot.getTime()) continue;
      for (const tenantId of await def.schedule!.tenants(this.db)) {
        await this.db.system(async (tx) => {
          // the insert is the claim: only the instance that wins it enqueues this fire time
          const won = await tx.one('insert into job_schedule(tenant_id, name, slot) values ($1, $2, $3) on conflict do nothing returning slot', [
            tenantId,
            def.name,
            slot.toISOString(),
          ]);
          if (!won) return;
          await tx.query(`delete from job_schedule where tenant_id = $1 and name = $2 and slot < now() - interval '1 day'`, [tenantId, def.name]);
          // a scheduled run still queued or running absorbs the next fire time rather than piling up
          await enqueue(tx, def.name, { slot: slot.toISOString() }, { tenantId, singletonKey: def.singletonPerTenant ? '' : 'schedule' });
        });
      }
      this.handled.set(def.name, slot.getTime());
    }
  }

  /** Finished jobs are kept KEEP_DAYS for the job list, then deleted (checked hourly). */
  private async purge(): Promise<void> {
    if (Date.now() - this.lastPurge < 3_600_000) return;
    this.lastPurge = Date.now();
    await this.db.system((tx) =>
      tx.query(`delete from job where state in ('done', 'failed') and finished_at < now() - make_interval(days => $1)`, [KEEP_DAYS]),
    );
  }

  private async claim(): Promise<Claimed | undefined> {
    const names = this.defs().map((d) => d.name);
    if (!names.length) return undefined;
    return this.db.system((tx) =>
      tx.one<Claimed>(
        `update job j set state = 'running', attempts = j.attempts + 1, started_at = now(), finished_at = null,
                locked_until = now() + make_interval(secs => $2::double precision / 1000)
          where (j.tenant_id, j.id) = (
            select tenant_id, id from job
             where name = any($1::text[]) and run_at <= now()
               and (state = 'queued' or (state = 'running' and locked_until < now()))
             order by run_at, id limit 1 for update skip locked)
          returning j.tenant_id as "tenantId", j.id, j.name, j.payload, j.attempts, j.max_attempts as "maxAttempts"`,
        [names, 5 * 60_000],
      ),
    );
  }

  /** Queued and running jobs by name, for /metrics. */
  static async depth(db: Database): Promise<Array<{ name: string; state: string; count: number }>> {
    return db.system((tx) =>
      tx.query<{ name: string; state: string; count: number }>(
        `select name, state, count(*)::int as count from job where state in ('queued', 'running') group by name, state order by 1, 2`,
      ),
    );
  }
}

/**
 * Runs one claimed job and records the outcome: done, queued again after the backoff, or failed.
 * Returns what the handler returned; throws its error once recorded.
 */
async function execute(db: Database, log: FastifyBaseLogger, signal: AbortSignal, job: Claimed, files?: FileStore): Promise<unknown> {
  const def = jobDefinition(job.name)!;
  const tenantId = Number(job.tenantId);
  const id = Number(job.id);
  const lease = def.leaseMs ?? 5 * 60_000;
  const update = (sql: string, params: unknown[]) => db.system((tx) => tx.query(sql, [tenantId, id, ...params]));
  await update(`update job set locked_until = now() + make_interval(secs => $3::double precision / 1000) where tenant_id = $1 and id = $2`, [lease]);
  try {
    const value = await def.handler({
      jobId: id,
      tenantId,
      payload: job.payload,
      attempt: job.attempts,
      tenant: (fn) => db.tenant(tenantId, fn),
      progress: async (percent, message) => {
        const p = Math.max(0, Math.min(100, Number(percent) || 0));
        // reporting progress also renews the lease: a job that reports is alive
        await update(
          `update job set progress = $3, progress_message = $4, locked_until = now() + make_interval(secs => $5::double precision / 1000)
            where tenant_id = $1 and id = $2`,
          [p.toFixed(2), message ?? null, lease],
        );
      },
      signal,
      db,
      log,
      files,
    });
    await update(`update job set state = 'done', progress = 100, error = null, finished_at = now(), locked_until = null where tenant_id = $1 and id = $2`, []);
    return value;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (signal.aborted) {
      // stopped by shutdown, not failed: back in the queue without spending an attempt
      await update(`update job set state = 'queued', attempts = attempts - 1, locked_until = null, run_at = now() where tenant_id = $1 and id = $2`, []);
      throw err;
    }
    log.warn({ err, job: job.name, jobId: id, tenantId, attempt: job.attempts }, 'job failed');
    if (job.attempts < job.maxAttempts) {
      const b = def.backoff ?? { delayMs: 1000 };
      const delay = b.delayMs * (b.factor ?? 2) ** (job.attempts - 1);
      await update(
        `update job set state = 'queued', error = $3, locked_until = null, run_at = now() + make_interval(secs => $4::double precision / 1000)
          where tenant_id = $1 and id = $2`,
        [message, delay],
      );
    } else {
      await update(`update job set state = 'failed', error = $3, finished_at = now(), locked_until = null where tenant_id = $1 and id = $2`, [message]);
    }
    throw err;
  }
}

/**
 * Runs a job now in this process (a user pressed "run now"): the row is written as running, so
 * the job list shows it, and the handler's result is returned. No retry: the caller sees the error.
 */
export async function runInline(
  db: Database,
  log: FastifyBaseLogger,
  name: string,
  payload: Record<string, unknown>,
  tenantId: number,
  files?: FileStore,
): Promise<unknown> {
  if (!jobDefinition(name)) throw new Error(`job ${name} is not defined`);
  const job = await db.tenant(tenantId, (tx) =>
    tx.one<Claimed>(
      `insert into job(tenant_id, name, payload, state, attempts, max_attempts, started_at, locked_until)
       values ($1, $2, $3, 'running', 1, 1, now(), now() + interval '5 minutes')
       returning tenant_id as "tenantId", id, name, payload, attempts, max_attempts as "maxAttempts"`,
      [tenantId, name, JSON.stringify(payload)],
    ),
  );
  return execute(db, log, new AbortController().signal, job!, files);
}
