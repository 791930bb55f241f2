import crypto from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { defineJob, enqueue } from '../../platform/jobs/queue.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import type { Tx } from '../../platform/db/database.ts';

/**
 * A flow's outgoing webhook (issue 15, "approval process and its API config"): when an instance of the flow is
 * passed or rejected, a delivery is logged in the action's transaction and a background job (platform/jobs) POSTs
 * the body, signed with HMAC-SHA256 of the flow's secret (`X-Erp-Signature: sha256=<hex>`), retrying with backoff
 * until the receiver answers 2xx. Only HTTPS, or plain HTTP to the loopback host (a receiver on the same machine).
 */
export const WEBHOOK_JOB = 'workflow.webhook';
export const WEBHOOK_RETRIES = 5;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
    } catch {
      return false;
    }
  }, '回调地址须为 https:// 地址');
export const webhookSecretSchema = z.string().min(16, '签名密钥至少 16 位').max(200);

/** What a delivery names of the instance that ended. */
interface Ended {
  id: number;
  version_id: number;
  doc_type: string;
  bus_id: number;
  bus_number: string;
}

export const sign = (secret: string, body: string) => `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

/** Sets or clears a flow's webhook; a new address needs a secret, given now or kept from before. */
export async function setWebhook(tx: Tx, tenantId: number, flowId: number, url: string | null | undefined, secret: string | undefined) {
  if (url === undefined && secret === undefined) return;
  const f = await tx.one<{ webhook_secret: string | null }>('select webhook_secret from wf_flow where tenant_id = $1 and id = $2', [tenantId, flowId]);
  if (url && !secret && !f?.webhook_secret) throw badRequest('请设置签名密钥（至少 16 位）');
  await tx.query(
    `update wf_flow set webhook_url = case when $3::boolean then $4 else webhook_url end, webhook_secret = coalesce($5, webhook_secret)
      where tenant_id = $1 and id = $2`,
    [tenantId, flowId, url !== undefined, url ?? null, secret ?? null],
  );
}

/** At the end of an instance: logs a delivery and queues its job, inside the action's transaction (nothing if the flow has no webhook). */
export async function queueWebhook(c: RequestCtx, i: Ended, event: 'passed' | 'rejected', comment: string | null) {
  const f = await c.tx.one<{ id: number; model_key: string; version: number; webhook_url: string | null }>(
    `select f.id, f.model_key, v.version, f.webhook_url from wf_flow_version v join wf_flow f on f.tenant_id = v.tenant_id and f.id = v.flow_id
      where v.tenant_id = $1 and v.id = $2`,
    [c.session.tenantId, i.version_id],
  );
  if (!f?.webhook_url) return;
  const body = JSON.stringify({
    event,
    processId: `${f.model_key}:${f.version}:${i.version_id}`,
    instanceId: i.id,
    docType: i.doc_type,
    busId: i.bus_id,
    busNumber: i.bus_number,
    comment,
    time: new Date().toISOString(),
  });
  const d = await c.tx.one<{ id: number }>(
    `insert into wf_webhook_delivery(tenant_id, flow_id, instance_id, event, url, body) values ($1, $2, $3, $4, $5, $6) returning id`,
    [c.session.tenantId, f.id, i.id, event, f.webhook_url, body],
  );
  await enqueue(c.tx, WEBHOOK_JOB, { deliveryId: Number(d!.id) }, { tenantId: c.session.tenantId });
}

defineJob<{ deliveryId: number }>(
  WEBHOOK_JOB,
  async (ctx) => {
    const d = await ctx.tenant((tx) =>
      tx.one<{ id: number; url: string; body: string; event: string; secret: string | null }>(
        `select d.id, d.url, d.body, d.event, f.webhook_secret as secret from wf_webhook_delivery d join wf_flow f on f.tenant_id = d.tenant_id and f.id = d.flow_id
          where d.tenant_id = $1 and d.id = $2`,
        [ctx.tenantId, ctx.payload.deliveryId],
      ),
    );
    if (!d) return;
    let code: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-erp-event': d.event,
          'x-erp-delivery': String(d.id),
          'x-erp-signature': sign(d.secret ?? '', d.body),
        },
        body: d.body,
        signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(10_000)]),
      });
      code = res.status;
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (e) {
      error = String((e as Error).cause ?? e).slice(0, 300);
    }
    const last = ctx.attempt > WEBHOOK_RETRIES;
    await ctx.tenant((tx) =>
      tx.query(
        `update wf_webhook_delivery set attempts = $3, response_code = $4, error = $5,
                status = case when $5::text is null then 'delivered' when $6 then 'failed' else 'pending' end,
                delivered_at = case when $5::text is null then now() end
          where tenant_id = $1 and id = $2`,
        [ctx.tenantId, d.id, ctx.attempt, code, error, last],
      ),
    );
    // a failure is retried by the queue, with backoff
    if (error) throw new Error(`webhook ${d.url}: ${error}`);
  },
  { retry: WEBHOOK_RETRIES, backoff: { delayMs: 2000, factor: 3 } },
);

/** A flow's delivery log, newest first. */
export async function webhookLog(c: RequestCtx, flowId: number, q: { currentPage: number; pageSize: number }) {
  const args = [c.session.tenantId, flowId];
  const total = await c.tx.one<{ n: number }>('select count(*)::int n from wf_webhook_delivery where tenant_id = $1 and flow_id = $2', args);
  const rows = await c.tx.query(
    `select id, instance_id as "instanceId", event, url, status, attempts, response_code as "responseCode", error,
            to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') as "createTime", to_char(delivered_at, 'YYYY-MM-DD HH24:MI:SS') as "deliveredTime"
       from wf_webhook_delivery where tenant_id = $1 and flow_id = $2 order by id desc limit $3 offset $4`,
    [...args, q.pageSize, (q.currentPage - 1) * q.pageSize],
  );
  return { rows: rows.map((r: any) => ({ ...r, id: Number(r.id), instanceId: Number(r.instanceId) })), total: total!.n };
}
