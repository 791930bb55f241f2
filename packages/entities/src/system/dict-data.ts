import { defineEntity, f } from '../kit/definition.ts';

/** 数据字典项: a company's items of a global dictionary type (dict_type); the type is checked by a hook. */
export const dictData = defineEntity({
  name: 'dictData',
  table: 'dict_data',
  area: 'system',
  kind: 'setting',
  label: { zh: '字典项', en: 'Dictionary item' },
  menu: '/system/dict',
  nameField: 'value',
  nameScope: ['dictType'],
  nameExistsMessage: '字典值已存在',
  status: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    dictType: f.text('字典类型', 'Dictionary type', {
      required: true,
      max: 64,
      search: 'eq',
      sort: true,
      pattern: { regex: '^[a-z0-9_]+$', message: '字典类型格式不正确' },
    }),
    label: f.text('字典标签', 'Label', { required: true, max: 100, search: 'like' }),
    value: f.text('字典键值', 'Value', { required: true, max: 64, search: 'like' }),
    sort: f.number('排序', 'Sort', { int: true, min: 0, max: 99999, sort: true }),
    listClass: f.text('表格样式', 'List class', { max: 50, list: false }),
    cssClass: f.text('样式属性', 'CSS class', { max: 100, list: false }),
    isDefault: f.bool('默认', 'Default'),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});
