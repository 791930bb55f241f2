import Decimal from 'decimal.js';
import { defineController } from '../../../platform/crud/controller.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { refuseBomCycle } from './bom-rules.ts';

const positive = (v: unknown) => v === undefined || v === null || new Decimal(String(v)).gt(0);

/** BOM rules the definition cannot say: quantities above zero, no cycles, one default version per product. */
export const bomController = defineController({
  entity: 'bom',
  beforeSave: async ({ tx, session }, row, id) => {
    if (!positive(row.qty)) throw new BusinessError('基本数量必须大于0');
    const lines = row.lines as Array<Record<string, unknown>> | undefined;
    for (const [i, l] of (lines ?? []).entries()) {
      if (!positive(l.qty)) throw new BusinessError(`第${i + 1}行子件用量必须大于0`);
      if (l.substituteId != null && l.substituteId === l.materialId) throw new BusinessError(`第${i + 1}行替代料不能是子件本身`);
    }
    const subs = row.substitutes as Array<Record<string, unknown>> | undefined;
    if (!subs?.length) return;
    const components = lines
      ? lines.map((l) => Number(l.materialId))
      : (
          await tx.query<{ id: number }>('select material_id::int as id from mfg_bom_line where tenant_id = $1 and bom_id = $2', [session.tenantId, id ?? 0])
        ).map((r) => r.id);
    for (const [i, s] of subs.entries()) {
      if (!components.includes(Number(s.materialId))) throw new BusinessError(`替代料第${i + 1}行的子件不在本BOM的子件中`);
      if (s.substituteId === s.materialId) throw new BusinessError(`替代料第${i + 1}行替代料不能是子件本身`);
    }
  },
  afterSave: async ({ tx, session }, row, id) => {
    await refuseBomCycle(tx, session.tenantId, id!);
    if (row.isDefault === true) {
      await tx.query(
        `update mfg_bom set is_default = false, updated_at = now()
          where tenant_id = $1 and is_default and id <> $2 and material_id = (select material_id from mfg_bom where tenant_id = $1 and id = $2)`,
        [session.tenantId, id],
      );
    }
  },
});

/** A route is its operations: one without any is refused. */
export const routeController = defineController({
  entity: 'route',
  beforeSave: async (_c, row, id) => {
    const ops = row.operations as unknown[] | undefined;
    if ((id === undefined && !ops?.length) || (ops !== undefined && ops.length === 0)) throw new BusinessError('工艺路线至少需要一道工序');
  },
});
