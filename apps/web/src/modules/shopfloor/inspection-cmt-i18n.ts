import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n/index.ts';

const NS = 'shopfloorInspectionCmt';
const zh = {
  generate: '生成到期点检任务',
  generateHint: '点检任务每天 00:10 由后台任务按工作中心的工作日历自动生成；也可立即生成截至今天到期的任务。',
  generated: '已生成点检任务 {{n}} 条',
  wo: {
    pick: '领料',
    return: '退料',
    receipt: '完工入库',
    depot: '仓库',
    material: '物料',
    qty: '数量',
    qtyHint: '留空则全部入库',
    pickHint: '领取工单未领的全部物料（倒冲物料除外）',
  },
  parts: { title: '备件', cost: '维修成本', depot: '仓库', material: '备件', qty: '数量', issue: '领用', none: '尚未领用备件' },
  cmt: {
    from: '开始日期',
    to: '结束日期',
    query: '查询',
    supplier: '委外供应商',
    material: '物料',
    sent: '发出数量',
    returned: '退回数量',
    consumed: '耗用数量',
    balance: '供应商结存',
    balanceValue: '结存金额',
    fee: '加工费',
    paid: '已付',
    owed: '未付',
    goods: '收回成品',
    empty: '期间内没有委外发料或委外入库',
  },
};
const en: typeof zh = {
  generate: 'Create due inspection tasks',
  generateHint:
    "Inspection tasks are created every day at 00:10 by a background job, on the work centre's working calendar; this creates the tasks due up to today now.",
  generated: '{{n}} inspection tasks created',
  wo: {
    pick: 'Pick',
    return: 'Return',
    receipt: 'Receive',
    depot: 'Warehouse',
    material: 'Material',
    qty: 'Quantity',
    qtyHint: 'Empty: everything not yet received',
    pickHint: 'Picks every open requirement of the work order (backflushed materials excepted)',
  },
  parts: {
    title: 'Spare parts',
    cost: 'Repair cost',
    depot: 'Warehouse',
    material: 'Spare part',
    qty: 'Quantity',
    issue: 'Issue',
    none: 'No spare parts issued yet',
  },
  cmt: {
    from: 'From',
    to: 'To',
    query: 'Query',
    supplier: 'Outsourcing supplier',
    material: 'Material',
    sent: 'Sent',
    returned: 'Returned',
    consumed: 'Consumed',
    balance: 'Held at supplier',
    balanceValue: 'Held value',
    fee: 'Processing fee',
    paid: 'Paid',
    owed: 'Owed',
    goods: 'Goods received',
    empty: 'No outsourcing sent or received in the period',
  },
};
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en-US', NS, en, true, true);

export const useInspectionCmtT = () => useTranslation(NS);
