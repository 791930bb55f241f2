import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n/index.ts';

const NS = 'mfgTasks';
const zh = {
  title: '当日生产任务（按班组）',
  generate: '生成日计划',
  generateConfirm: '按当前排产把本日起一周的工单拆分为每日生产任务？未报工的任务将被重新生成。',
  generated: '已生成 {{created}} 个任务（替换 {{removed}} 个）',
  none: '本日没有生产任务，可点“生成日计划”',
  noTeam: '未指定班组',
  total: '计划 {{qty}}',
  taskNo: '任务号',
  woNo: '工单',
  product: '产品',
  time: '时间',
  qty: '计划数量',
  reported: '已报工',
  status: '状态',
  open: '待生产',
  done: '已完成',
  tasksTab: '生产任务',
  workOrdersTab: '生产工单',
};
const en: typeof zh = {
  title: 'Production tasks of the day (by team)',
  generate: 'Plan days',
  generateConfirm: 'Split the scheduled work orders into daily tasks for the week from this day? Tasks nothing was reported on are made again.',
  generated: '{{created}} tasks made ({{removed}} replaced)',
  none: 'No production tasks this day; press “Plan days”',
  noTeam: 'No team',
  total: 'Planned {{qty}}',
  taskNo: 'Task no.',
  woNo: 'Work order',
  product: 'Product',
  time: 'Time',
  qty: 'Planned',
  reported: 'Reported',
  status: 'Status',
  open: 'Open',
  done: 'Done',
  tasksTab: 'Production tasks',
  workOrdersTab: 'Work orders',
};
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

export const useTaskT = () => useTranslation(NS);
