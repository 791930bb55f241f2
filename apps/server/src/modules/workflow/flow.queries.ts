import type { FlowGraph } from '@erp/entities';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { notFound } from '../../platform/errors.ts';
import { approvables } from './approvable.ts';

/** The workflow templates (SPEC §3): each flow with its latest deployment. */
export async function listFlows(c: RequestCtx, q: { processType?: string; processName?: string; currentPage: number; pageSize: number }) {
  const values: unknown[] = [c.session.tenantId];
  const $ = (v: unknown) => (values.push(v), `$${values.length}`);
  const where = ['f.tenant_id = $1', 'not f.delete_flag'];
  if (q.processType) where.push(`f.process_type = ${$(q.processType)}`);
  if (q.processName) where.push(`f.process_name like ${$(`%${q.processName.replace(/[\\%_]/g, '\\$&')}%`)}`);
  const filter = where.join(' and ');
  const total = await c.tx.one<{ n: number }>(`select count(*)::int as n from wf_flow f where ${filter}`, values);
  const rows = await c.tx.query<{ id: number; modelKey: string; version: number | null; deployId: number | null }>(
    `select f.id, f.process_name as "processName", f.model_key as "modelKey", f.process_type as "processType", f.enabled,
            v.version, v.id as "deployId", to_char(v.deployed_at, 'YYYY-MM-DD HH24:MI:SS') as "deployTime"
       from wf_flow f
       left join lateral (select id, version, deployed_at from wf_flow_version where tenant_id = f.tenant_id and flow_id = f.id order by version desc limit 1) v on true
      where ${filter} order by f.id desc limit ${$(q.pageSize)} offset ${$((q.currentPage - 1) * q.pageSize)}`,
    values,
  );
  const processId = (r: (typeof rows)[number]) => (r.version ? `${r.modelKey}:${r.version}:${r.deployId}` : null);
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id), deployId: r.deployId && Number(r.deployId), processId: processId(r) })), total: total!.n };
}

/** One flow: its draft graph and its deployed versions. */
export async function flowDetail(c: RequestCtx, id: number) {
  const f = await c.tx.one<{ graph: FlowGraph }>(
    `select id, process_name as "processName", model_key as "modelKey", process_type as "processType", enabled, graph,
            webhook_url as "webhookUrl", webhook_secret is not null as "hasWebhookSecret"
       from wf_flow where tenant_id = $1 and id = $2 and not delete_flag`,
    [c.session.tenantId, id],
  );
  if (!f) throw notFound('流程不存在或已删除');
  const versions = await c.tx.query(
    `select id as "deployId", version, to_char(deployed_at, 'YYYY-MM-DD HH24:MI:SS') as "deployTime" from wf_flow_version where tenant_id = $1 and flow_id = $2 order by version desc`,
    [c.session.tenantId, id],
  );
  return { ...f, versions };
}

/** The document types flows can be bound to, with the fields their conditions may test (for the designer). */
export function businessTypes() {
  return approvables().map((a) => ({ docType: a.docType, label: a.label, fields: a.fields }));
}
