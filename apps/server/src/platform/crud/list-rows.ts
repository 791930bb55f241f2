import type { z } from 'zod';
import { column, type EntityDef, type listQuerySchema } from '@erp/entities';
import type { Tx } from '../db/database.ts';
import type { Session } from '../auth/session.ts';
import { notFound } from '../errors.ts';
import { buildWhere, orderBy, type Where } from './list-query.ts';
import { selectParts, toApi } from './rows.ts';
import { runListHook } from './hooks.ts';

/** The live rows of the session's company: tenant named explicitly, RLS behind it. */
function baseWhere(def: EntityDef, s: Session): Where {
  return { sql: ['t.tenant_id = $1', ...(def.softDelete ? ['not t.delete_flag'] : [])], params: [s.tenantId] };
}

export async function listRows(tx: Tx, def: EntityDef, s: Session, q: z.infer<typeof listQuerySchema>, idList?: number[]) {
  const w = baseWhere(def, s);
  buildWhere(def, q, s.priceMasked, w);
  if (idList) w.sql.push(`t.id = any($${w.params.push(idList)}::bigint[])`);
  const where = w.sql.join(' and ');
  const { select, joins } = selectParts(def, s.priceMasked);
  const order = orderBy(def, q, s.priceMasked);
  const rows = await tx.query<Record<string, unknown>>(
    `select ${select} from ${def.table} t ${joins} where ${where} order by ${order}
      limit ${q.pageSize} offset ${(q.currentPage - 1) * q.pageSize}`,
    w.params,
  );
  const sums = (def.sums ?? []).filter((k) => !(s.priceMasked && def.fields[k].price));
  const agg = await tx.one<Record<string, string | number>>(
    `select count(*)::int as total${sums.map((k) => `, coalesce(sum(t.${column(k)}), 0) as "${k}"`).join('')} from ${def.table} t where ${where}`,
    w.params,
  );
  const apiRows = rows.map((r) => toApi(def, r));
  await runListHook({ tx, session: s, def }, apiRows);
  const out: Record<string, unknown> = { rows: apiRows, total: agg!.total };
  if (sums.length) out.sums = Object.fromEntries(sums.map((k) => [k, Number(agg![k])]));
  return out;
}

export async function info(tx: Tx, def: EntityDef, s: Session, id: number) {
  const w = baseWhere(def, s);
  w.sql.push(`t.id = $${w.params.push(id)}`);
  const { select, joins } = selectParts(def, s.priceMasked);
  const row = await tx.one<Record<string, unknown>>(`select ${select} from ${def.table} t ${joins} where ${w.sql.join(' and ')}`, w.params);
  if (!row) throw notFound('记录不存在或已删除');
  // child lines come with the record
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.kind !== 'lines') continue;
    const c = selectParts(fd.of, s.priceMasked);
    const lines = await tx.query<Record<string, unknown>>(
      `select ${c.select} from ${fd.of.table} t ${c.joins}
        where t.tenant_id = $1 and t.${column(fd.foreignKey)} = $2 ${fd.of.softDelete ? 'and not t.delete_flag' : ''} order by t.id`,
      [s.tenantId, id],
    );
    row[k] = lines.map((l) => toApi(fd.of, l));
  }
  return toApi(def, row);
}

