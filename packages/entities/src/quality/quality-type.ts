import { defineEntity, f } from '../kit/definition.ts';

/** A kind of quality check (质检类型, SPEC §2.2 Other: quality type): quality projects and templates name one. */
export const qualityType = defineEntity({
  name: 'qualityType',
  table: 'quality_type',
  area: 'quality',
  kind: 'master',
  label: { zh: '质检类型', en: 'Quality type' },
  menu: '/quality/type',
  nameField: 'name',
  nameExistsMessage: '质检类型名称已存在',
  status: true,
  softDelete: true,
  fields: {
    name: f.text('名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    code: f.text('编码', 'Code', { max: 30, search: 'like', unique: true }),
    remark: f.text('备注', 'Remark', { max: 200 }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});
