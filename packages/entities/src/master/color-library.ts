import { defineEntity, f } from '../kit/definition.ts';

export const colorLibrary = defineEntity({
  name: 'colorLibrary',
  table: 'color_library',
  area: 'master',
  kind: 'master',
  label: { zh: '颜色库', en: 'Colour library' },
  menu: '/material/color_library',
  nameField: 'name',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('颜色名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('颜色编码', 'Code', { max: 20, search: 'like', pattern: { regex: '^[A-Za-z0-9#-]+$', message: '颜色编码只能包含字母、数字、#和-' } }),
    hex: f.text('色值', 'Hex', { max: 7, pattern: { regex: '^#[0-9A-Fa-f]{6}$', message: '色值格式应为 #RRGGBB' } }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});
