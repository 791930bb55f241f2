import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { accountBalances, accountFlow, accountStatistics } from './account.queries.ts';
import { incomeExpense, incomeStatement, partnerStatement, trialBalance } from './ledger.queries.ts';
import { ageing, chartList, generalLedger } from './ledger-detail.queries.ts';
import { defineFinReport } from './fin-report.ts';
import { badRequest } from '../../../platform/errors.ts';
import { allowedIds } from '../../../platform/auth/data-scope.ts';
import { partnerDayStatement } from './day-statement.queries.ts';

const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');
const id = z.coerce.number().int().positive();
const DAY = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), '日期无效');
const ACCOUNT_MENUS = ['/system/account', '/financial/account_statistics', '/report/account_report'];
const LEDGER_MENUS = ['/financial/trial_balance', '/financial/general_ledger'];
const money = (key: string, header: string) => ({ key, header, width: 14 });
const months = (f: { beginMonth: string; endMonth: string }) => {
  if (f.beginMonth > f.endMonth) throw badRequest('开始月份不能晚于结束月份');
};

export const ledgerRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/account/getStatistics',
    summary: 'Settlement accounts: the balance now and this month’s movement (账户统计)',
    tags: ['account'],
    access: { menu: ACCOUNT_MENUS },
    query: z.strictObject({ name: z.string().trim().max(50).optional(), serialNo: z.string().trim().max(50).optional() }),
    handler: ({ tx, session, query }) => accountStatistics(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/finance/chart',
    summary: 'The chart of accounts (for the general ledger’s account picker)',
    tags: ['finance'],
    access: { menu: LEDGER_MENUS },
    handler: ({ tx, session }) => chartList(tx, session.tenantId),
  }),
  ...defineFinReport({
    url: '/finance/accountBalances',
    menu: ACCOUNT_MENUS,
    title: '账户统计',
    summary: 'Per settlement account: the initial amount, this month’s movement and the balance now (账户统计)',
    tags: ['account'],
    filters: { name: z.string().trim().max(50).optional(), serialNo: z.string().trim().max(50).optional() },
    columns: [
      { key: 'name', header: '账户名称', width: 20 },
      { key: 'serialNo', header: '编号' },
      money('initialAmount', '期初金额'),
      money('monthAmount', '本月发生额'),
      money('currentAmount', '当前余额'),
    ],
    run: (tx, s, f, page) => accountBalances(tx, s.tenantId, f, page),
  }),
  ...defineFinReport({
    url: '/account/findAccountInOutList',
    menu: ACCOUNT_MENUS,
    title: '账户流水',
    summary: 'One settlement account’s movements with the document and the balance after each (账户流水)',
    tags: ['account'],
    filters: { accountId: id },
    columns: [
      { key: 'operTime', header: '日期' },
      { key: 'number', header: '单据编号', width: 22 },
      { key: 'type', header: '类型' },
      { key: 'organName', header: '往来单位', width: 18 },
      money('changeAmount', '金额'),
      money('balance', '余额'),
    ],
    run: (tx, s, f, page) => accountFlow(tx, s.tenantId, f.accountId, page),
  }),
  ...defineFinReport({
    url: '/finance/trialBalance',
    menu: [...LEDGER_MENUS, '/financial/account_statistics', '/report/account_report'],
    title: '试算平衡表',
    summary: 'Trial balance of a month: per account the opening balance, the month’s debits and credits, the closing balance',
    filters: { period: MONTH },
    columns: [
      { key: 'code', header: '科目编码' },
      { key: 'name', header: '科目名称', width: 24 },
      money('opening', '期初余额'),
      money('debit', '本期借方'),
      money('credit', '本期贷方'),
      money('closing', '期末余额'),
    ],
    run: (tx, s, f, page) => trialBalance(tx, s.tenantId, f.period, page),
  }),
  ...defineFinReport({
    url: '/finance/generalLedger',
    menu: LEDGER_MENUS,
    title: '明细账',
    summary: 'General ledger: the lines of one account or one partner’s sub-ledgers over a range of months, with the document and the balance after each',
    filters: { accountId: id.optional(), organId: id.optional(), beginMonth: MONTH, endMonth: MONTH },
    columns: [
      { key: 'operTime', header: '日期' },
      { key: 'number', header: '单据编号', width: 22 },
      { key: 'docType', header: '单据类型' },
      { key: 'accountName', header: '科目', width: 20 },
      { key: 'organName', header: '往来单位', width: 18 },
      money('debit', '借方'),
      money('credit', '贷方'),
      money('balance', '余额'),
    ],
    run: (tx, s, f, page) => {
      months(f);
      if (!f.accountId && !f.organId) throw badRequest('请选择科目或往来单位');
      return generalLedger(tx, s.tenantId, f, page);
    },
  }),
  ...defineFinReport({
    url: '/finance/partnerStatement',
    menu: ['/report/customer_account', '/report/vendor_account'],
    title: '对账单',
    summary: 'Customer or supplier reconciliation: per partner the opening balance, the months’ debits and credits, the closing balance',
    filters: { type: z.enum(['客户', '供应商', '会员']), beginMonth: MONTH, endMonth: MONTH, organId: id.optional() },
    columns: [
      { key: 'organName', header: '往来单位', width: 24 },
      money('opening', '期初余额'),
      money('debit', '本期借方'),
      money('credit', '本期贷方'),
      money('closing', '期末余额'),
    ],
    run: (tx, s, f, page) => {
      months(f);
      return partnerStatement(tx, s.tenantId, { ...f, ...page });
    },
  }),
  ...defineFinReport({
    url: '/finance/partnerDayStatement',
    menu: ['/report/customer_account', '/report/vendor_account'],
    title: '对账单',
    summary:
      'Customer or supplier reconciliation by day: per partner the balance before the first day, what the days’ documents added and their receipts or payments settled, the closing balance',
    filters: { type: z.enum(['客户', '供应商', '会员']), beginTime: DAY, endTime: DAY, organId: id.optional(), hasDebt: z.enum(['0', '1']).optional() },
    columns: [
      { key: 'organName', header: '往来单位', width: 24 },
      { key: 'contacts', header: '联系人' },
      { key: 'phone', header: '手机号码' },
      money('opening', '期初余额'),
      money('documents', '本期单据'),
      money('settlements', '本期收付款'),
      money('closing', '期末余额'),
    ],
    run: async (tx, s, f, page) => {
      if (f.beginTime > f.endTime) throw badRequest('开始日期不能晚于结束日期');
      const scope = f.type === '客户' ? await allowedIds(tx, s, 'customer') : null;
      return partnerDayStatement(tx, s.tenantId, { ...f, scope }, page);
    },
  }),
  ...defineFinReport({
    url: '/finance/ageing',
    menu: ['/financial/receivable_ageing', '/financial/payable_ageing'],
    title: '账龄分析',
    summary: 'Receivable (应收) or payable (应付) ageing: per partner what its documents still owe, by age 0–30, 31–60, 61–90, over 90 days',
    filters: {
      type: z.enum(['应收', '应付']),
      organId: id.optional(),
      asOf: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
        .optional(),
    },
    columns: [
      { key: 'organName', header: '往来单位', width: 24 },
      { key: 'docs', header: '单据数' },
      money('total', '欠款合计'),
      money('d0_30', '0-30天'),
      money('d31_60', '31-60天'),
      money('d61_90', '61-90天'),
      money('d90', '90天以上'),
    ],
    run: (tx, s, f, page) => ageing(tx, s.tenantId, f, page),
  }),
  ...defineFinReport({
    url: '/finance/incomeStatement',
    menu: '/report/income_statement',
    title: '利润表',
    summary: 'Income statement by month of a year: revenue, cost, gross profit, other income, expenses, profit',
    filters: { year: z.coerce.number().int().min(2000).max(2100) },
    columns: [
      { key: 'month', header: '月份' },
      { ...money('revenue', '营业收入'), price: true },
      { ...money('cost', '营业成本'), price: true },
      { ...money('grossProfit', '毛利'), price: true },
      money('otherIncome', '其他收入'),
      money('expenses', '费用'),
      { ...money('profit', '利润'), price: true },
    ],
    run: (tx, s, f) => incomeStatement(tx, s.tenantId, f.year),
  }),
  ...defineFinReport({
    url: '/finance/incomeExpense',
    menu: '/report/income_expense',
    title: '收支报表',
    summary: 'Income and expenses of a range of months per income or expense account (收支报表)',
    filters: { beginMonth: MONTH, endMonth: MONTH },
    columns: [{ key: 'code', header: '科目编码' }, { key: 'name', header: '科目名称', width: 24 }, money('income', '收入'), money('expense', '支出')],
    run: (tx, s, f, page) => {
      months(f);
      return incomeExpense(tx, s.tenantId, f, page);
    },
  }),
];
