import { column, ENTITIES, type EntityDef } from '@erp/entities';
import { visibleFields } from './list-query.ts';

/**
 * The SELECT list and joins that turn a table row into the API's row: camelCase names, dates as
 * 'YYYY-MM-DD HH:mm:ss', exact decimals (made JSON numbers by toApi), link display names.
 */
export function selectParts(def: EntityDef, priceMasked: boolean): { select: string; joins: string } {
  const cols = ['t.id'];
  const joins: string[] = [];
  for (const [name, fd] of visibleFields(def, priceMasked)) {
    const col = `t.${column(name)}`;
    if (fd.kind === 'date') cols.push(`to_char(${col}, 'YYYY-MM-DD') as "${name}"`);
    else if (fd.kind === 'datetime') cols.push(`to_char(${col}, 'YYYY-MM-DD HH24:MI:SS') as "${name}"`);
    else cols.push(`${col} as "${name}"`);
    if (fd.kind === 'link' || fd.kind === 'parent') {
      const target = fd.kind === 'link' ? ENTITIES[fd.entity] : def;
      const display = (fd.kind === 'link' && fd.display) || target.nameField || 'id';
      const alias = `l_${column(name)}`;
      joins.push(`left join ${target.table} ${alias} on ${alias}.tenant_id = t.tenant_id and ${alias}.id = ${col}`);
      cols.push(`${alias}.${column(display)} as "${name.replace(/Id$/, '')}Name"`);
    }
  }
  if (def.status) cols.push('t.enabled');
  cols.push(`to_char(t.created_at, 'YYYY-MM-DD HH24:MI:SS') as "createTime"`, `to_char(t.updated_at, 'YYYY-MM-DD HH24:MI:SS') as "updateTime"`);
  return { select: cols.join(', '), joins: joins.join('\n') };
}

/** numeric columns arrive as exact strings; replies carry JSON numbers (ARCHITECTURE §3). */
export function toApi(def: EntityDef, row: Record<string, unknown>): Record<string, unknown> {
  for (const [name, fd] of Object.entries(def.fields)) {
    if ((fd.kind === 'money' || fd.kind === 'quantity' || (fd.kind === 'number' && !fd.int)) && typeof row[name] === 'string') {
      row[name] = Number(row[name]);
    }
  }
  return row;
}
