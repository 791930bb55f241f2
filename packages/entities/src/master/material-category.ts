import { defineEntity, f } from '../kit/definition.ts';

export const materialCategory = defineEntity({
  name: 'materialCategory',
  table: 'material_category',
  area: 'master',
  kind: 'master',
  label: { zh: '商品类别', en: 'Material category' },
  menu: '/material/material_category',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    name: f.text('名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    parentId: f.parent('上级类别', 'Parent', { search: 'eq' }),
    serialNo: f.text('编号', 'Number', { max: 50, search: 'like', sort: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});
