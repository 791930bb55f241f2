import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n/index.ts';

/** Texts of the function (menu) administration and the per-user assignment screens (namespace `sysfunc`). */
const zh = {
  number: '编号',
  parentNumber: '上级编号',
  name: '名称',
  englishName: '英文名',
  url: '链接',
  sort: '排序',
  enabled: '显示',
  origin: '来源',
  seed: '内置',
  custom: '新增',
  edited: '已修改',
  action: '操作',
  add: '新增菜单',
  edit: '编辑',
  delete: '删除',
  deleteConfirm: '确定删除菜单“{{name}}”吗？',
  save: '保存',
  cancel: '取消',
  saved: '保存成功',
  search: '名称或英文名',
  numberTaken: '编号已存在',
  seedHint: '内置菜单只能修改名称、英文名、排序和显示；隐藏后该菜单从所有用户的菜单中消失，其功能被拒绝。',
  required: '请输入{{label}}',
  assign: '数据权限',
  assignTitle: '用户数据权限 - {{name}}',
  assignHint: '为该用户单独指定仓库和客户，代替其角色的数据权限（系统配置中开启“仓库权限”或“客户权限”后生效）；清空表示按角色。',
  depots: '仓库',
  customers: '客户',
};
const en: typeof zh = {
  number: 'Number',
  parentNumber: 'Parent number',
  name: 'Name',
  englishName: 'English name',
  url: 'URL',
  sort: 'Order',
  enabled: 'Shown',
  origin: 'Origin',
  seed: 'Built in',
  custom: 'Added',
  edited: 'Edited',
  action: 'Actions',
  add: 'Add menu entry',
  edit: 'Edit',
  delete: 'Delete',
  deleteConfirm: 'Delete the menu entry “{{name}}”?',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Saved',
  search: 'Name or English name',
  numberTaken: 'The number is taken',
  seedHint: 'A built-in entry takes a new name, English name, order and visibility only; a hidden entry leaves every menu and its calls are refused.',
  required: 'Enter the {{label}}',
  assign: 'Data scope',
  assignTitle: 'User data scope - {{name}}',
  assignHint:
    'Warehouses and customers of this user alone, instead of their roles’ scope (applies when warehouse or customer permissions are on); empty means by role.',
  depots: 'Warehouses',
  customers: 'Customers',
};

const NS = 'sysfunc';
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

export function useFunctionT() {
  return useTranslation(NS);
}
