import { defineEntity, f } from '../kit/definition.ts';

/** A component of a BOM: quantity per the BOM's output quantity, scrap, an optional substitute; a phantom is exploded through. */
export const bomLine = defineEntity({
  name: 'bomLine',
  table: 'mfg_bom_line',
  area: 'manufacturing',
  kind: 'line',
  label: { zh: 'BOM明细', en: 'BOM line' },
  menu: '/material/bom',
  fields: {
    bomId: f.link('BOM', 'BOM', { entity: 'bom', required: true }),
    seq: f.number('序号', 'No.', { int: true, min: 1, max: 9999 }),
    materialId: f.link('子件', 'Component', { entity: 'material', required: true }),
    qty: f.quantity('用量', 'Quantity', { required: true, min: 0 }),
    unit: f.text('单位', 'Unit', { max: 20 }),
    scrapRate: f.number('损耗率(%)', 'Scrap (%)', { min: 0, max: 99 }),
    substituteId: f.link('替代料', 'Substitute', { entity: 'material' }),
    phantom: f.bool('虚拟件', 'Phantom'),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});

/**
 * More substitutes of a BOM's component, drawn by priority (1 first): MRP covers a shortage of the
 * component from their free stock before it proposes the component (the line's own 替代料 counts as priority 1).
 */
export const bomSubstitute = defineEntity({
  name: 'bomSubstitute',
  table: 'mfg_bom_substitute',
  area: 'manufacturing',
  kind: 'line',
  label: { zh: 'BOM替代料', en: 'BOM substitute' },
  menu: '/material/bom',
  fields: {
    bomId: f.link('BOM', 'BOM', { entity: 'bom', required: true }),
    materialId: f.link('子件', 'Component', { entity: 'material', required: true }),
    substituteId: f.link('替代料', 'Substitute', { entity: 'material', required: true }),
    priority: f.number('优先级', 'Priority', { required: true, int: true, min: 1, max: 99 }),
  },
});

/** A bill of materials (物料清单) of one product in one version; the default version is the one planning explodes. */
export const bom = defineEntity({
  name: 'bom',
  table: 'mfg_bom',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '物料清单', en: 'BOM' },
  menu: '/material/bom',
  nameField: 'version',
  nameScope: ['materialId'],
  nameExistsMessage: '该产品的BOM版本已存在',
  status: true,
  softDelete: true,
  fields: {
    materialId: f.link('产品', 'Product', { entity: 'material', required: true, search: 'eq' }),
    version: f.text('版本', 'Version', { required: true, max: 20, search: 'like', sort: true }),
    qty: f.quantity('基本数量', 'Output quantity', { required: true, min: 0 }),
    routeId: f.link('工艺路线', 'Route', { entity: 'route' }),
    isDefault: f.bool('默认版本', 'Default'),
    remark: f.text('备注', 'Remark', { max: 200 }),
    lines: f.lines('子件', 'Components', { of: bomLine, foreignKey: 'bomId', maxLines: 500 }),
    substitutes: f.lines('替代料', 'Substitutes', { of: bomSubstitute, foreignKey: 'bomId', maxLines: 200 }),
  },
});

/** How planning treats a material: made or bought, lead time in working days, safety stock, lot sizing. */
export const itemPlan = defineEntity({
  name: 'itemPlan',
  table: 'mfg_item_plan',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '物料计划参数', en: 'Planning parameters' },
  menu: '/manufacture/item_plan',
  nameField: 'materialId',
  nameExistsMessage: '该物料已有计划参数',
  fields: {
    materialId: f.link('物料', 'Material', { entity: 'material', required: true, search: 'eq' }),
    source: f.enum('来源', 'Source', {
      required: true,
      search: 'eq',
      options: [
        { value: 'make', label: { zh: '自制', en: 'Make' } },
        { value: 'buy', label: { zh: '采购', en: 'Buy' } },
      ],
    }),
    leadDays: f.number('提前期(工作日)', 'Lead time (working days)', { required: true, int: true, min: 0, max: 365 }),
    safetyStock: f.quantity('安全库存', 'Safety stock', { min: 0 }),
    minLot: f.quantity('最小批量', 'Minimum lot', { min: 0 }),
    lotMultiple: f.quantity('批量倍数', 'Lot multiple', { min: 0 }),
    // shop floor (issue 17): consumed automatically when the first operation reports, instead of picked
    backflush: f.bool('倒冲', 'Backflush'),
  },
});
