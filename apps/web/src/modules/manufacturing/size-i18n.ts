import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n/index.ts';

const NS = 'mfgSizes';
const zh = {
  sizes: '尺码',
  title: '尺码横排 · {{no}}',
  hint: '方向键移动，回车到下一行；每个颜色尺码保存为该款式的一行明细',
  readOnly: '已下达的制造订单只能查看',
  none: '本单没有颜色尺码的产品（同名称型号、有颜色和规格的物料）',
  total: '合计',
  save: '保存尺码',
  saved: '已保存，合计 {{total}}',
  taskTitle: '生产任务尺码 · {{no}}（{{day}}）',
  proposalTitle: '计划生产尺码（需求日期 {{day}}）',
  noGrid: '该产品没有颜色尺码',
};
const en: typeof zh = {
  sizes: 'Sizes',
  title: 'Size grid · {{no}}',
  hint: 'Arrow keys move, Enter goes down; each colour and size is saved as a line of its variant',
  readOnly: 'A released make order can only be viewed',
  none: 'No product of this order comes in colours and sizes (materials of one name and model with colour and specification)',
  total: 'Total',
  save: 'Save sizes',
  saved: 'Saved, total {{total}}',
  taskTitle: 'Task sizes · {{no}} ({{day}})',
  proposalTitle: 'Planned sizes (needed {{day}})',
  noGrid: 'This product has no colours and sizes',
};
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

export const useSizeT = () => useTranslation(NS);
