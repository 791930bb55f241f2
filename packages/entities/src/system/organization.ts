import { defineEntity, f } from '../kit/definition.ts';

/** 机构 (department): a tree through parentId; users belong to several (SPEC §3 Organization). */
export const organization = defineEntity({
  name: 'organization',
  table: 'organization',
  area: 'system',
  kind: 'master',
  label: { zh: '机构', en: 'Organization' },
  menu: '/system/organization',
  nameField: 'name',
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    // required: a department is chosen by its number at /sys/selectDepart
    orgNo: f.text('编号', 'Number', { required: true, unique: true, max: 32, search: 'like', sort: true }),
    name: f.text('名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    parentId: f.parent('上级机构', 'Parent', { search: 'eq' }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
    remark: f.text('备注', 'Remark', { max: 500 }),
  },
});
