import { defineController } from '../../platform/crud/controller.ts';
import { BusinessError } from '../../platform/errors.ts';

const PAIRS = [
  ['otherUnit', 'ratio'],
  ['otherUnitTwo', 'ratioTwo'],
  ['otherUnitThree', 'ratioThree'],
] as const;

export const unitController = defineController({
  entity: 'unit',
  /** A sub-unit needs a positive ratio to the base unit, and a ratio needs its sub-unit. */
  beforeSave: async ({ tx, session }, row, id) => {
    const stored = id
      ? await tx.one<Record<string, unknown>>(
          `select other_unit as "otherUnit", ratio, other_unit_two as "otherUnitTwo", ratio_two as "ratioTwo",
                other_unit_three as "otherUnitThree", ratio_three as "ratioThree" from unit where tenant_id = $1 and id = $2`,
          [session.tenantId, id],
        )
      : undefined;
    const v = { ...stored, ...Object.fromEntries(Object.entries(row).filter(([, x]) => x !== undefined)) };
    for (const [u, r] of PAIRS) {
      const hasUnit = typeof v[u] === 'string' && v[u] !== '';
      const hasRatio = v[r] !== null && v[r] !== undefined && v[r] !== '';
      if (hasUnit !== hasRatio) throw new BusinessError('副单位和比例须同时填写');
      if (hasRatio && !(Number(v[r]) > 0)) throw new BusinessError('比例必须大于0');
    }
  },
});
