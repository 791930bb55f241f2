import { describe, expect, it } from 'vitest';
import { ENTITIES } from '@erp/entities';
import { masterControllers } from '../../../modules/master/index.ts';
import { adminControllers } from '../../../modules/system/admin/index.ts';

describe('entity controllers', () => {
  it('each names a registry entity, once, and filters only its computed columns', () => {
    const all = [...masterControllers, ...adminControllers];
    expect(new Set(all.map((c) => c.entity)).size).toBe(all.length);
    for (const c of all) {
      const def = ENTITIES[c.entity];
      expect(def, c.entity).toBeDefined();
      for (const key of Object.keys(c.filters ?? {})) expect(def.computed?.[key], `${c.entity}.${key}`).toBeDefined();
      if (c.listFill) expect(def.computed, `${c.entity} fills computed columns`).toBeDefined();
    }
  });
});
