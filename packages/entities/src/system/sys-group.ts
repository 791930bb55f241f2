import { defineEntity, f } from '../kit/definition.ts';

/** A group (分组, SPEC §2.2 System): a named set that users, customers or materials are sorted into. */
export const sysGroup = defineEntity({
  name: 'sysGroup',
  table: 'sys_group',
  area: 'system',
  kind: 'master',
  label: { zh: '分组', en: 'Group' },
  menu: '/system/group',
  nameField: 'name',
  nameScope: ['type'],
  nameExistsMessage: '分组名称已存在',
  status: true,
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    name: f.text('分组名称', 'Group name', { required: true, max: 50, search: 'like', sort: true }),
    type: f.enum('分组类型', 'Group type', {
      required: true,
      search: 'eq',
      options: [
        { value: 'user', label: { zh: '用户', en: 'Users' } },
        { value: 'customer', label: { zh: '客户', en: 'Customers' } },
        { value: 'material', label: { zh: '商品', en: 'Materials' } },
      ],
    }),
    code: f.text('编码', 'Code', { max: 30, search: 'like', unique: true }),
    description: f.text('说明', 'Description', { max: 500, multiline: true }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
  },
});
