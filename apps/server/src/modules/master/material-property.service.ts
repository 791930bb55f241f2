import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { logWrite } from '../../platform/audit.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';

const COLUMNS = `id, native_name as "nativeName", another_name as "anotherName", enabled, sort`;

/** Material field aliases as a paged list, searched by alias. */
export async function listMaterialProperties(tx: Tx, tenantId: number, query: { search?: { anotherName?: string }; currentPage: number; pageSize: number }) {
  const like = query.search?.anotherName ? `%${query.search.anotherName.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
  const where = 'where tenant_id = $1 and ($2::text is null or another_name ilike $2)';
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from material_property ${where}`, [tenantId, like]);
  const rows = await tx.query(`select ${COLUMNS} from material_property ${where} order by sort, id limit $3 offset $4`, [
    tenantId,
    like,
    query.pageSize,
    (query.currentPage - 1) * query.pageSize,
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Renames, switches or reorders one alias; an alias is unique in the company. */
export async function updateMaterialProperty({ tx, session, ip }: RequestCtx, body: { id: number; anotherName: string; enabled?: boolean; sort?: string }) {
  // two fields under one label could not be told apart on the material form
  const clash = await tx.one('select 1 from material_property where tenant_id = $1 and id <> $2 and another_name = $3', [
    session.tenantId,
    body.id,
    body.anotherName,
  ]);
  if (clash) throw new BusinessError(`别名已存在: ${body.anotherName}`);
  const row = await tx.one(
    `update material_property set another_name = $3, enabled = coalesce($4, enabled), sort = coalesce($5, sort)
      where tenant_id = $1 and id = $2 returning ${COLUMNS}`,
    [session.tenantId, body.id, body.anotherName, body.enabled ?? null, body.sort ?? null],
  );
  if (!row) throw notFound();
  await logWrite(tx, session, ip, 'update', 'materialProperty', [body.id], body);
  return { ...row, message: '修改成功' };
}
