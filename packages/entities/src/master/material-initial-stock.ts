import { defineEntity, f } from '../kit/definition.ts';

/** A material's opening stock and safety-stock limits in one warehouse. */
export const materialInitialStock = defineEntity({
  name: 'materialInitialStock',
  table: 'material_initial_stock',
  area: 'master',
  kind: 'line',
  label: { zh: '期初库存', en: 'Opening stock' },
  menu: '/material/material',
  nameField: 'depotId',
  nameScope: ['materialId'],
  nameExistsMessage: '同一仓库只能设置一行期初库存',
  fields: {
    materialId: f.link('商品', 'Material', { entity: 'material', required: true }),
    depotId: f.link('仓库', 'Warehouse', { entity: 'depot', required: true }),
    initNumber: f.quantity('期初数量', 'Opening quantity', { min: 0 }),
    lowSafeStock: f.quantity('最低安全库存', 'Min safety stock', { min: 0 }),
    highSafeStock: f.quantity('最高安全库存', 'Max safety stock', { min: 0 }),
  },
});
