import { defineEntity, f } from '../kit/definition.ts';

/**
 * A reservoir area (库区/库位, SPEC §2.2 System): a location or bin inside a warehouse. When the system setting
 * 启用库区 is on, inbound lines name the area the goods are put into (checked to belong to the line's warehouse).
 */
export const reservoirArea = defineEntity({
  name: 'reservoirArea',
  table: 'reservoir_area',
  area: 'system',
  kind: 'master',
  label: { zh: '库区', en: 'Reservoir area' },
  menu: '/system/reservoir_area',
  nameField: 'name',
  nameScope: ['depotId'],
  nameExistsMessage: '该仓库已有同名库区',
  status: true,
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    name: f.text('库区名称', 'Area name', { required: true, max: 50, search: 'like', sort: true }),
    depotId: f.link('仓库', 'Warehouse', { entity: 'depot', display: 'name', required: true, search: 'eq' }),
    code: f.text('编码', 'Code', { max: 30, search: 'like', unique: true }),
    type: f.enum('类型', 'Type', {
      required: true,
      search: 'eq',
      options: [
        { value: 'area', label: { zh: '库区', en: 'Area' } },
        { value: 'bin', label: { zh: '库位', en: 'Bin' } },
      ],
    }),
    capacity: f.quantity('容量', 'Capacity', { min: 0 }),
    description: f.text('说明', 'Description', { max: 500, multiline: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});
