import { useTranslation } from 'react-i18next';
import { i18n } from '../../../platform/i18n/index.ts';

/** Texts of the financial workbench (财务工作台), the `finwb` namespace. */
const zh = {
  todo: '待办',
  unaudited: '{{label}}待审核',
  receivableOverdue: '逾期应收（超过 {{days}} 天）',
  payableOverdue: '逾期应付（超过 {{days}} 天）',
  docs: '{{count}} 张单据',
  toClose: '待结账月份',
  toCloseFrom: '自 {{p}} 起',
  allClosed: '无',
  lastClosed: '已结账至 {{p}}',
  figures: '关键数据',
  cash: '现金及银行余额',
  receivable: '应收欠款',
  payable: '应付欠款',
  thisMonth: '本月',
  lastMonth: '上月',
  moneyIn: '收款',
  moneyOut: '付款',
  revenue: '营业收入',
  cost: '营业成本',
  expenses: '费用',
  profit: '利润',
  shortcuts: '快捷入口',
  refresh: '刷新',
};

const en: typeof zh = {
  todo: 'To do',
  unaudited: '{{label}} awaiting audit',
  receivableOverdue: 'Receivables overdue (> {{days}} days)',
  payableOverdue: 'Payables overdue (> {{days}} days)',
  docs: '{{count}} documents',
  toClose: 'Months to close',
  toCloseFrom: 'from {{p}}',
  allClosed: 'none',
  lastClosed: 'closed up to {{p}}',
  figures: 'Key figures',
  cash: 'Cash and bank',
  receivable: 'Receivables',
  payable: 'Payables',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  moneyIn: 'Money in',
  moneyOut: 'Money out',
  revenue: 'Revenue',
  cost: 'Cost of sales',
  expenses: 'Expenses',
  profit: 'Profit',
  shortcuts: 'Shortcuts',
  refresh: 'Refresh',
};

export const FINWB_NS = 'finwb';
i18n.addResourceBundle('zh-CN', FINWB_NS, zh, true, true);
i18n.addResourceBundle('en-US', FINWB_NS, en, true, true);

export function useWorkbenchT() {
  return useTranslation(FINWB_NS);
}
