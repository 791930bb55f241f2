import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../db/database.ts';
import type { FileStore } from '../files/index.ts';

/** What a handler gets: its company's scope, its payload, and a way to report progress. */
export interface JobContext<P = Record<string, unknown>> {
  jobId: number;
  tenantId: number;
  payload: P;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** A transaction in the job's company (row-level security applies). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Records percent done (0–100) and a line of text; the web's job list shows it. Call it between
   * transactions, not inside ctx.tenant(): PGlite has one connection, so it would wait on itself.
   */
  progress(percent: number, message?: string): Promise<void>;
  /** Aborted when the process shuts down: a long handler stops after its current step. */
  signal: AbortSignal;
  db: Database;
  log: FastifyBaseLogger;
  /** The app's file store, when the runner was given one (RunnerOptions.files). */
  files?: FileStore;
}

export interface JobOptions {
  /** Retries after the first failure (default 0). */
  retry?: number;
  /** Delay before retry n is delayMs · factor^(n-1) (default 1 s, factor 2). */
  backoff?: { delayMs: number; factor?: number };
  /** A schedule: a cron expression (seconds field allowed) or a fixed interval in ms; fires once per company below. */
  schedule?: { cron?: string; everyMs?: number; tenants: (db: Database) => Promise<number[]> };
  /** At most one queued or running job of this name per company; a second enqueue returns the first. */
  singletonPerTenant?: boolean;
  /** How long a claimed job may run before another worker assumes it died (default 5 min). */
  leaseMs?: number;
}

export interface JobDefinition extends JobOptions {
  name: string;
  handler: (ctx: JobContext) => Promise<unknown>;
}

const registry = new Map<string, JobDefinition>();

/** Registers a job kind. Defining a name again replaces it (tests define their own). */
export function defineJob<P = Record<string, unknown>>(name: string, handler: (ctx: JobContext<P>) => Promise<unknown>, opts: JobOptions = {}): JobDefinition {
  const def: JobDefinition = { name, handler: handler as JobDefinition['handler'], ...opts };
  registry.set(name, def);
  return def;
}

export const jobDefinitions = (): JobDefinition[] => [...registry.values()];
export const jobDefinition = (name: string) => registry.get(name);

export interface EnqueueOptions {
  tenantId: number;
  runAt?: Date;
  /** Overrides the definition's singleton: one queued/running job per (company, name, key). */
  singletonKey?: string;
}

/**
 * Adds a job. With `tx` the job is part of that transaction (it runs only if it commits); without
 * one it is written in its own company transaction. Returns the job id (the existing job's id
 * when a singleton is already queued or running).
 */
export async function enqueue(target: Tx | Database, name: string, payload: Record<string, unknown>, opts: EnqueueOptions): Promise<number> {
  const def = registry.get(name);
  if (!def) throw new Error(`job ${name} is not defined`);
  const key = opts.singletonKey ?? (def.singletonPerTenant ? '' : null);
  const write = async (tx: Tx): Promise<number> => {
    // the singleton may finish between the conflict and the look-up: then the insert is tried again
    for (;;) {
      const row = await tx.one<{ id: number }>(
        `insert into job(tenant_id, name, payload, max_attempts, run_at, singleton_key)
         values ($1, $2, $3, $4, coalesce($5::timestamptz, now()), $6) on conflict do nothing returning id`,
        [opts.tenantId, name, JSON.stringify(payload), (def.retry ?? 0) + 1, opts.runAt?.toISOString() ?? null, key],
      );
      if (row) return Number(row.id);
      if (key === null) throw new Error(`job ${name} was not enqueued`);
      const existing = await tx.one<{ id: number }>(
        `select id from job where tenant_id = $1 and name = $2 and singleton_key = $3 and state in ('queued', 'running')`,
        [opts.tenantId, name, key],
      );
      if (existing) return Number(existing.id);
    }
  };
  return 'tenant' in target ? target.tenant(opts.tenantId, write) : write(target);
}

export interface JobStatus {
  id: number;
  name: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: string;
  progressMessage: string | null;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  createTime: string;
  startTime: string | null;
  finishTime: string | null;
}

const TIME = `'YYYY-MM-DD HH24:MI:SS'`;
const COLUMNS = `id, name, state, progress::text as progress, progress_message as "progressMessage", attempts,
  max_attempts as "maxAttempts", error, to_char(created_at, ${TIME}) as "createTime",
  to_char(started_at, ${TIME}) as "startTime", to_char(finished_at, ${TIME}) as "finishTime"`;

export async function jobStatus(tx: Tx, tenantId: number, id: number): Promise<JobStatus | undefined> {
  return tx.one<JobStatus>(`select ${COLUMNS} from job where tenant_id = $1 and id = $2`, [tenantId, id]);
}

export async function listJobs(tx: Tx, tenantId: number, f: { name?: string; state?: string; currentPage: number; pageSize: number }) {
  const where = `where tenant_id = $1 and ($2::text is null or name = $2) and ($3::text is null or state = $3)`;
  const params = [tenantId, f.name ?? null, f.state ?? null];
  const count = await tx.one<{ total: number }>(`select count(*)::int as total from job ${where}`, params);
  const rows = await tx.query<JobStatus>(`select ${COLUMNS} from job ${where} order by id desc limit $4 offset $5`, [
    ...params,
    f.pageSize,
    (f.currentPage - 1) * f.pageSize,
  ]);
  return { rows, total: count?.total ?? 0 };
}
