import { defineEntity, f } from '../kit/definition.ts';

/** A position on the shop floor (岗位管理, SPEC §2 process routes): processes and work reports name who does the work. */
export const post = defineEntity({
  name: 'post',
  table: 'post',
  area: 'manufacturing',
  kind: 'master',
  label: { zh: '岗位', en: 'Position' },
  menu: '/process/post',
  nameField: 'name',
  nameExistsMessage: '岗位名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('岗位名称', 'Position name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('岗位编码', 'Code', { max: 30, search: 'like', unique: true }),
    description: f.text('岗位职责', 'Duties', { max: 500, multiline: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});
