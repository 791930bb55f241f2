import { defineEntity, f } from '../kit/definition.ts';

/** A position status (岗位状态, SPEC §2.2 System): the states a position or its holder can be in (在岗, 休假 …). */
export const positionStatus = defineEntity({
  name: 'positionStatus',
  table: 'position_status',
  area: 'system',
  kind: 'master',
  label: { zh: '岗位状态', en: 'Position status' },
  menu: '/system/position_status',
  nameField: 'name',
  nameExistsMessage: '岗位状态名称已存在',
  status: true,
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    name: f.text('状态名称', 'Status name', { required: true, max: 30, search: 'like', sort: true }),
    code: f.text('编码', 'Code', { max: 30, search: 'like', unique: true }),
    available: f.bool('可派工', 'Assignable', {}),
    description: f.text('说明', 'Description', { max: 500, multiline: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});
