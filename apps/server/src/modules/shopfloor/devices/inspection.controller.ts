import { Decimal } from 'decimal.js';
import { limitsRefusal } from '@erp/entities';
import { defineController } from '../../../platform/crud/controller.ts';
import { BusinessError } from '../../../platform/errors.ts';

type Row = Record<string, unknown>;
const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/** An inspection item: limits the right way round; a range item has at least one limit. */
export const inspectionItemController = defineController({
  entity: 'deviceInspectionItem',
  beforeSave: async ({ tx, session }, row, id) => {
    const old = id
      ? await tx.one<Row>(
          `select value_kind as "valueKind", lower_limit::text as "lowerLimit", upper_limit::text as "upperLimit" from sf_inspection_item where tenant_id = $1 and id = $2`,
          [session.tenantId, id],
        )
      : null;
    const v = { ...old, ...row };
    const refusal = limitsRefusal(v.lowerLimit, v.upperLimit);
    if (refusal) throw new BusinessError(refusal);
    if (v.valueKind === 'range' && !given(v.lowerLimit) && !given(v.upperLimit)) throw new BusinessError('数值点检项目至少需要上限或下限');
  },
});

interface ItemDef {
  id: number;
  name: string;
  kind: string;
  lower: string | null;
  upper: string | null;
}

const inRange = (it: ItemDef, value: unknown) => {
  const x = new Decimal(String(value));
  return (it.lower === null || x.gte(it.lower)) && (it.upper === null || x.lte(it.upper));
};

/**
 * An inspection task: a range item passes when its value lies within the limits; with an inspector named
 * the task is done — every range item needs its value, and the status is 正常 when all passed, else 异常;
 * without one it stays 待点检.
 */
export const inspectionTaskController = defineController({
  entity: 'deviceInspectionTask',
  beforeSave: async ({ tx, session }, row, id) => {
    const old = id
      ? await tx.one<Row>(`select inspector, inspected_at as "inspectedAt" from sf_inspection_task where tenant_id = $1 and id = $2`, [session.tenantId, id])
      : null;
    const lines: Row[] =
      (row.results as Row[] | undefined) ??
      (id
        ? await tx.query<Row>(`select item_id as "itemId", value::text as value, passed from sf_inspection_result where tenant_id = $1 and task_id = $2`, [
            session.tenantId,
            id,
          ])
        : []);
    const defs = await tx.query<ItemDef>(
      `select id::int as id, name, value_kind as kind, lower_limit::text as lower, upper_limit::text as upper from sf_inspection_item where tenant_id = $1 and id = any($2::bigint[])`,
      [session.tenantId, lines.map((l) => l.itemId)],
    );
    const byId = new Map(defs.map((d) => [d.id, d]));
    for (const l of lines) {
      const it = byId.get(Number(l.itemId));
      if (it?.kind === 'range' && given(l.value)) l.passed = inRange(it, l.value);
    }
    const inspector = 'inspector' in row ? row.inspector : old?.inspector;
    if (!given(inspector)) {
      row.status = 'open';
      return;
    }
    const missing = lines.map((l) => byId.get(Number(l.itemId))).find((it, i) => it?.kind === 'range' && !given(lines[i]!.value));
    if (missing) throw new BusinessError(`点检项目“${missing.name}”未填写测量值`);
    row.status = lines.every((l) => l.passed === true) ? 'normal' : 'abnormal';
    if (!given(row.inspectedAt) && !given(old?.inspectedAt)) row.inspectedAt = new Date().toISOString().slice(0, 19).replace('T', ' ');
  },
});
