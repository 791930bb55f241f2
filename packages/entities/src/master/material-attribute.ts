import { defineEntity, f } from '../kit/definition.ts';

/** An attribute for SKU variants (colour, size …) with its values joined by '|'. */
export const materialAttribute = defineEntity({
  name: 'materialAttribute',
  table: 'material_attribute',
  area: 'master',
  kind: 'master',
  label: { zh: '多属性', en: 'Attribute' },
  menu: '/material/material_attribute',
  nameField: 'attributeName',
  softDelete: true,
  fields: {
    attributeName: f.text('属性名', 'Attribute', { required: true, max: 50, search: 'like', sort: true }),
    attributeValue: f.text('属性值', 'Values', {
      required: true,
      max: 1000,
      pattern: { regex: '^[^|]+(\\|[^|]+)*$', message: '属性值用|分隔，且不能为空' },
    }),
  },
});
