// Writes the next numbered migration with the tables of the named entities:
//   node --import tsx scripts/entity-migration.ts <migration-name> <entity> [entity …]
// The file is a starting point to review and commit; later changes to a table are new migrations.
import fs from 'node:fs';
import path from 'node:path';
import { ENTITIES } from '@erp/entities';
import { entityDDL } from '../apps/server/src/platform/crud/ddl.ts';

const [name, ...entities] = process.argv.slice(2);
if (!name || !entities.length) {
  console.error('usage: entity-migration.ts <migration-name> <entity> [entity …]');
  process.exit(2);
}
const dir = path.resolve(import.meta.dirname, '../db/migrations');
const next = Math.max(0, ...fs.readdirSync(dir).map((f) => Number(f.slice(0, 3)) || 0)) + 1;
const sql = entities.map((e) => {
  const def = ENTITIES[e];
  if (!def) throw new Error(`unknown entity ${e}`);
  return `-- ${def.label.zh} (${def.label.en}): generated from packages/entities by scripts/entity-migration.ts\n${entityDDL(def)}`;
});
const file = path.join(dir, `${String(next).padStart(3, '0')}_${name}.sql`);
fs.writeFileSync(file, sql.join('\n\n') + '\n');
console.log(`wrote ${path.relative(process.cwd(), file)}`);
