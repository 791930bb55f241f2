import { logWrite } from '../../platform/audit.ts';
import { today } from '../../platform/clock.ts';
import { BusinessError } from '../../platform/errors.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { loadCatalogue } from './catalogue.queries.ts';
import type { Draft } from '@erp/entities';
import { recognise } from './recognise.ts';

/** The draft sales order a pasted message describes, matched against the company's own catalogue. */
export async function recogniseText({ tx, session }: RequestCtx, text: string): Promise<Draft> {
  const catalogue = await loadCatalogue(tx, session.tenantId, text);
  return recognise(text, catalogue, today());
}

export interface AliasInput {
  kind: 'customer' | 'material' | 'unit';
  targetId?: number;
  targetText?: string;
  alias: string;
}

/** Adds a word the company's customers use for a customer, a material or a unit. */
export async function addAlias({ tx, session, ip }: RequestCtx, input: AliasInput): Promise<{ id: number }> {
  const t = session.tenantId;
  if (input.kind === 'unit') {
    if (!input.targetText) throw new BusinessError('请填写别名对应的单位');
  } else {
    const table = input.kind === 'customer' ? `partner where type = '客户' and` : 'material where';
    const found = input.targetId && (await tx.one(`select 1 from ${table} tenant_id = $1 and id = $2 and not delete_flag`, [t, input.targetId]));
    if (!found) throw new BusinessError(input.kind === 'customer' ? '客户不存在' : '商品不存在');
  }
  const dup = await tx.one('select 1 from textai_alias where tenant_id = $1 and kind = $2 and lower(alias) = lower($3)', [t, input.kind, input.alias]);
  if (dup) throw new BusinessError('该别名已存在');
  const row = await tx.one<{ id: string }>(
    `insert into textai_alias(tenant_id, kind, target_id, target_text, alias, creator) values ($1, $2, $3, $4, $5, $6) returning id`,
    [t, input.kind, input.kind === 'unit' ? null : input.targetId, input.kind === 'unit' ? input.targetText : null, input.alias, session.userId],
  );
  const id = Number(row!.id);
  await logWrite(tx, session, ip, '新增', '识别别名', [id], { alias: input.alias });
  return { id };
}

export async function deleteAlias({ tx, session, ip }: RequestCtx, id: number): Promise<void> {
  const gone = await tx.query('delete from textai_alias where tenant_id = $1 and id = $2 returning id', [session.tenantId, id]);
  if (gone.length === 0) throw new BusinessError('别名不存在');
  await logWrite(tx, session, ip, '删除', '识别别名', [id]);
}

export interface AliasRow {
  id: number;
  kind: string;
  targetId: number | null;
  targetName: string | null;
  alias: string;
}

export async function listAliases({ tx, session }: RequestCtx): Promise<AliasRow[]> {
  const rows = await tx.query<{ id: string; kind: string; target_id: string | null; target_name: string | null; alias: string }>(
    `select a.id, a.kind, a.target_id, coalesce(p.name, m.name, a.target_text) target_name, a.alias from textai_alias a
       left join partner p on a.kind = 'customer' and p.tenant_id = a.tenant_id and p.id = a.target_id
       left join material m on a.kind = 'material' and m.tenant_id = a.tenant_id and m.id = a.target_id
      where a.tenant_id = $1 order by a.kind, a.alias limit 1000`,
    [session.tenantId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    targetId: r.target_id === null ? null : Number(r.target_id),
    targetName: r.target_name,
    alias: r.alias,
  }));
}
