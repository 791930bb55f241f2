import { column, type EntityDef } from '@erp/entities';
import type { Tx } from '../db/database.ts';
import { entityDDL, sqlType } from './ddl.ts';

/** information_schema's name for each type ddl.ts writes (a hand-written table may use a wider equivalent). */
const SAME_TYPE: Record<string, string[]> = {
  text: ['text', 'character varying', 'character'],
  integer: ['integer', 'smallint', 'bigint'],
  'numeric(24,6)': ['numeric'],
  date: ['date'],
  timestamptz: ['timestamp with time zone'],
  boolean: ['boolean'],
  bigint: ['bigint', 'integer'],
};

export interface Drift {
  entity: string;
  problem: string;
  /** the statement that brings the table in line, when one can be written without a decision */
  fix?: string;
}

/**
 * Where an entity's table differs from its definition: a missing table, a field without its column,
 * a column of another type, a missing enabled or delete_flag column. Columns a table has beyond its
 * definition are allowed (system columns, columns a module keeps). Used by the test that keeps
 * definitions and migrations in step and by scripts/entity-migration.ts to write the migration.
 */
export async function entityDrift(tx: Tx, defs: EntityDef[]): Promise<Drift[]> {
  const cols = await tx.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns where table_schema = 'public'`,
  );
  const byTable = new Map<string, Map<string, string>>();
  for (const c of cols) {
    if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Map());
    byTable.get(c.table_name)!.set(c.column_name, c.data_type);
  }
  const out: Drift[] = [];
  for (const def of defs) {
    const table = byTable.get(def.table);
    if (!table) {
      out.push({ entity: def.name, problem: `table ${def.table} is missing`, fix: entityDDL(def) });
      continue;
    }
    const want: Array<[string, string]> = Object.entries(def.fields)
      .filter(([, fd]) => fd.kind !== 'lines')
      .map(([name, fd]) => [column(name), sqlType(fd)]);
    if (def.status) want.push(['enabled', 'boolean']);
    if (def.softDelete) want.push(['delete_flag', 'boolean']);
    for (const [col, type] of want) {
      const have = table.get(col);
      const flagDefault = col === 'enabled' ? ' not null default true' : type === 'boolean' ? ' not null default false' : '';
      if (!have)
        out.push({ entity: def.name, problem: `${def.table}.${col} is missing`, fix: `alter table ${def.table} add column ${col} ${type}${flagDefault};` });
      else if (!SAME_TYPE[type]?.includes(have)) out.push({ entity: def.name, problem: `${def.table}.${col} is ${have}, the definition says ${type}` });
    }
  }
  return out;
}
