import { defineEntity, f } from '../kit/definition.ts';
/** 自定义字段: an extra input a company adds to a master entity's form. */
export const customField = defineEntity({
  name: 'customField',
  table: 'custom_field',
  area: 'system',
  kind: 'setting',
  label: { zh: '自定义字段', en: 'Custom field' },
  menu: '/system/custom_field',
  nameField: 'label',
  nameScope: ['entity'],
  nameExistsMessage: '该资料已有同名字段',
  status: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    entity: f.enum('所属资料', 'Entity', {
      required: true,
      search: 'eq',
      // every master entity of the registry, filled in by registry.ts (which imports this file)
      options: [],
    }),
    label: f.text('字段名称', 'Field label', { required: true, max: 50, search: 'like', sort: true }),
    fieldType: f.enum('字段类型', 'Field type', {
      required: true,
      search: 'eq',
      options: [
        { value: 'text', label: { zh: '文本', en: 'Text' } },
        { value: 'number', label: { zh: '数字', en: 'Number' } },
        { value: 'date', label: { zh: '日期', en: 'Date' } },
        { value: 'select', label: { zh: '下拉选择', en: 'Select' } },
      ],
    }),
    options: f.text('选项', 'Options', { max: 1000, multiline: true }),
    required: f.bool('必填', 'Required'),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});
