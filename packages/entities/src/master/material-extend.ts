import { defineEntity, f } from '../kit/definition.ts';

/** A barcode of a material in one of its units, with that unit's prices (materialsExtend). */
export const materialExtend = defineEntity({
  name: 'materialExtend',
  table: 'material_extend',
  area: 'master',
  kind: 'line',
  label: { zh: '商品条码', en: 'Barcode' },
  menu: '/material/material',
  nameField: 'barCode',
  nameExistsMessage: '条码已存在',
  softDelete: true,
  fields: {
    materialId: f.link('商品', 'Material', { entity: 'material', required: true }),
    barCode: f.text('条码', 'Barcode', {
      required: true,
      max: 50,
      search: 'like',
      pattern: { regex: '^[A-Za-z0-9_-]+$', message: '条码只能包含字母、数字、_和-' },
    }),
    commodityUnit: f.text('单位', 'Unit', { required: true, max: 20 }),
    sku: f.text('多属性', 'SKU', { max: 200 }),
    // purchase prices are what price masking hides from sales roles
    purchaseDecimal: f.money('采购价', 'Purchase price', { min: 0, price: true }),
    commodityDecimal: f.money('零售价', 'Retail price', { min: 0 }),
    wholesaleDecimal: f.money('销售价', 'Sales price', { min: 0 }),
    lowDecimal: f.money('最低售价', 'Lowest price', { min: 0 }),
    defaultFlag: f.bool('基础条码', 'Base barcode'),
  },
});
