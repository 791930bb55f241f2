import { defineEntity, f } from '../kit/definition.ts';

/** 角色: menu and button grants and data scope hang off a role (SPEC §3 Role, §6). */
export const role = defineEntity({
  name: 'role',
  table: 'role',
  area: 'system',
  kind: 'master',
  label: { zh: '角色', en: 'Role' },
  menu: '/system/role',
  nameField: 'name',
  status: true,
  softDelete: true,
  defaultSort: { field: 'sort', order: 'ascend' },
  fields: {
    name: f.text('角色名称', 'Role name', { required: true, max: 50, search: 'like', sort: true }),
    type: f.enum('数据类型', 'Data type', {
      required: true,
      search: 'eq',
      options: [
        { value: '全部数据', label: { zh: '全部数据', en: 'All data' } },
        { value: '本机构数据', label: { zh: '本机构数据', en: 'Own organization' } },
        { value: '个人数据', label: { zh: '个人数据', en: 'Own data' } },
      ],
    }),
    priceMasking: f.bool('屏蔽价格', 'Price masking'),
    board: f.text('首页看板', 'Dashboard', { max: 200 }),
    sort: f.text('排序', 'Sort', { max: 10, sort: true }),
    description: f.text('描述', 'Description', { max: 500 }),
  },
});
