import { useTranslation } from 'react-i18next';
import { i18n } from '../../../platform/i18n/index.ts';

/** Texts of the period-close screen (期末结账), the `finperiod` namespace. */
const zh = {
  period: '会计期间',
  status: '状态',
  closed: '已结账',
  open: '未结账',
  closedTime: '结账时间',
  entries: '凭证数',
  last: '最近操作',
  close: '结账',
  reopen: '反结账',
  balances: '期末余额',
  closeConfirm: '结账 {{p}}？之前未结账的月份一并结账，结账后不能再记账到这些月份。',
  closedMsg: '已结账：{{list}}',
  reopenedMsg: '已反结账 {{p}}',
  reason: '反结账原因',
  reasonRequired: '请填写反结账原因',
  action: { close: '结账', reopen: '反结账' },
  closeMonth: '结账至',
  balancesTitle: '{{p}} 期末余额',
  code: '科目编码',
  name: '科目名称',
  organName: '往来单位',
  debit: '累计借方',
  credit: '累计贷方',
  balance: '期末余额',
  total: '合计',
  pageTotal: '共 {{total}} 条',
};
const en: typeof zh = {
  period: 'Period',
  status: 'Status',
  closed: 'Closed',
  open: 'Open',
  closedTime: 'Closed at',
  entries: 'Entries',
  last: 'Last action',
  close: 'Close',
  reopen: 'Reopen',
  balances: 'Closing balances',
  closeConfirm: 'Close {{p}}? Earlier open months close with it; nothing can be posted into them afterwards.',
  closedMsg: 'Closed: {{list}}',
  reopenedMsg: 'Reopened {{p}}',
  reason: 'Reason for reopening',
  reasonRequired: 'Give the reason for reopening',
  action: { close: 'Closed', reopen: 'Reopened' },
  closeMonth: 'Close through',
  balancesTitle: 'Closing balances of {{p}}',
  code: 'Code',
  name: 'Account',
  organName: 'Partner',
  debit: 'Debits to date',
  credit: 'Credits to date',
  balance: 'Closing balance',
  total: 'Total',
  pageTotal: '{{total}} rows',
};

export const FINPERIOD_NS = 'finperiod';
i18n.addResourceBundle('zh-CN', FINPERIOD_NS, zh, true, true);
i18n.addResourceBundle('en-US', FINPERIOD_NS, en, true, true);

export function usePeriodT() {
  return useTranslation(FINPERIOD_NS);
}
