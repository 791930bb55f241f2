import type { Database } from '../../../platform/db/database.ts';
import { defineJob } from '../../../platform/jobs/queue.ts';
import { runMrp, type MrpBucket, type MrpResult } from './mrp-engine.ts';

export const MRP_JOB = 'mfg.mrp';

/** Companies that plan production (have a BOM): the nightly run fires for each. */
async function planningTenants(db: Database): Promise<number[]> {
  const rows = await db.system((tx) =>
    tx.query<{ id: string }>(
      `select distinct b.tenant_id::text as id from mfg_bom b join tenant t on t.id = b.tenant_id
        where not b.delete_flag and t.enabled and not t.delete_flag and t.expire_time > now() order by 1`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

export const today = () => new Date().toISOString().slice(0, 10);

/** MRP as a background job (one per company at a time), on demand and nightly at 02:30. */
defineJob<{ planDate?: string; bucket?: MrpBucket; creator?: number }>(
  MRP_JOB,
  (ctx): Promise<MrpResult> =>
    runMrp(
      {
        tenantId: ctx.tenantId,
        tenant: (fn) => ctx.tenant(fn),
        analyze: (sql) => ctx.db.system((tx) => tx.exec(sql)),
        progress: (p, m) => ctx.progress(p, m),
        jobId: ctx.jobId,
        creator: ctx.payload.creator,
      },
      ctx.payload.planDate ?? today(),
      ctx.payload.bucket ?? 'week',
    ),
  { singletonPerTenant: true, schedule: { cron: '0 30 2 * * *', tenants: planningTenants } },
);
