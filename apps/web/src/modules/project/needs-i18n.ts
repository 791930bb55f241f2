import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n/index.ts';

const NS = 'procurementNeeds';
const zh = {
  project: '项目',
  material: '商品',
  standard: '规格',
  unit: '单位',
  qty: '数量',
  needDate: '需求日期',
  status: '状态',
  s: { open: '待请购', requested: '已请购' },
  request: '请购单',
  remark: '备注',
  add: '新建采购需求',
  toRequest: '生成请购单',
  pickProject: '请先选择项目',
  pickOpen: '请选择同一项目的待请购需求',
  made: '已生成请购单 {{number}}',
  saved: '已保存',
  save: '保存',
  noProject: '请从采购需求列表选择项目后新建',
  required: '请输入{{f}}',
  search: '搜索商品名称或条码',
};
const en: typeof zh = {
  project: 'Project',
  material: 'Material',
  standard: 'Spec',
  unit: 'Unit',
  qty: 'Quantity',
  needDate: 'Needed by',
  status: 'Status',
  s: { open: 'Open', requested: 'Requested' },
  request: 'Purchase request',
  remark: 'Remark',
  add: 'New need',
  toRequest: 'Make purchase request',
  pickProject: 'Choose a project first',
  pickOpen: 'Select open needs of one project',
  made: 'Purchase request {{number}} made',
  saved: 'Saved',
  save: 'Save',
  noProject: 'Choose a project in the procurement needs list first',
  required: 'Enter the {{f}}',
  search: 'Search by name or barcode',
};
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

export const useNeedsT = () => useTranslation(NS);
