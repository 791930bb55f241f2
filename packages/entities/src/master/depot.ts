import { defineEntity, f } from '../kit/definition.ts';

export const depot = defineEntity({
  name: 'depot',
  table: 'depot',
  area: 'master',
  kind: 'master',
  label: { zh: '仓库', en: 'Warehouse' },
  menu: '/system/depot',
  nameField: 'name',
  status: true,
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    name: f.text('仓库名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    address: f.text('仓库地址', 'Address', { max: 200, search: 'like' }),
    warehousing: f.money('仓储费', 'Storage fee', { min: 0 }),
    truckage: f.money('搬运费', 'Removal fee', { min: 0 }),
    principal: f.link('负责人', 'Head', { entity: 'person', display: 'name' }),
    isDefault: f.bool('默认', 'Default', { exclusive: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
    remark: f.text('备注', 'Remark', { max: 500, search: 'like' }),
  },
});
