import { defineEntity, f } from '../kit/definition.ts';

/** What an outsourcing supplier charges to make one unit of a material (委外价格, issue 17). */
export const outsourcePrice = defineEntity({
  name: 'outsourcePrice',
  table: 'sf_outsource_price',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '委外价格', en: 'Outsourcing price' },
  menu: '/material/outsource_price',
  nameField: 'materialId',
  nameScope: ['supplierId'],
  nameExistsMessage: '该供应商的此物料已有委外价格',
  fields: {
    supplierId: f.link('委外供应商', 'Supplier', { entity: 'supplier', required: true, search: 'eq' }),
    materialId: f.link('物料', 'Material', { entity: 'material', required: true, search: 'eq' }),
    price: f.money('加工单价', 'Unit price', { required: true, min: 0 }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});
