// Writes the migration that brings the tables in line with the entity definitions:
//   npm run entity-migration -- <migration-name> [entity …]
// Migrates a fresh in-memory database, compares every definition (or the named ones) with its
// table (apps/server/src/platform/crud/ddl-drift.ts) and writes the next numbered file with a
// create table for a new entity and add column for a new field. Review it, then commit it with
// the definition; the test definitions-match-tables.test.ts fails until both are in.
import fs from 'node:fs';
import path from 'node:path';
import { ENTITIES } from '@erp/entities';
import { openPglite } from '../apps/server/src/platform/db/pglite.ts';
import { migrate, MIGRATIONS_DIR } from '../apps/server/src/platform/db/migrate.ts';
import { entityDrift } from '../apps/server/src/platform/crud/ddl-drift.ts';

const [name, ...entities] = process.argv.slice(2);
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: entity-migration.ts <migration_name> [entity …]   (name: lower case, digits, _)');
  process.exit(2);
}
const unknown = entities.filter((e) => !ENTITIES[e]);
if (unknown.length) {
  console.error(`unknown entities: ${unknown.join(', ')}`);
  process.exit(2);
}
const db = await openPglite();
await migrate(db);
const defs = entities.length ? entities.map((e) => ENTITIES[e]) : Object.values(ENTITIES);
const drift = await db.system((tx) => entityDrift(tx, defs));
await db.close();
const manual = drift.filter((d) => !d.fix);
for (const d of manual) console.error(`needs a hand-written change: ${d.entity}: ${d.problem}`);
const fixes = drift.filter((d) => d.fix);
if (!fixes.length) {
  console.log(manual.length ? 'nothing written' : 'the tables match the definitions: nothing to write');
  process.exit(manual.length ? 1 : 0);
}
const next = Math.max(0, ...fs.readdirSync(MIGRATIONS_DIR).map((f) => Number(f.slice(0, 3)) || 0)) + 1;
const sql = fixes.map((d) => `-- ${ENTITIES[d.entity].label.zh} (${d.entity}): ${d.problem}\n${d.fix}`);
const file = path.join(MIGRATIONS_DIR, `${String(next).padStart(3, '0')}_${name}.sql`);
fs.writeFileSync(file, `-- generated from packages/entities by scripts/entity-migration.ts\n${sql.join('\n\n')}\n`);
console.log(`wrote ${path.relative(process.cwd(), file)}`);
