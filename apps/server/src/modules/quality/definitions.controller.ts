import { Decimal } from 'decimal.js';
import { choiceList, limitsRefusal } from '@erp/entities';
import { defineController } from '../../platform/crud/controller.ts';
import { BusinessError } from '../../platform/errors.ts';

const given = (v: unknown) => v !== null && v !== undefined && v !== '';
type Row = Record<string, unknown>;

/** A detection item: limits the right way round; a choice item names its choices and which pass. */
export const detectionItemController = defineController({
  entity: 'detectionItem',
  beforeSave: async ({ tx, session }, row, id) => {
    const old = id
      ? await tx.one<Row>(
          `select value_kind as "valueKind", lower_limit::text as "lowerLimit", upper_limit::text as "upperLimit", choices, pass_choices as "passChoices"
             from quality_detection_item where tenant_id = $1 and id = $2`,
          [session.tenantId, id],
        )
      : null;
    const v = { ...old, ...row };
    const refusal = limitsRefusal(v.lowerLimit, v.upperLimit);
    if (refusal) throw new BusinessError(refusal);
    if (v.valueKind === 'numeric' && !given(v.lowerLimit) && !given(v.upperLimit)) throw new BusinessError('数值检测项目至少需要上限或下限');
    if (v.valueKind === 'choice') {
      const pass = choiceList(v.passChoices as string);
      if (!pass.length) throw new BusinessError('选项检测项目须填写合格值');
      const all = choiceList(v.choices as string).map((x) => x.toLowerCase());
      const stray = pass.find((p) => all.length && !all.includes(p.toLowerCase()));
      if (stray) throw new BusinessError(`合格值“${stray}”不在可选值中`);
    }
  },
});

/** A template: for a material or a category, a complete sampling rule, and item limits the right way round. */
export const detectionTemplateController = defineController({
  entity: 'detectionTemplate',
  beforeSave: async ({ tx, session }, row, id) => {
    const old = id
      ? await tx.one<Row>(
          `select material_id as "materialId", category_id as "categoryId", sampling, sample_value::text as "sampleValue", aql_level as "aqlLevel", aql
             from quality_detection_template where tenant_id = $1 and id = $2`,
          [session.tenantId, id],
        )
      : null;
    const v = { ...old, ...row };
    if (!given(v.materialId) && !given(v.categoryId)) throw new BusinessError('检测模板须指定商品或商品类别');
    if (v.sampling === 'fixed' || v.sampling === 'percent') {
      const n = given(v.sampleValue) ? new Decimal(String(v.sampleValue)) : new Decimal(0);
      if (n.lte(0)) throw new BusinessError(v.sampling === 'fixed' ? '固定抽样数须大于0' : '抽样比例须大于0');
      if (v.sampling === 'percent' && n.gt(100)) throw new BusinessError('抽样比例不能超过100%');
    }
    if (v.sampling === 'aql' && (!given(v.aqlLevel) || !given(v.aql))) throw new BusinessError('AQL 抽样须选择检验水平和 AQL 值');
    const items = (row.items as Row[] | undefined) ?? [];
    if (!items.length) return;
    const defs = await tx.query<{ id: number; name: string; lower: string | null; upper: string | null }>(
      `select id, name, lower_limit::text as lower, upper_limit::text as upper from quality_detection_item where tenant_id = $1 and id = any($2::bigint[])`,
      [session.tenantId, items.map((i) => i.itemId)],
    );
    const byId = new Map(defs.map((d) => [Number(d.id), d]));
    for (const [i, it] of items.entries()) {
      const d = byId.get(Number(it.itemId));
      const lo = given(it.lowerLimit) ? it.lowerLimit : d?.lower;
      const hi = given(it.upperLimit) ? it.upperLimit : d?.upper;
      const refusal = limitsRefusal(lo, hi);
      if (refusal) throw new BusinessError(`第${i + 1}行${d ? `「${d.name}」` : ''}：${refusal}`);
    }
  },
});
