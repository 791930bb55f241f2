import { defineEntity, f } from '../kit/definition.ts';

/**
 * 项目分类 (SPEC §2.2 project settings: classification; issue 19): a tree of project categories. A project names one
 * (`categoryId`, chosen from the tree on the project form); the project list filters by a category and its subtree.
 */
export const projectCategory = defineEntity({
  name: 'projectCategory',
  table: 'proj_category',
  area: 'project',
  kind: 'master',
  label: { zh: '项目分类', en: 'Project category' },
  menu: '/project/category',
  nameField: 'name',
  nameScope: ['parentId'],
  nameExistsMessage: '同一上级下已有此名称的分类',
  status: true,
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    name: f.text('分类名称', 'Name', { required: true, max: 50, search: 'like', sort: true }),
    parentId: f.parent('上级分类', 'Parent', { search: 'eq' }),
    code: f.text('分类编码', 'Code', { max: 30, search: 'like', unique: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
    remark: f.text('备注', 'Remark', { max: 200 }),
  },
});
