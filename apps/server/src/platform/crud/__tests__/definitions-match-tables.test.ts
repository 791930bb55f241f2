import { describe, expect, it } from 'vitest';
import { ENTITIES } from '@erp/entities';
import { testApp } from '../../../test-support/harness.ts';
import { entityDrift } from '../ddl-drift.ts';

/**
 * Definitions and migrations stay in step: a field added to a definition without its column (or a
 * column of another type) fails here; `node --import tsx scripts/entity-migration.ts <name>` writes
 * the migration that fixes it.
 */
describe('entity definitions and their tables', async () => {
  const { db } = await testApp();

  it('every field of every registry entity has its column, of its type', async () => {
    const drift = await db.system((tx) => entityDrift(tx, Object.values(ENTITIES)));
    expect(drift.map((d) => `${d.entity}: ${d.problem}`)).toEqual([]);
  });

  it('notices a field without its column', async () => {
    const def = ENTITIES.unit;
    const changed = { ...def, fields: { ...def.fields, shelfCode: { kind: 'text' as const, label: { zh: '货架', en: 'Shelf' } } } };
    const drift = await db.system((tx) => entityDrift(tx, [changed]));
    expect(drift).toEqual([{ entity: 'unit', problem: 'unit.shelf_code is missing', fix: 'alter table unit add column shelf_code text;' }]);
  });
});
