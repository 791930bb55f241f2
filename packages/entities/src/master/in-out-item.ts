import { defineEntity, f } from '../kit/definition.ts';

export const inOutItem = defineEntity({
  name: 'inOutItem',
  table: 'in_out_item',
  area: 'master',
  kind: 'master',
  label: { zh: '收支项目', en: 'In/out item' },
  menu: '/system/in_out_item',
  nameField: 'name',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    type: f.enum('类型', 'Type', {
      required: true,
      search: 'eq',
      options: [
        { value: '收入', label: { zh: '收入', en: 'Income' } },
        { value: '支出', label: { zh: '支出', en: 'Expense' } },
      ],
    }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});
