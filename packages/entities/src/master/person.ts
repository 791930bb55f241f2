import { defineEntity, f } from '../kit/definition.ts';

export const person = defineEntity({
  name: 'person',
  table: 'person',
  area: 'master',
  kind: 'master',
  label: { zh: '经手人', en: 'Handler' },
  menu: '/system/person',
  nameField: 'name',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('姓名', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    type: f.enum('类型', 'Type', {
      required: true,
      search: 'eq',
      options: [
        { value: '业务员', label: { zh: '业务员', en: 'Salesperson' } },
        { value: '仓管员', label: { zh: '仓管员', en: 'Warehouse keeper' } },
        { value: '财务员', label: { zh: '财务员', en: 'Accountant' } },
      ],
    }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});
