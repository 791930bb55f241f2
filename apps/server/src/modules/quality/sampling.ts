import { Decimal } from 'decimal.js';
import { aqlPlan, simpleSampleSize, type AqlLevel } from '@erp/entities';
import type { Tx } from '../../platform/db/database.ts';

export interface TemplateRow {
  id: number;
  sampling: 'fixed' | 'percent' | 'aql';
  sample_value: string | null;
  aql_level: string | null;
  aql: string | null;
}

/** The template a material is inspected by at a stage: its own first, else its category's. */
export async function templateFor(tx: Tx, tenantId: number, materialId: number, stage: string): Promise<TemplateRow | null> {
  const t = await tx.one<TemplateRow>(
    `select t.id, t.sampling, t.sample_value::text, t.aql_level, t.aql from quality_detection_template t
       join material m on m.tenant_id = t.tenant_id and m.id = $2
      where t.tenant_id = $1 and t.stage = $3 and t.enabled and not t.delete_flag
        and (t.material_id = m.id or (t.material_id is null and t.category_id = m.category_id))
        and exists (select 1 from quality_detection_template_item i where i.tenant_id = t.tenant_id and i.template_id = t.id)
      order by (t.material_id is not null) desc, t.id limit 1`,
    [tenantId, materialId, stage],
  );
  return t ?? null;
}

/** Sample size and acceptance/rejection numbers of a lot under a template's rule (fixed and percentage: any defective sample rejects). */
export function planOf(t: TemplateRow, lotQty: Decimal) {
  const lot = Math.max(1, lotQty.ceil().toNumber());
  if (t.sampling === 'aql') {
    const p = aqlPlan(lot, (t.aql_level ?? 'II') as AqlLevel, t.aql ?? '2.5');
    return { sampleSize: p.sampleSize, accept: p.accept, reject: p.reject };
  }
  return { sampleSize: simpleSampleSize(t.sampling, t.sample_value ?? '1', lot), accept: 0, reject: 1 };
}
